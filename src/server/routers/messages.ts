// Messages between sellers and the admin team (spec sections 2, 3, 4, 7): a thread is a root
// admin_to_user message and its replies (parentMessageId = the root). Its participants are its
// non-admin user and any administrator; anyone else gets 404. Every write notifies the other side
// in the same transaction.
import { TRPCError } from '@trpc/server';
import type { Prisma } from '~/generated/prisma/client.ts';
import { fullName } from '~/shared/format.ts';
import {
  contactHandledInput,
  contactListInput,
  inboxInput,
  messageIdInput,
  messageTeamInput,
  replyInput,
  startThreadInput,
} from '~/shared/schemas/messages.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { logActivity } from '../domain/activity-log.ts';
import { notify, notifyAdmins } from '../domain/notifications.ts';
import { PROTOTYPE_NOT_FOUND } from '../domain/prototype-access.ts';
import { publishConversationChange } from '../live/publish.ts';
import { adminProcedure, capabilityProcedure, protectedProcedure, router } from '../trpc.ts';

export const MESSAGE_NOT_FOUND = 'Message not found';
export const TEAM_NAME = 'Atomix Energy team';
const INBOX_LIMIT = 200;

const messageSelect = {
  id: true,
  subject: true,
  message: true,
  isRead: true,
  createdAt: true,
  messageType: true,
  parentMessageId: true,
  userId: true,
  prototype: { select: { id: true, prototypeName: true } },
  admin: { select: { firstName: true, lastName: true, email: true } },
  user: { select: { firstName: true, lastName: true, email: true } },
} satisfies Prisma.AdminMessageSelect;
type MessageRow = Prisma.AdminMessageGetPayload<{ select: typeof messageSelect }>;
type Viewer = Pick<SessionUser, 'id' | 'role'>;

/** The message as the viewer reads it: who it is from, whether it was sent by the viewer. */
function toMessageView(row: MessageRow, viewer: Viewer) {
  const fromUser = row.messageType === 'user_to_admin';
  const mine = fromUser ? row.userId === viewer.id : viewer.role === 'admin' && row.userId !== viewer.id;
  let from: string;
  if (fromUser) from = row.userId === viewer.id ? 'You' : fullName(row.user);
  else if (viewer.role === 'admin' && row.userId !== viewer.id) from = row.admin ? `${fullName(row.admin)} (admin)` : TEAM_NAME;
  else from = TEAM_NAME;
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt,
    messageType: row.messageType,
    parentMessageId: row.parentMessageId,
    // Not named "prototype": superjson refuses that key (prototype pollution guard).
    aboutPrototype: row.prototype,
    from,
    mine,
  };
}
export type MessageView = ReturnType<typeof toMessageView>;

/** The ownership rule in the query itself: a seller reaches only their own threads; an admin any. */
function participantWhere(viewer: Viewer): Prisma.AdminMessageWhereInput {
  return viewer.role === 'admin' ? {} : { userId: viewer.id };
}

/** The message's thread root, or 404 when the viewer is not a participant (or it does not exist). */
async function rootOf(db: Prisma.TransactionClient | import('../db/index.ts').Db, id: number, viewer: Viewer) {
  const message = await db.adminMessage.findFirst({
    where: { id, ...participantWhere(viewer) },
    select: { id: true, parentMessageId: true },
  });
  if (!message) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGE_NOT_FOUND });
  const root = await db.adminMessage.findFirst({
    where: { id: message.parentMessageId ?? message.id, ...participantWhere(viewer) },
    select: { id: true, userId: true, adminId: true, subject: true, prototypeId: true },
  });
  if (!root) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGE_NOT_FOUND });
  return root;
}

/** Which side of a thread the viewer reads: its user reads admin_to_user, admins read user_to_admin. */
function receivedType(viewer: Viewer, threadUserId: string) {
  return threadUserId === viewer.id ? ('admin_to_user' as const) : ('user_to_admin' as const);
}

// The capability each change needs (ADR 0019).
const replyProcedure = capabilityProcedure('messages.reply');
const manageUsersProcedure = capabilityProcedure('users.manage');

export const messagesRouter = router({
  /** GET /api/messages: the messages the admin team sent to the caller, newest first. */
  list: protectedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db.adminMessage.findMany({
      where: { userId: ctx.user.id, messageType: 'admin_to_user' },
      select: messageSelect,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 500,
    });
    return rows.map((row) => toMessageView(row, ctx.user));
  }),

  /** GET /api/messages/{id}/thread: the whole conversation, oldest first. */
  thread: protectedProcedure.input(messageIdInput).query(async ({ ctx, input }) => {
    const root = await rootOf(ctx.db, input.id, ctx.user);
    const rows = await ctx.db.adminMessage.findMany({
      where: { OR: [{ id: root.id }, { parentMessageId: root.id }], ...participantWhere(ctx.user) },
      select: messageSelect,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map((row) => toMessageView(row, ctx.user));
  }),

  /** PATCH /api/messages/{id}/read: marks a message the caller received as read. */
  markRead: protectedProcedure.input(messageIdInput).mutation(async ({ ctx, input }) => {
    const root = await rootOf(ctx.db, input.id, ctx.user);
    await ctx.db.adminMessage.updateMany({
      where: { id: input.id, messageType: receivedType(ctx.user, root.userId), ...participantWhere(ctx.user) },
      data: { isRead: true },
    });
    await publishConversationChange(ctx.db, root.userId);
    const row = await ctx.db.adminMessage.findFirstOrThrow({ where: { id: input.id }, select: messageSelect });
    return toMessageView(row, ctx.user);
  }),

  /**
   * POST /api/messages/reply: the thread's user replies to the admin team (user_to_admin); an admin
   * answers in the thread (admin_to_user). The other side is notified in the same transaction.
   */
  reply: replyProcedure.input(replyInput).mutation(async ({ ctx, input }) => {
    // Each reply notifies the whole admin team; the team's own answers are not limited.
    if (ctx.user.role !== 'admin') await ctx.limiter.consume('messageReplies', ctx.user.id);
    return ctx.db.$transaction(async (tx) => {
      const root = await rootOf(tx, input.parentMessageId, ctx.user);
      const fromUser = root.userId === ctx.user.id;
      const created = await tx.adminMessage.create({
        data: {
          userId: root.userId,
          adminId: fromUser ? root.adminId : ctx.user.id,
          prototypeId: root.prototypeId,
          subject: input.subject,
          message: input.message,
          parentMessageId: root.id,
          messageType: fromUser ? 'user_to_admin' : 'admin_to_user',
        },
        select: messageSelect,
      });
      if (fromUser) {
        await notifyAdmins(tx, ctx.mailer, {
          prototypeId: root.prototypeId,
          type: 'message_reply',
          title: `New reply from ${fullName(created.user)}`,
          message: input.subject,
          actionUrl: `/admin-inbox?thread=${root.id}`,
        });
      } else {
        await notify(tx, ctx.mailer, {
          userId: root.userId,
          prototypeId: root.prototypeId,
          type: 'admin_message',
          title: 'New message from the admin team',
          message: input.subject,
          actionUrl: `/messages?id=${created.id}`,
        });
      }
      await publishConversationChange(tx, root.userId);
      await logActivity(tx, ctx.meta, {
        userId: ctx.user.id,
        action: fromUser ? 'message.reply' : 'admin.message.reply',
        targetType: 'message',
        targetId: root.id,
        details: { messageId: created.id },
      });
      return toMessageView(created, ctx.user);
    });
  }),

  /**
   * POST /api/messages: a seller starts a conversation with the team about one of their own
   * prototypes (say, to answer a rejection). It lands in the admin inbox, linked to the prototype.
   */
  messageTeam: replyProcedure.input(messageTeamInput).mutation(async ({ ctx, input }) => {
    await ctx.limiter.consume('messageReplies', ctx.user.id);
    return ctx.db.$transaction(async (tx) => {
      const prototype = await tx.prototype.findFirst({ where: { id: input.prototypeId, sellerId: ctx.user.id }, select: { id: true } });
      if (!prototype) throw new TRPCError({ code: 'NOT_FOUND', message: PROTOTYPE_NOT_FOUND });
      const created = await tx.adminMessage.create({
        data: {
          userId: ctx.user.id,
          adminId: null,
          prototypeId: prototype.id,
          subject: input.subject,
          message: input.message,
          parentMessageId: null,
          messageType: 'user_to_admin',
        },
        select: messageSelect,
      });
      await notifyAdmins(tx, ctx.mailer, {
        prototypeId: prototype.id,
        type: 'message_reply',
        title: `New message from ${fullName(created.user)}`,
        message: input.subject,
        actionUrl: `/admin-inbox?thread=${created.id}`,
      });
      await publishConversationChange(tx, ctx.user.id);
      await logActivity(tx, ctx.meta, {
        userId: ctx.user.id,
        action: 'message.start',
        targetType: 'message',
        targetId: created.id,
        details: { prototypeId: prototype.id },
      });
      return toMessageView(created, ctx.user);
    });
  }),

  // --- Admin inbox -------------------------------------------------------------------------------

  /** Threads (by default those with sellers' replies): unread first, then the latest activity. */
  inbox: adminProcedure.input(inboxInput).query(async ({ ctx, input }) => {
    const rows = await ctx.db.$queryRaw<
      {
        id: number;
        subject: string;
        user_id: string;
        prototype_id: number | null;
        message_count: number;
        reply_count: number;
        unread_count: number;
        last_at: Date;
        last_message: string;
        last_type: string;
      }[]
    >`
      WITH t AS (
        SELECT COALESCE(parent_message_id, id) AS root_id, id, message, message_type, is_read, created_at FROM admin_messages
      ), agg AS (
        SELECT root_id,
          count(*)::int AS message_count,
          (count(*) FILTER (WHERE message_type = 'user_to_admin'))::int AS reply_count,
          (count(*) FILTER (WHERE message_type = 'user_to_admin' AND NOT is_read))::int AS unread_count,
          max(created_at) AS last_at
        FROM t GROUP BY root_id
      ), latest AS (
        SELECT DISTINCT ON (root_id) root_id, message AS last_message, message_type::text AS last_type
        FROM t ORDER BY root_id, created_at DESC, id DESC
      )
      SELECT r.id, r.subject, r.user_id, r.prototype_id, agg.message_count, agg.reply_count, agg.unread_count,
        agg.last_at, latest.last_message, latest.last_type
      FROM admin_messages r
      JOIN agg ON agg.root_id = r.id
      JOIN latest ON latest.root_id = r.id
      WHERE r.parent_message_id IS NULL AND (${input.filter} = 'all' OR agg.reply_count > 0)
      ORDER BY (agg.unread_count > 0) DESC, agg.last_at DESC, r.id DESC
      LIMIT ${INBOX_LIMIT}`;
    const users = await ctx.db.user.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.user_id))] } },
      select: { id: true, email: true, firstName: true, lastName: true },
    });
    const prototypes = await ctx.db.prototype.findMany({
      where: { id: { in: rows.flatMap((r) => (r.prototype_id ? [r.prototype_id] : [])) } },
      select: { id: true, prototypeName: true },
    });
    const userById = new Map(users.map((u) => [u.id, u]));
    const prototypeById = new Map(prototypes.map((p) => [p.id, p]));
    return rows.map((r) => {
      const user = userById.get(r.user_id);
      return {
        id: r.id,
        subject: r.subject,
        user: user ? { id: user.id, email: user.email, name: fullName(user) } : null,
        aboutPrototype: r.prototype_id ? (prototypeById.get(r.prototype_id) ?? null) : null,
        messageCount: r.message_count,
        replyCount: r.reply_count,
        unreadCount: r.unread_count,
        lastMessageAt: r.last_at,
        lastMessage: r.last_message.slice(0, 200),
        lastFromUser: r.last_type === 'user_to_admin',
      };
    });
  }),

  /** Unread replies and open contact messages, for the inbox's tabs. */
  inboxCounts: adminProcedure.query(async ({ ctx }) => {
    const [unreadReplies, openContacts] = await Promise.all([
      ctx.db.adminMessage.count({ where: { messageType: 'user_to_admin', isRead: false } }),
      ctx.db.contact.count({ where: { handledAt: null } }),
    ]);
    return { unreadReplies, openContacts };
  }),

  /** An admin opening a thread reads every reply in it. */
  markThreadRead: adminProcedure.input(messageIdInput).mutation(async ({ ctx, input }) => {
    const root = await rootOf(ctx.db, input.id, ctx.user);
    const { count } = await ctx.db.adminMessage.updateMany({
      where: { OR: [{ id: root.id }, { parentMessageId: root.id }], messageType: receivedType(ctx.user, root.userId), isRead: false },
      data: { isRead: true },
    });
    if (count > 0) await publishConversationChange(ctx.db, root.userId);
    return { marked: count };
  }),

  /** A new thread with a user, or with the seller of a prototype (the message links to it). */
  start: manageUsersProcedure.input(startThreadInput).mutation(async ({ ctx, input }) => {
    return ctx.db.$transaction(async (tx) => {
      let userId = input.userId;
      if (input.prototypeId) {
        const prototype = await tx.prototype.findUnique({ where: { id: input.prototypeId }, select: { sellerId: true } });
        if (!prototype) throw new TRPCError({ code: 'NOT_FOUND', message: 'Prototype not found' });
        userId = prototype.sellerId;
      }
      const recipient = await tx.user.findUnique({ where: { id: userId! }, select: { id: true } });
      if (!recipient) throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
      const created = await tx.adminMessage.create({
        data: {
          adminId: ctx.user.id,
          userId: recipient.id,
          prototypeId: input.prototypeId ?? null,
          subject: input.subject,
          message: input.content,
          messageType: 'admin_to_user',
          parentMessageId: null,
        },
        select: messageSelect,
      });
      await notify(tx, ctx.mailer, {
        userId: recipient.id,
        prototypeId: input.prototypeId ?? null,
        type: 'admin_message',
        title: 'New message from the admin team',
        message: input.subject,
        actionUrl: `/messages?id=${created.id}`,
      });
      await publishConversationChange(tx, recipient.id);
      await logActivity(tx, ctx.meta, {
        userId: ctx.user.id,
        action: 'admin.message.send',
        targetType: 'user',
        targetId: recipient.id,
        details: { messageId: created.id, subject: input.subject, prototypeId: input.prototypeId ?? null },
      });
      return toMessageView(created, ctx.user);
    });
  }),

  /** Messages from the public contact form, newest first. */
  contacts: adminProcedure.input(contactListInput).query(({ ctx, input }) =>
    ctx.db.contact.findMany({
      where: input.filter === 'open' ? { handledAt: null } : input.filter === 'handled' ? { handledAt: { not: null } } : {},
      select: {
        id: true,
        name: true,
        email: true,
        subject: true,
        message: true,
        createdAt: true,
        handledAt: true,
        handler: { select: { firstName: true, lastName: true, email: true } },
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: INBOX_LIMIT,
    }),
  ),

  setContactHandled: manageUsersProcedure.input(contactHandledInput).mutation(async ({ ctx, input }) => {
    return ctx.db.$transaction(async (tx) => {
      const { count } = await tx.contact.updateMany({
        where: { id: input.id },
        data: input.handled ? { handledAt: new Date(), handledBy: ctx.user.id } : { handledAt: null, handledBy: null },
      });
      if (count === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'Contact message not found' });
      await publishConversationChange(tx, null);
      await logActivity(tx, ctx.meta, {
        userId: ctx.user.id,
        action: input.handled ? 'admin.contact.handled' : 'admin.contact.reopened',
        targetType: 'contact',
        targetId: input.id,
      });
      return { id: input.id, handled: input.handled };
    });
  }),
});
