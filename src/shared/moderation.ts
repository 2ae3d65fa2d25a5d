// Trust and safety's closed lists (issue 15, ADR 0016): warnings, the measures a user may appeal, the
// appeal window, support tickets and concern reports. Server schemas, screens and tests read them here.

export const WARNING_TYPES = ['conduct', 'content', 'payment', 'security', 'other'] as const;
export type WarningType = (typeof WARNING_TYPES)[number];

export const WARNING_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type WarningSeverity = (typeof WARNING_SEVERITIES)[number];

/** What a user may appeal, once each (account_measures holds restrictions and bans). */
export const MEASURE_TYPES = ['warning', 'restriction', 'suspension', 'ban'] as const;
export type MeasureType = (typeof MEASURE_TYPES)[number];

export const ACCOUNT_MEASURE_KINDS = ['restriction', 'ban'] as const;
export type AccountMeasureKind = (typeof ACCOUNT_MEASURE_KINDS)[number];

/** An appeal is accepted up to this many days after the measure was taken. */
export const APPEAL_WINDOW_DAYS = 20;

export const APPEAL_OUTCOMES = ['upheld', 'reversed'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

export const TICKET_CATEGORIES = ['account', 'prototype', 'payout', 'technical', 'appeal', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_STATUSES = ['open', 'in_progress', 'waiting_on_user', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const REPORT_TARGET_TYPES = ['prototype', 'message', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['ip_dispute', 'export_control', 'safety', 'misleading_claims', 'harassment', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['pending', 'reviewed', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** A report is open (one per reporter and target) until it is resolved or dismissed. */
export const OPEN_REPORT_STATUSES: readonly ReportStatus[] = ['pending', 'reviewed'];
