// Bulk notifications (bulk_notifications): an admin's announcement to an audience. Sending freezes
// the recipients, then the `bulk_notification` job delivers them in batches: each batch locks its
// recipient rows, writes their notifications (and e-mails) and marks them delivered in one
// transaction, so every recipient gets it exactly once even with several workers.
import type { Prisma } from '~/generated/prisma/client.ts';
import { type AudienceInput, parseAudienceKey } from '~/shared/schemas/messages.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import type { ClaimedJob } from '../jobs/queue.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { notify } from './notifications.ts';
import { publishLive } from '../live/publish.ts';

export const BULK_JOB = 'bulk_notification';
export const BULK_BATCH_SIZE = 100;

/** Who an audience is; banned accounts never receive announcements. */
export function audienceWhere(target: AudienceInput): Prisma.UserWhereInput {
  const base: Prisma.UserWhereInput = { status: { not: 'banned' } };
  switch (target.audience) {
    case 'everyone':
      return base;
    case 'all_users':
      return { ...base, role: 'user' };
    case 'admins':
      return { ...base, role: 'admin' };
    case 'sellers':
      return { ...base, role: 'user', prototypes: { some: {} } };
    case 'prototype_status':
      return { ...base, role: 'user', prototypes: { some: { status: target.prototypeStatus! } } };
  }
}

/** The admins' bulk list (status, delivery progress) changed. */
export function publishBulkProgress(tx: Pick<Prisma.TransactionClient, '$executeRaw'>) {
  return publishLive(tx, { topic: 'bulk' }, { admins: true });
}

export function countAudience(db: Pick<Db, 'user'>, target: AudienceInput) {
  return db.user.count({ where: audienceWhere(target) });
}

/** Queues the delivery job of a draft or scheduled bulk notification (in the caller's transaction). */
export async function scheduleDelivery(tx: Prisma.TransactionClient, id: number, when: Date) {
  await tx.bulkNotification.update({ where: { id }, data: { status: 'scheduled', scheduledFor: when } });
  await enqueueJob(tx, BULK_JOB, { bulkId: id }, { runAt: when });
  await publishBulkProgress(tx);
}

async function freezeRecipients(db: Db, id: number) {
  await db.$transaction(async (tx) => {
    const started = await tx.bulkNotification.updateMany({
      where: { id, status: 'scheduled', OR: [{ scheduledFor: null }, { scheduledFor: { lte: new Date() } }] },
      data: { status: 'sending' },
    });
    if (started.count === 0) return;
    const bulk = await tx.bulkNotification.findUniqueOrThrow({ where: { id }, select: { targetAudience: true } });
    const target = parseAudienceKey(bulk.targetAudience);
    const users = target ? await tx.user.findMany({ where: audienceWhere(target), select: { id: true } }) : [];
    for (let i = 0; i < users.length; i += 5000) {
      await tx.bulkNotificationRecipient.createMany({
        data: users.slice(i, i + 5000).map((u) => ({ bulkNotificationId: id, userId: u.id })),
        skipDuplicates: true,
      });
    }
    await tx.bulkNotification.update({ where: { id }, data: { recipientCount: users.length, deliveredCount: 0 } });
    await publishBulkProgress(tx);
  });
}

/** Delivers one batch; false when nothing was left to take. */
export async function deliverBatch(db: Db, links: EmailLinks, id: number, size = BULK_BATCH_SIZE): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const bulk = await tx.bulkNotification.findUnique({ where: { id }, select: { title: true, message: true, status: true } });
    if (!bulk || bulk.status !== 'sending') return false;
    const rows = await tx.$queryRaw<{ user_id: string }[]>`
      SELECT user_id FROM bulk_notification_recipients
      WHERE bulk_notification_id = ${id} AND delivered_at IS NULL
      ORDER BY user_id LIMIT ${size}
      FOR UPDATE SKIP LOCKED`;
    if (rows.length === 0) return false;
    const userIds = rows.map((r) => r.user_id);
    await notify(tx, links, { userId: userIds, type: 'announcement', title: bulk.title, message: bulk.message, actionUrl: null });
    await tx.bulkNotificationRecipient.updateMany({
      where: { bulkNotificationId: id, userId: { in: userIds }, deliveredAt: null },
      data: { deliveredAt: new Date() },
    });
    await tx.bulkNotification.update({ where: { id }, data: { deliveredCount: { increment: userIds.length } } });
    await publishBulkProgress(tx);
    return true;
  });
}

/** The `bulk` job; its e-mails link to `links.publicUrl`. */
export const bulkNotificationJobHandler = (links: EmailLinks) => async (job: ClaimedJob, ctx: { db: Db; extendLease(): Promise<boolean> }) => {
  const id = Number((job.payload as { bulkId?: unknown } | null)?.bulkId);
  const { db } = ctx;
  try {
    await freezeRecipients(db, id);
    while (await deliverBatch(db, links, id)) {
      // Another worker took the job over (our lease ran out): it finishes the rest.
      if (!(await ctx.extendLease())) return;
    }
    await db.bulkNotification.updateMany({
      where: { id, status: 'sending', recipients: { none: { deliveredAt: null } } },
      data: { status: 'completed', completedAt: new Date() },
    });
    await publishBulkProgress(db);
  } catch (error) {
    if (job.attempts >= job.maxAttempts) {
      await db.bulkNotification.updateMany({ where: { id, status: 'sending' }, data: { status: 'failed' } });
      await publishBulkProgress(db);
    }
    throw error;
  }
};
