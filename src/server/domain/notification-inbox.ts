// The user's side of notifications (spec section 3): the bell's list and count, marking read, the
// e-mail preference; and the admin's view of the e-mail outbox.
import { NOTIFICATION_LIST_LIMIT } from '~/shared/schemas/messages.ts';
import { hiddenBodyText } from '~/shared/email-kinds.ts';
import type { AppConfig } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { SessionInfo } from '../auth/session.ts';
import { sessionUserSelect } from '../auth/session-user.ts';
import { publishLive } from '../live/publish.ts';
import { NotFoundError } from './errors.ts';
import { toCurrentUser } from './views/user-view.ts';
import { newestFirst } from './keyset.ts';
import { safeRedirect } from '~/shared/safe-redirect.ts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
const OUTBOX_PAGE = 100;

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

/** What the bell counts: every notification of the user not yet read (withheld ones too: the count tells no text). */
const unread = { isRead: false } as const;

export const unreadCount = (db: Db, userId: string) => db.notification.count({ where: { userId, ...unread } });

/**
 * Whose notifications a request reads, and whether admin data is withheld from it: an admin whose
 * session lacks the second factor ADMIN_REQUIRE_2FA asks for sees how many admin notifications they
 * have, never their text (ADR 0038).
 */
export interface InboxReader {
  userId: string;
  withholdAdminData: boolean;
}

const readable = (reader: InboxReader) => ({ userId: reader.userId, ...(reader.withholdAdminData ? { adminData: false } : {}) });

/**
 * The latest notifications, newest first, how many are unread, and how many admin notifications were
 * withheld: the list and the unread count in one read of the user.
 */
export async function ownNotifications(db: Db, reader: InboxReader) {
  // The user's own notifications, as `readable` allows (the user is the relation's owner here).
  const { userId: _owner, ...ofTheUser } = readable(reader);
  const [user, withheld] = await Promise.all([
    db.user.findUnique({
      where: { id: reader.userId },
      select: {
        notifications: {
          where: ofTheUser,
          select: notificationSelect,
          orderBy: newestFirst(),
          take: NOTIFICATION_LIST_LIMIT,
        },
        _count: { select: { notifications: { where: unread } } },
      },
    }),
    reader.withholdAdminData ? db.notification.count({ where: { userId: reader.userId, adminData: true } }) : 0,
  ]);
  return {
    items: (user?.notifications ?? []).map((n) => ({ ...n, actionUrl: safeRedirect(n.actionUrl) })),
    unreadCount: user?._count.notifications ?? 0,
    adminNotificationsWithheld: withheld,
  };
}

/** One of the user's own notifications read (not a withheld one); their other tabs hear of it. */
export async function markNotificationRead(db: Db, reader: InboxReader, id: number) {
  const { count } = await db.notification.updateMany({ where: { id, ...readable(reader) }, data: { isRead: true } });
  if (count === 0) throw new NotFoundError(NOTIFICATION_NOT_FOUND);
  await publishLive(db, { topic: 'notifications' }, { users: [reader.userId] });
  return { id, isRead: true };
}

/** Every notification the reader can see marked read; withheld ones stay unread until they can be read. */
export async function markAllNotificationsRead(db: Db, reader: InboxReader) {
  const { count } = await db.notification.updateMany({ where: { ...readable(reader), isRead: false }, data: { isRead: true } });
  if (count > 0) await publishLive(db, { topic: 'notifications' }, { users: [reader.userId] });
  return { marked: count };
}

/** E-mail notices on or off; the current user as auth.me shows them (in `session`). */
export async function setEmailPreference(
  db: Db,
  config: Pick<AppConfig, 'adminRequireTwoFactor'>,
  session: Pick<SessionInfo, 'secondFactor'>,
  userId: string,
  enabled: boolean,
  now: Date,
) {
  const user = await db.user.update({ where: { id: userId }, data: { emailNotifications: enabled }, select: sessionUserSelect });
  return toCurrentUser(user, session, config, now);
}

/** Every e-mail the app queued, newest first; bodies holding a secret link are never shown. */
export async function emailOutbox(db: Db) {
  const rows = await db.emailMessage.findMany({
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
    orderBy: newestFirst(),
    take: OUTBOX_PAGE,
  });
  return rows.map(({ textBody, ...row }) => ({ ...row, textBody: row.sensitive ? hiddenBodyText(row.template) : textBody }));
}
