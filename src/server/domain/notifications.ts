// In-app notifications (notifications table): one row per recipient, written in the same
// transaction as the change they announce, with an e-mail queued in that same transaction for
// every recipient who keeps e-mail notifications on (delivered later by the job worker), and a live
// event for the recipients' open tabs.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { NotificationType } from '~/shared/event-names.ts';
import { enqueueEmails } from '../mail/outbox.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { notificationEmail } from '../mail/templates.ts';
import { publishLive } from '../live/publish.ts';
import { isOnTeam, teamWhere } from './user-status.ts';

type Writer = Pick<Prisma.TransactionClient, 'notification' | 'user' | 'emailMessage' | 'job' | '$executeRaw'>;

export interface NotificationInput {
  /** One recipient or several. */
  userId: string | readonly string[];
  prototypeId?: number | null;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl?: string | null;
  /**
   * Sent to the recipients as administrators (a seller's submission, message, answer or ticket; a
   * review): admin data, whose text an admin session without the required second factor withholds (ADR 0038).
   */
  adminData?: boolean;
}

/** Creates one notification per recipient (and their e-mails); returns how many were written. */
export async function notify(tx: Writer, links: EmailLinks, input: NotificationInput): Promise<number> {
  const userIds = typeof input.userId === 'string' ? [input.userId] : [...new Set(input.userId)];
  if (userIds.length === 0) return 0;
  const { count } = await tx.notification.createMany({
    data: userIds.map((userId) => ({
      userId,
      prototypeId: input.prototypeId ?? null,
      type: input.type,
      title: input.title,
      message: input.message,
      actionUrl: input.actionUrl ?? null,
      adminData: input.adminData ?? false,
    })),
  });
  // Each recipient's open tabs hear of it once this transaction commits (the bell).
  await publishLive(tx, { topic: 'notifications' }, { users: userIds });
  const subscribers = await tx.user.findMany({
    where: { id: { in: userIds }, emailNotifications: true, status: { not: 'banned' } },
    select: { id: true, email: true, firstName: true },
  });
  await enqueueEmails(
    tx,
    subscribers.map((user) => ({
      userId: user.id,
      to: user.email,
      template: input.type,
      ...notificationEmail(links, { firstName: user.firstName, title: input.title, message: input.message, actionUrl: input.actionUrl ?? null }),
    })),
  );
  return count;
}

/**
 * Notifies whoever answers for a record (a prototype's lead, a ticket's assignee) while they are on
 * the team, else the whole team: a demoted or banned admin's records still reach someone, and their
 * admin data no longer reaches them.
 */
export async function notifyLeadOrTeam(tx: Writer, links: EmailLinks, leadId: string | null, input: Omit<NotificationInput, 'userId' | 'adminData'>) {
  const lead = leadId ? await tx.user.findUnique({ where: { id: leadId }, select: { role: true, status: true } }) : null;
  if (leadId && lead && isOnTeam(lead)) return notify(tx, links, { ...input, userId: leadId, adminData: true });
  return notifyAdmins(tx, links, input);
}

/** Notifies the admin team (e.g. of a new submission or a seller's answer to a quote): admin data. */
export async function notifyAdmins(tx: Writer, links: EmailLinks, input: Omit<NotificationInput, 'userId' | 'adminData'>): Promise<number> {
  const admins = await tx.user.findMany({ where: teamWhere, select: { id: true } });
  return notify(tx, links, { ...input, userId: admins.map((a) => a.id), adminData: true });
}
