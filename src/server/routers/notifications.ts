// Notifications (spec section 3): the bell's list and count, mark one or all read, the e-mail
// preference, and for admins the e-mail outbox and bulk notifications.
import { hiddenBodyText } from '~/shared/email-kinds.ts';
import { TRPCError } from '@trpc/server';
import {
  NOTIFICATION_LIST_LIMIT,
  audienceInput,
  audienceKey,
  audienceLabel,
  bulkCreateInput,
  bulkIdInput,
  bulkSendInput,
  emailPreferenceInput,
  notificationIdInput,
} from '~/shared/schemas/messages.ts';
import { sessionUserSelect } from '../auth/session-user.ts';
import { logActivity } from '../domain/activity-log.ts';
import { countAudience, publishBulkProgress, scheduleDelivery } from '../domain/bulk-notifications.ts';
import { publishLive } from '../live/publish.ts';
import { adminProcedure, capabilityProcedure, protectedProcedure, router } from '../trpc.ts';
import { toCurrentUser } from '../domain/views/user-view.ts';

const notificationSelect = {
  id: true,
  type: true,
  title: true,
  message: true,
  isRead: true,
  actionUrl: true,
  prototypeId: true,
  createdAt: true,
} as const;

/** Only paths inside the app are followed from the bell (never another site). */
function safeActionUrl(url: string | null): string | null {
  return url && url.startsWith('/') && !url.startsWith('//') ? url : null;
}

const OUTBOX_PAGE = 100;

// The capability each change needs (ADR 0019).
const bulkProcedure = capabilityProcedure('notifications.bulk');

export const notificationsRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => {
    const [items, unreadCount] = await Promise.all([
      ctx.db.notification.findMany({
        where: { userId: ctx.user.id },
        select: notificationSelect,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: NOTIFICATION_LIST_LIMIT,
      }),
      ctx.db.notification.count({ where: { userId: ctx.user.id, isRead: false } }),
    ]);
    return { items: items.map((n) => ({ ...n, actionUrl: safeActionUrl(n.actionUrl) })), unreadCount };
  }),

  unreadCount: protectedProcedure.query(({ ctx }) => ctx.db.notification.count({ where: { userId: ctx.user.id, isRead: false } })),

  markRead: protectedProcedure.input(notificationIdInput).mutation(async ({ ctx, input }) => {
    const { count } = await ctx.db.notification.updateMany({ where: { id: input.id, userId: ctx.user.id }, data: { isRead: true } });
    if (count === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'Notification not found' });
    await publishLive(ctx.db, { topic: 'notifications' }, { users: [ctx.user.id] }); // the user's other tabs
    return { id: input.id, isRead: true };
  }),

  markAllRead: protectedProcedure.mutation(async ({ ctx }) => {
    const { count } = await ctx.db.notification.updateMany({ where: { userId: ctx.user.id, isRead: false }, data: { isRead: true } });
    if (count > 0) await publishLive(ctx.db, { topic: 'notifications' }, { users: [ctx.user.id] });
    return { marked: count };
  }),

  /** Profile: e-mail notices on or off. Returns the current user as auth.me does. */
  setEmailPreference: protectedProcedure.input(emailPreferenceInput).mutation(async ({ ctx, input }) => {
    const user = await ctx.db.user.update({
      where: { id: ctx.user.id },
      data: { emailNotifications: input.enabled },
      select: sessionUserSelect,
    });
    return toCurrentUser(user, ctx.config);
  }),

  // --- Admin: e-mail outbox ----------------------------------------------------------------------
  /** Every e-mail the app queued, newest first; bodies holding a secret link are never shown. */
  outbox: adminProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db.emailMessage.findMany({
      select: {
        id: true,
        toAddress: true,
        subject: true,
        textBody: true,
        template: true,
        sensitive: true,
        status: true,
        transport: true,
        attempts: true,
        lastError: true,
        createdAt: true,
        sentAt: true,
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: OUTBOX_PAGE,
    });
    return rows.map(({ textBody, ...row }) => ({
      ...row,
      textBody: row.sensitive ? hiddenBodyText(row.template) : textBody,
    }));
  }),

  // --- Admin: bulk notifications -----------------------------------------------------------------
  bulkList: bulkProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db.bulkNotification.findMany({
      select: {
        id: true,
        title: true,
        message: true,
        targetAudience: true,
        recipientCount: true,
        deliveredCount: true,
        status: true,
        scheduledFor: true,
        createdAt: true,
        completedAt: true,
        admin: { select: { firstName: true, lastName: true, email: true } },
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 100,
    });
    return rows.map((row) => ({ ...row, audienceLabel: audienceLabel(row.targetAudience) }));
  }),

  /** How many people an audience is right now. */
  bulkPreview: bulkProcedure.input(audienceInput).query(async ({ ctx, input }) => ({ recipientCount: await countAudience(ctx.db, input) })),

  bulkCreate: bulkProcedure.input(bulkCreateInput).mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const when = input.scheduledFor && input.scheduledFor > now ? input.scheduledFor : now;
    return ctx.db.$transaction(async (tx) => {
      const created = await tx.bulkNotification.create({
        data: {
          adminId: ctx.user.id,
          title: input.title,
          message: input.message,
          targetAudience: audienceKey(input.target),
          recipientCount: await countAudience(tx, input.target),
          status: 'draft',
        },
        select: { id: true },
      });
      if (input.draft) await publishBulkProgress(tx);
      else await scheduleDelivery(tx, created.id, when);
      await logActivity(tx, ctx.meta, {
        userId: ctx.user.id,
        action: input.draft ? 'admin.bulk.draft' : when > now ? 'admin.bulk.schedule' : 'admin.bulk.send',
        targetType: 'bulk_notification',
        targetId: created.id,
        details: { audience: audienceKey(input.target), scheduledFor: input.draft ? null : when.toISOString() },
      });
      return tx.bulkNotification.findUniqueOrThrow({ where: { id: created.id } });
    });
  }),

  /** Sends (or schedules) a draft. */
  bulkSend: bulkProcedure.input(bulkSendInput).mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const when = input.scheduledFor && input.scheduledFor > now ? input.scheduledFor : now;
    return ctx.db.$transaction(async (tx) => {
      const draft = await tx.bulkNotification.findUnique({ where: { id: input.id }, select: { status: true } });
      if (!draft) throw new TRPCError({ code: 'NOT_FOUND', message: 'Bulk notification not found' });
      if (draft.status !== 'draft') throw new TRPCError({ code: 'CONFLICT', message: 'Only a draft can be sent' });
      await scheduleDelivery(tx, input.id, when);
      await logActivity(tx, ctx.meta, { userId: ctx.user.id, action: 'admin.bulk.send', targetType: 'bulk_notification', targetId: input.id });
      return tx.bulkNotification.findUniqueOrThrow({ where: { id: input.id } });
    });
  }),

  /** A scheduled notification goes back to draft (its job then finds nothing to do). */
  bulkCancel: bulkProcedure.input(bulkIdInput).mutation(async ({ ctx, input }) => {
    const { count } = await ctx.db.bulkNotification.updateMany({
      where: { id: input.id, status: 'scheduled' },
      data: { status: 'draft', scheduledFor: null },
    });
    if (count === 0) throw new TRPCError({ code: 'CONFLICT', message: 'Only a scheduled notification that has not started can be cancelled' });
    await publishBulkProgress(ctx.db);
    await logActivity(ctx.db, ctx.meta, { userId: ctx.user.id, action: 'admin.bulk.cancel', targetType: 'bulk_notification', targetId: input.id });
    return { id: input.id, status: 'draft' as const };
  }),
});
