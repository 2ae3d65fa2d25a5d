// The closed lists of what the app records: notification types (notifications.type), audit actions
// (user_activity_logs.action) and prototype timeline events (prototype_timeline.event). The columns
// stay text; these lists make TypeScript refuse a name nobody declared. Add a new name here first.

export const NOTIFICATION_TYPES = [
  // Prototype workflow
  'prototype_submitted',
  'prototype_under_review',
  'prototype_approved',
  'prototype_rejected',
  'quote_provided',
  'quote_accepted',
  'quote_rejected',
  'quote_response',
  // Evaluation
  'prototype_stage_changed',
  'development_started',
  'prototype_deployed',
  'quote_revised',
  'review_assigned',
  'evaluation_released',
  'milestone_set',
  'info_requested',
  'info_answered',
  'review_due_soon',
  'review_due_today',
  'milestone_overdue',
  // Messages and announcements
  'message_reply',
  'admin_message',
  'announcement',
  // Payouts
  'payout_completed',
  'payout_failed',
  'payout_reversed',
  'payout_account_ready',
  'payout_bank_failed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const TIMELINE_EVENTS = [
  'submitted',
  'document_uploaded',
  'status_changed',
  'quote_provided',
  'quote_accepted',
  'quote_rejected',
  'quote_response',
  'priority_changed',
  'assigned',
  'comments_updated',
  // Evaluation
  'stage_changed',
  'development_started',
  'deployed',
  'quote_revised',
  'reviewers_assigned',
  'scorecard_submitted',
  'evaluation_finalised',
  'evaluation_released',
  'milestone_set',
  'info_requested',
  'info_answered',
] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];

export const AUDIT_ACTIONS = [
  // Sign-in and account
  'auth.register',
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.session_ended',
  'auth.other_sessions_ended',
  'auth.password_reset.requested',
  'auth.password_reset.completed',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'auth.recovery_codes_replaced',
  'user.profile_updated',
  // Seller
  'prototype.submitted',
  'prototype.quote_response',
  'prototype.info_answer',
  'document.opened',
  'message.reply',
  'message.start',
  // Admin: prototypes (admin.prototype.<workflow action or field>)
  'admin.prototype.startReview',
  'admin.prototype.approve',
  'admin.prototype.reject',
  'admin.prototype.quote',
  'admin.prototype.acceptQuote',
  'admin.prototype.rejectQuote',
  'admin.prototype.priority_changed',
  'admin.prototype.assigned',
  'admin.prototype.comments_updated',
  'admin.prototype.stage',
  'admin.prototype.startDevelopment',
  'admin.prototype.markDeployed',
  'admin.prototype.reviseQuote',
  'admin.prototype.reviewers',
  'admin.prototype.scorecard',
  'admin.prototype.evaluation',
  'admin.prototype.release',
  'admin.prototype.infoRequest',
  // Admin: users
  'admin.user.activate',
  'admin.user.restrict',
  'admin.user.ban',
  'admin.user.verify',
  'admin.user.unverify',
  'admin.user.password_reset',
  'admin.user.delete',
  // Admin: messages, announcements, contact, exports
  'admin.message.send',
  'admin.message.reply',
  'admin.bulk.draft',
  'admin.bulk.schedule',
  'admin.bulk.send',
  'admin.bulk.cancel',
  'admin.contact.handled',
  'admin.contact.reopened',
  'admin.export.prototypes',
  'admin.export.activity',
  // Payouts
  'admin.payout.started',
  'admin.payout.completed',
  'admin.payout.failed',
  'stripe.transfer.reversed',
  'stripe.transfer.failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
