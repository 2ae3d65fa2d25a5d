// Bulk notifications (bulk_notifications): an admin's announcement to an audience. Sending freezes
// the recipients, then the `bulk_notification` job delivers them in batches: each batch locks its
// recipient rows, writes their notifications (and e-mails) and marks them delivered in one
// transaction, so every recipient gets it exactly once even with several workers.
import type { Prisma } from '~/generated/prisma/client.ts';
import { type AudienceInput, audienceKey, audienceLabel, parseAudienceKey } from '~/shared/schemas/messages.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import type { ClaimedJob } from '../jobs/queue.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Clock } from '../services.ts';
import { logActivity } from './activity-log.ts';
import { ConflictError, NotFoundError } from './errors.ts';
import { notify } from './notifications.ts';
import { publishLive } from '../live/publish.ts';
import { personName } from './views/person-name.ts';
import type { DomainDeps } from './deps.ts';
import { newestFirst } from './keyset.ts';

export const BULK_JOB = 'bulk_notification';
export const BULK_BATCH_SIZE = 100;
export const BULK_NOT_FOUND = 'Bulk notification not found';
export const ONLY_DRAFT_SENT = 'Only a draft can be sent';
export const ONLY_SCHEDULED_CANCELLED = 'Only a scheduled notification that has not started can be cancelled';
/** The admins' list answers at most this many. */
const BULK_LIST_MAX = 100;

export interface BulkDeps extends DomainDeps {
  actorId: string;
  now: Date;
}

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

/** A time in the past (or none) means now. */
const deliveryTime = (scheduledFor: Date | null | undefined, now: Date) => (scheduledFor && scheduledFor > now ? scheduledFor : now);

/** The admins' list, newest first, with each audience's label. */
export async function listBulk(db: Db) {
  const rows = await db.bulkNotification.findMany({
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
      admin: { select: personName },
    },
    orderBy: newestFirst(),
    take: BULK_LIST_MAX,
  });
  return rows.map((row) => ({ ...row, audienceLabel: audienceLabel(row.targetAudience) }));
}

/** A new bulk notification: kept as a draft, or sent now, or scheduled for `scheduledFor`. */
export async function createBulk(
  deps: BulkDeps,
  input: { title: string; message: string; target: AudienceInput; draft?: boolean | undefined; scheduledFor?: Date | null | undefined },
) {
  const { db, meta, actorId, now } = deps;
  const when = deliveryTime(input.scheduledFor, now);
  return db.$transaction(async (tx) => {
    const created = await tx.bulkNotification.create({
      data: {
        adminId: actorId,
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
    await logActivity(tx, meta, {
      userId: actorId,
      action: input.draft ? 'admin.bulk.draft' : when > now ? 'admin.bulk.schedule' : 'admin.bulk.send',
      targetType: 'bulk_notification',
      targetId: created.id,
      details: { audience: audienceKey(input.target), scheduledFor: input.draft ? null : when.toISOString() },
    });
    return tx.bulkNotification.findUniqueOrThrow({ where: { id: created.id } });
  });
}

/** Sends (or schedules) a draft. */
export async function sendBulk(deps: BulkDeps, input: { id: number; scheduledFor?: Date | null | undefined }) {
  const { db, meta, actorId, now } = deps;
  const when = deliveryTime(input.scheduledFor, now);
  return db.$transaction(async (tx) => {
    const draft = await tx.bulkNotification.findUnique({ where: { id: input.id }, select: { status: true } });
    if (!draft) throw new NotFoundError(BULK_NOT_FOUND);
    if (draft.status !== 'draft') throw new ConflictError(ONLY_DRAFT_SENT);
    await scheduleDelivery(tx, input.id, when);
    await logActivity(tx, meta, { userId: actorId, action: 'admin.bulk.send', targetType: 'bulk_notification', targetId: input.id });
    return tx.bulkNotification.findUniqueOrThrow({ where: { id: input.id } });
  });
}

/** A scheduled notification goes back to draft (its job then finds nothing to do). */
export async function cancelBulk(deps: BulkDeps, id: number) {
  const { db, meta, actorId } = deps;
  const { count } = await db.bulkNotification.updateMany({ where: { id, status: 'scheduled' }, data: { status: 'draft', scheduledFor: null } });
  if (count === 0) throw new ConflictError(ONLY_SCHEDULED_CANCELLED);
  await publishBulkProgress(db);
  await logActivity(db, meta, { userId: actorId, action: 'admin.bulk.cancel', targetType: 'bulk_notification', targetId: id });
  return { id, status: 'draft' as const };
}

async function freezeRecipients(db: Db, id: number, now: Date) {
  await db.$transaction(async (tx) => {
    const started = await tx.bulkNotification.updateMany({
      where: { id, status: 'scheduled', OR: [{ scheduledFor: null }, { scheduledFor: { lte: now } }] },
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

/** Delivers one batch (delivered at `now`); false when nothing was left to take. */
export async function deliverBatch(db: Db, links: EmailLinks, id: number, now: Date, size = BULK_BATCH_SIZE): Promise<boolean> {
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
      data: { deliveredAt: now },
    });
    await tx.bulkNotification.update({ where: { id }, data: { deliveredCount: { increment: userIds.length } } });
    await publishBulkProgress(tx);
    return true;
  });
}

/** The `bulk` job; its e-mails link to `links.publicUrl`; `clock` says whether a scheduled one is due. */
export const bulkNotificationJobHandler = (links: EmailLinks, clock: Clock) => async (job: ClaimedJob, ctx: { db: Db; extendLease(): Promise<boolean> }) => {
  const id = Number((job.payload as { bulkId?: unknown } | null)?.bulkId);
  const { db } = ctx;
  try {
    await freezeRecipients(db, id, clock.now());
    while (await deliverBatch(db, links, id, clock.now())) {
      // Another worker took the job over (our lease ran out): it finishes the rest.
      if (!(await ctx.extendLease())) return;
    }
    await db.bulkNotification.updateMany({
      where: { id, status: 'sending', recipients: { none: { deliveredAt: null } } },
      data: { status: 'completed', completedAt: clock.now() },
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
