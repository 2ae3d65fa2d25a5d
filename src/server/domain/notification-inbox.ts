// The user's side of notifications (spec section 3): the bell's list and count, marking read, the
// e-mail preference; and the admin's view of the e-mail outbox.
import { NOTIFICATION_LIST_LIMIT } from '~/shared/schemas/messages.ts';
import { hiddenBodyText } from '~/shared/email-kinds.ts';
import type { AppConfig } from '../context.ts';
import type { Db } from '../db/index.ts';
import { sessionUserSelect } from '../auth/session-user.ts';
import { publishLive } from '../live/publish.ts';
import { NotFoundError } from './errors.ts';
import { toCurrentUser } from './views/user-view.ts';

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

/** Only paths inside the app are followed from the bell (never another site). */
function safeActionUrl(url: string | null): string | null {
  return url && url.startsWith('/') && !url.startsWith('//') ? url : null;
}

export const unreadCount = (db: Db, userId: string) => db.notification.count({ where: { userId, isRead: false } });

/** The latest notifications, newest first, and how many are unread. */
export async function ownNotifications(db: Db, userId: string) {
  const [items, unread] = await Promise.all([
    db.notification.findMany({
      where: { userId },
      select: notificationSelect,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: NOTIFICATION_LIST_LIMIT,
    }),
    unreadCount(db, userId),
  ]);
  return { items: items.map((n) => ({ ...n, actionUrl: safeActionUrl(n.actionUrl) })), unreadCount: unread };
}

/** One of the user's own notifications read; their other tabs hear of it. */
export async function markNotificationRead(db: Db, userId: string, id: number) {
  const { count } = await db.notification.updateMany({ where: { id, userId }, data: { isRead: true } });
  if (count === 0) throw new NotFoundError(NOTIFICATION_NOT_FOUND);
  await publishLive(db, { topic: 'notifications' }, { users: [userId] });
  return { id, isRead: true };
}

export async function markAllNotificationsRead(db: Db, userId: string) {
  const { count } = await db.notification.updateMany({ where: { userId, isRead: false }, data: { isRead: true } });
  if (count > 0) await publishLive(db, { topic: 'notifications' }, { users: [userId] });
  return { marked: count };
}

/** E-mail notices on or off; the current user as auth.me shows them. */
export async function setEmailPreference(db: Db, config: Pick<AppConfig, 'adminRequireTwoFactor'>, userId: string, enabled: boolean, now: Date) {
  const user = await db.user.update({ where: { id: userId }, data: { emailNotifications: enabled }, select: sessionUserSelect });
  return toCurrentUser(user, config, now);
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
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: OUTBOX_PAGE,
  });
  return rows.map(({ textBody, ...row }) => ({ ...row, textBody: row.sensitive ? hiddenBodyText(row.template) : textBody }));
}
