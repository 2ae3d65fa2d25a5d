// Notifications (spec section 3): the bell's list and count, mark one or all read, the e-mail
// preference, and for admins the e-mail outbox and bulk notifications. Thin: validate, call
// domain/notification-inbox.ts and domain/bulk-notifications.ts.
import { audienceInput, bulkCreateInput, bulkIdInput, bulkSendInput, emailPreferenceInput, notificationIdInput } from '~/shared/schemas/messages.ts';
import type { Context } from '../context.ts';
import { type BulkDeps, cancelBulk, countAudience, createBulk, listBulk, sendBulk } from '../domain/bulk-notifications.ts';
import {
  type InboxReader,
  emailOutbox,
  markAllNotificationsRead,
  markNotificationRead,
  ownNotifications,
  setEmailPreference,
  unreadCount,
} from '../domain/notification-inbox.ts';
import { adminProcedure, capabilityProcedure, protectedProcedure, router } from '../trpc.ts';

// The capability each change needs (ADR 0019).
const bulkProcedure = capabilityProcedure('notifications.bulk');

const bulkDeps = (ctx: Context & { user: NonNullable<Context['user']> }): BulkDeps => ({
  db: ctx.db,
  meta: ctx.meta,
  actorId: ctx.user.id,
  now: ctx.clock.now(),
});

/** Admin notifications show as a count only to an admin held back by ADMIN_REQUIRE_2FA in this session. */
const reader = (ctx: { user: { id: string }; adminHeldBack: boolean }): InboxReader => ({ userId: ctx.user.id, withholdAdminData: ctx.adminHeldBack });

export const notificationsRouter = router({
  list: protectedProcedure.query(({ ctx }) => ownNotifications(ctx.db, reader(ctx))),

  /** Every unread notification, admin ones included even while their text is withheld. */
  unreadCount: protectedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),

  markRead: protectedProcedure.input(notificationIdInput).mutation(({ ctx, input }) => markNotificationRead(ctx.db, reader(ctx), input.id)),

  markAllRead: protectedProcedure.mutation(({ ctx }) => markAllNotificationsRead(ctx.db, reader(ctx))),

  /** Profile: e-mail notices on or off. Returns the current user as auth.me does. */
  setEmailPreference: protectedProcedure
    .input(emailPreferenceInput)
    .mutation(({ ctx, input }) => setEmailPreference(ctx.db, ctx.config, ctx.session, ctx.user.id, input.enabled, ctx.clock.now())),

  // --- Admin: e-mail outbox ----------------------------------------------------------------------
  /** Every e-mail the app queued, newest first; bodies holding a secret link are never shown. */
  outbox: adminProcedure.query(({ ctx }) => emailOutbox(ctx.db)),

  // --- Admin: bulk notifications -----------------------------------------------------------------
  bulkList: bulkProcedure.query(({ ctx }) => listBulk(ctx.db)),

  /** How many people an audience is right now. */
  bulkPreview: bulkProcedure.input(audienceInput).query(async ({ ctx, input }) => ({ recipientCount: await countAudience(ctx.db, input) })),

  bulkCreate: bulkProcedure.input(bulkCreateInput).mutation(({ ctx, input }) => createBulk(bulkDeps(ctx), input)),

  /** Sends (or schedules) a draft. */
  bulkSend: bulkProcedure.input(bulkSendInput).mutation(({ ctx, input }) => sendBulk(bulkDeps(ctx), input)),

  /** A scheduled notification goes back to draft (its job then finds nothing to do). */
  bulkCancel: bulkProcedure.input(bulkIdInput).mutation(({ ctx, input }) => cancelBulk(bulkDeps(ctx), input.id)),
});
