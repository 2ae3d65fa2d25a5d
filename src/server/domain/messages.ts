// Messages between users and the admin team (spec sections 2, 3, 4, 7): a thread is a root message
// and its replies (parentMessageId = the root). Its participants are its non-admin user and any
// administrator; anyone else gets 404. Every write notifies the other side, publishes the change and
// writes its audit row in one transaction.
import type { Prisma } from '~/generated/prisma/client.ts';
import { adminThreadPath, userMessagePath } from '~/shared/app-paths.ts';
import { fullName } from '~/shared/format.ts';
import type { Db } from '../db/index.ts';
import { publishConversationChange } from '../live/publish.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { logActivity } from './activity-log.ts';
import { NotFoundError } from './errors.ts';
import { USER_NOT_FOUND } from './manageable-users.ts';
import { notify, notifyAdmins } from './notifications.ts';
import { PROTOTYPE_NOT_FOUND, visiblePrototypes } from './prototype-access.ts';
import { type InboxRow, type MessageViewer, contactSelect, messageSelect, toInboxThreadView, toMessageView } from './views/message-view.ts';
import type { DomainDeps } from './deps.ts';
import { newestFirst } from './keyset.ts';

export const MESSAGE_NOT_FOUND = 'Message not found';
export const CONTACT_NOT_FOUND = 'Contact message not found';
/** Lists answer at most this many threads or contact messages. */
const INBOX_LIMIT = 200;
/** The user's own list answers at most this many messages. */
const OWN_MESSAGES_MAX = 500;

/** Who writes: the signed-in caller, with the request's audit data and e-mail links. */
export interface MessageDeps extends DomainDeps {
  mailer: EmailLinks;
  actor: MessageViewer;
  now: Date;
}

type Reader = Pick<Prisma.TransactionClient, 'adminMessage'>;

/** Who may see which messages, written once: a user their own threads; an admin every thread. */
export function visibleMessages(viewer: MessageViewer): Prisma.AdminMessageWhereInput {
  return viewer.role === 'admin' ? {} : { userId: viewer.id };
}

/** The message's thread root, or 404 when the viewer is not a participant (or it does not exist). */
async function rootOf(db: Reader, id: number, viewer: MessageViewer) {
  const message = await db.adminMessage.findFirst({
    where: { id, ...visibleMessages(viewer) },
    select: { id: true, parentMessageId: true },
  });
  if (!message) throw new NotFoundError(MESSAGE_NOT_FOUND);
  const root = await db.adminMessage.findFirst({
    where: { id: message.parentMessageId ?? message.id, ...visibleMessages(viewer) },
    select: { id: true, userId: true, adminId: true, subject: true, prototypeId: true },
  });
  if (!root) throw new NotFoundError(MESSAGE_NOT_FOUND);
  return root;
}

/** Which side of a thread the viewer reads: its user reads admin_to_user, admins read user_to_admin. */
function receivedType(viewer: MessageViewer, threadUserId: string) {
  return threadUserId === viewer.id ? ('admin_to_user' as const) : ('user_to_admin' as const);
}

/** The messages the admin team sent to the user, newest first. */
export async function ownMessages(db: Db, viewer: MessageViewer) {
  const rows = await db.adminMessage.findMany({
    where: { userId: viewer.id, messageType: 'admin_to_user' },
    select: messageSelect,
    orderBy: newestFirst(),
    take: OWN_MESSAGES_MAX,
  });
  return rows.map((row) => toMessageView(row, viewer));
}

/** The whole conversation of the message's thread, oldest first. */
export async function thread(db: Db, viewer: MessageViewer, id: number) {
  const root = await rootOf(db, id, viewer);
  const rows = await db.adminMessage.findMany({
    where: { OR: [{ id: root.id }, { parentMessageId: root.id }], ...visibleMessages(viewer) },
    select: messageSelect,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map((row) => toMessageView(row, viewer));
}

/** Marks a message the viewer received as read. */
export async function markMessageRead(db: Db, viewer: MessageViewer, id: number) {
  const root = await rootOf(db, id, viewer);
  await db.adminMessage.updateMany({
    where: { id, messageType: receivedType(viewer, root.userId), ...visibleMessages(viewer) },
    data: { isRead: true },
  });
  await publishConversationChange(db, root.userId);
  const row = await db.adminMessage.findFirstOrThrow({ where: { id }, select: messageSelect });
  return toMessageView(row, viewer);
}

/** An admin opening a thread reads every reply in it; returns how many were unread. */
export async function markThreadRead(db: Db, viewer: MessageViewer, id: number) {
  const root = await rootOf(db, id, viewer);
  const { count } = await db.adminMessage.updateMany({
    where: { OR: [{ id: root.id }, { parentMessageId: root.id }], messageType: receivedType(viewer, root.userId), isRead: false },
    data: { isRead: true },
  });
  if (count > 0) await publishConversationChange(db, root.userId);
  return { marked: count };
}

/**
 * The thread's user replies to the admin team (user_to_admin); an admin answers in the thread
 * (admin_to_user). The other side is notified in the same transaction.
 */
export async function reply(deps: MessageDeps, input: { parentMessageId: number; subject: string; message: string }) {
  const { db, meta, mailer, actor } = deps;
  return db.$transaction(async (tx) => {
    const root = await rootOf(tx, input.parentMessageId, actor);
    const fromUser = root.userId === actor.id;
    const created = await tx.adminMessage.create({
      data: {
        userId: root.userId,
        adminId: fromUser ? root.adminId : actor.id,
        prototypeId: root.prototypeId,
        subject: input.subject,
        message: input.message,
        parentMessageId: root.id,
        messageType: fromUser ? 'user_to_admin' : 'admin_to_user',
      },
      select: messageSelect,
    });
    if (fromUser) {
      await notifyAdmins(tx, mailer, {
        prototypeId: root.prototypeId,
        type: 'message_reply',
        title: `New reply from ${fullName(created.user)}`,
        message: input.subject,
        actionUrl: adminThreadPath(root.id),
      });
    } else {
      await notify(tx, mailer, {
        userId: root.userId,
        prototypeId: root.prototypeId,
        type: 'admin_message',
        title: 'New message from the admin team',
        message: input.subject,
        actionUrl: userMessagePath(created.id),
      });
    }
    await publishConversationChange(tx, root.userId);
    await logActivity(tx, meta, {
      userId: actor.id,
      action: fromUser ? 'message.reply' : 'admin.message.reply',
      targetType: 'message',
      targetId: root.id,
      details: { messageId: created.id },
    });
    return toMessageView(created, actor);
  });
}

/**
 * A seller starts a conversation with the team about one of their own prototypes (say, to answer a
 * rejection). It lands in the admin inbox, linked to the prototype.
 */
export async function messageTeam(deps: MessageDeps, input: { prototypeId: number; subject: string; message: string }) {
  const { db, meta, mailer, actor } = deps;
  return db.$transaction(async (tx) => {
    // Their own prototype, even for an admin: the thread's user is the caller, who writes as its seller.
    const prototype = await tx.prototype.findFirst({ where: { id: input.prototypeId, sellerId: actor.id }, select: { id: true } });
    if (!prototype) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
    const created = await tx.adminMessage.create({
      data: {
        userId: actor.id,
        adminId: null,
        prototypeId: prototype.id,
        subject: input.subject,
        message: input.message,
        parentMessageId: null,
        messageType: 'user_to_admin',
      },
      select: messageSelect,
    });
    await notifyAdmins(tx, mailer, {
      prototypeId: prototype.id,
      type: 'message_reply',
      title: `New message from ${fullName(created.user)}`,
      message: input.subject,
      actionUrl: adminThreadPath(created.id),
    });
    await publishConversationChange(tx, actor.id);
    await logActivity(tx, meta, {
      userId: actor.id,
      action: 'message.start',
      targetType: 'message',
      targetId: created.id,
      details: { prototypeId: prototype.id },
    });
    return toMessageView(created, actor);
  });
}

// --- The admin team --------------------------------------------------------------------------------

/** Threads (by default those with sellers' replies): unread first, then the latest activity. */
export async function inbox(db: Db, filter: 'all' | 'replied') {
  const rows = await db.$queryRaw<InboxRow[]>`
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
    WHERE r.parent_message_id IS NULL AND (${filter} = 'all' OR agg.reply_count > 0)
    ORDER BY (agg.unread_count > 0) DESC, agg.last_at DESC, r.id DESC
    LIMIT ${INBOX_LIMIT}`;
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.user_id))] } },
    select: { id: true, email: true, firstName: true, lastName: true },
  });
  const prototypes = await db.prototype.findMany({
    where: { id: { in: rows.flatMap((r) => (r.prototype_id ? [r.prototype_id] : [])) } },
    select: { id: true, prototypeName: true },
  });
  const userById = new Map(users.map((u) => [u.id, u]));
  const prototypeById = new Map(prototypes.map((p) => [p.id, p]));
  return rows.map((r) => toInboxThreadView(r, userById.get(r.user_id), r.prototype_id ? (prototypeById.get(r.prototype_id) ?? null) : null));
}

/** Unread replies and open contact messages, for the inbox's tabs. */
export async function inboxCounts(db: Db) {
  const [unreadReplies, openContacts] = await Promise.all([
    db.adminMessage.count({ where: { messageType: 'user_to_admin', isRead: false } }),
    db.contact.count({ where: { handledAt: null } }),
  ]);
  return { unreadReplies, openContacts };
}

/**
 * A new thread with a user, or with the seller of a prototype the admin may see (the message links
 * to it). `actionUrl` is where the user's notification leads.
 */
async function sendAdminMessage(
  tx: Prisma.TransactionClient,
  deps: MessageDeps,
  input: { userId: string; prototypeId: number | null; subject: string; content: string; actionUrl: (messageId: number) => string },
) {
  const created = await tx.adminMessage.create({
    data: {
      adminId: deps.actor.id,
      userId: input.userId,
      prototypeId: input.prototypeId,
      subject: input.subject,
      message: input.content,
      messageType: 'admin_to_user',
      parentMessageId: null,
    },
    select: messageSelect,
  });
  await notify(tx, deps.mailer, {
    userId: input.userId,
    prototypeId: input.prototypeId,
    type: 'admin_message',
    title: 'New message from the admin team',
    message: input.subject,
    actionUrl: input.actionUrl(created.id),
  });
  await publishConversationChange(tx, input.userId);
  return created;
}

/** A new thread with a user, or with the seller of a prototype (the message links to it). */
export async function startThread(deps: MessageDeps, input: { userId?: string; prototypeId?: number; subject: string; content: string }) {
  const { db, meta, actor } = deps;
  return db.$transaction(async (tx) => {
    let userId = input.userId;
    if (input.prototypeId) {
      const prototype = await tx.prototype.findFirst({ where: { id: input.prototypeId, ...visiblePrototypes(actor) }, select: { sellerId: true } });
      if (!prototype) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
      userId = prototype.sellerId;
    }
    const recipient = userId ? await tx.user.findUnique({ where: { id: userId }, select: { id: true } }) : null;
    if (!recipient) throw new NotFoundError(USER_NOT_FOUND);
    const created = await sendAdminMessage(tx, deps, {
      userId: recipient.id,
      prototypeId: input.prototypeId ?? null,
      subject: input.subject,
      content: input.content,
      actionUrl: userMessagePath,
    });
    await logActivity(tx, meta, {
      userId: actor.id,
      action: 'admin.message.send',
      targetType: 'user',
      targetId: recipient.id,
      details: { messageId: created.id, subject: input.subject, prototypeId: input.prototypeId ?? null },
    });
    return toMessageView(created, actor);
  });
}

/** POST /api/admin/messages: a new admin_to_user message (no parent, no prototype) and the user's notification. */
export async function messageUser(deps: MessageDeps, input: { userId: string; subject: string; content: string }) {
  const { db, meta, actor } = deps;
  return db.$transaction(async (tx) => {
    const recipient = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true } });
    if (!recipient) throw new NotFoundError(USER_NOT_FOUND);
    const created = await sendAdminMessage(tx, deps, { ...input, prototypeId: null, actionUrl: () => '/messages' });
    await logActivity(tx, meta, {
      userId: actor.id,
      action: 'admin.message.send',
      targetType: 'user',
      targetId: input.userId,
      details: { messageId: created.id, subject: input.subject },
    });
    const { id, subject, message, isRead, createdAt, messageType, parentMessageId } = created;
    return { id, subject, message, isRead, createdAt, messageType, parentMessageId };
  });
}

/** Messages from the public contact form, newest first. */
export function contacts(db: Db, filter: 'all' | 'open' | 'handled') {
  return db.contact.findMany({
    where: filter === 'open' ? { handledAt: null } : filter === 'handled' ? { handledAt: { not: null } } : {},
    select: contactSelect,
    orderBy: newestFirst(),
    take: INBOX_LIMIT,
  });
}

/** A contact message handled (by the actor, now) or open again. */
export async function setContactHandled(deps: MessageDeps, input: { id: number; handled: boolean }) {
  const { db, meta, actor, now } = deps;
  return db.$transaction(async (tx) => {
    const { count } = await tx.contact.updateMany({
      where: { id: input.id },
      data: input.handled ? { handledAt: now, handledBy: actor.id } : { handledAt: null, handledBy: null },
    });
    if (count === 0) throw new NotFoundError(CONTACT_NOT_FOUND);
    await publishConversationChange(tx, null);
    await logActivity(tx, meta, {
      userId: actor.id,
      action: input.handled ? 'admin.contact.handled' : 'admin.contact.reopened',
      targetType: 'contact',
      targetId: input.id,
    });
    return { id: input.id, handled: input.handled };
  });
}
