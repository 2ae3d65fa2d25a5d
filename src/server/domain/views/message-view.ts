// What the API returns for a message between a user and the admin team: who it is from as the viewer
// reads it ("You", the team, or for admins the admin's name), and whether the viewer sent it.
import type { Prisma } from '~/generated/prisma/client.ts';
import { fullName } from '~/shared/format.ts';
import { personName } from './person-name.ts';

export const TEAM_NAME = 'Atomix Energy team';

export const messageSelect = {
  id: true,
  subject: true,
  message: true,
  isRead: true,
  createdAt: true,
  messageType: true,
  parentMessageId: true,
  userId: true,
  prototype: { select: { id: true, prototypeName: true } },
  admin: { select: personName },
  user: { select: personName },
} satisfies Prisma.AdminMessageSelect;
export type MessageRow = Prisma.AdminMessageGetPayload<{ select: typeof messageSelect }>;

/** Who reads: the thread's user, or an administrator. */
export interface MessageViewer {
  id: string;
  role: string;
}

/** The message as the viewer reads it: who it is from, whether it was sent by the viewer. */
export function toMessageView(row: MessageRow, viewer: MessageViewer) {
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

/** A thread in the admin inbox, as its query (domain/messages.ts) reads it. */
export interface InboxRow {
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
}

export function toInboxThreadView(
  row: InboxRow,
  user: { id: string; email: string; firstName: string | null; lastName: string | null } | undefined,
  aboutPrototype: { id: number; prototypeName: string } | null,
) {
  return {
    id: row.id,
    subject: row.subject,
    user: user ? { id: user.id, email: user.email, name: fullName(user) } : null,
    aboutPrototype,
    messageCount: row.message_count,
    replyCount: row.reply_count,
    unreadCount: row.unread_count,
    lastMessageAt: row.last_at,
    lastMessage: row.last_message.slice(0, 200),
    lastFromUser: row.last_type === 'user_to_admin',
  };
}

export const contactSelect = {
  id: true,
  name: true,
  email: true,
  subject: true,
  message: true,
  createdAt: true,
  handledAt: true,
  handler: { select: personName },
} satisfies Prisma.ContactSelect;
