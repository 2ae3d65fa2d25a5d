// Review integrity (issue 33, points 4, 5, 6; ADR 0048): scorecards that go stale when the seller
// answers an information request, the discussion a split decision needs, and the categories of a
// decline with their report. The gates (assertNoStaleScorecards, assertSplitResolved) run inside the
// transactions of release, approve and quote, after their own state checks.
import type { Prisma } from '~/generated/prisma/client.ts';
import { evaluationScreenPath } from '~/shared/app-paths.ts';
import { type DeclineCategory, DECLINE_CATEGORIES } from '~/shared/decline-reasons.ts';
import {
  NO_SCORECARD_TO_CONFIRM,
  ONLY_LEAD_DISCUSSES,
  SPLIT_NEEDS_DISCUSSION,
  STALE_SCORECARDS_BLOCK_RELEASE,
  splitReasons,
} from '~/shared/review-integrity.ts';
import { evaluationRefusal } from '~/shared/prototype-workflow.ts';
import { addDays } from '~/shared/days.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { logActivity } from './activity-log.ts';
import { ConflictError, ForbiddenError, NotFoundError } from './errors.ts';
import { notify } from './notifications.ts';
import { recordTimelineEvent } from './prototype-timeline.ts';
import { type EvaluationRequest, getEvaluation } from './evaluation.ts';
import { isoDay } from '~/shared/format.ts';

type Tx = Prisma.TransactionClient;
const NOT_FOUND = 'Prototype not found';

/**
 * The seller answered an information request at `at`: every scorecard of the prototype not already
 * stale becomes stale (a raw update, so `updated_at` keeps meaning "the scores changed"), and its
 * reviewer is told. In the answer's transaction.
 */
export async function markScorecardsStale(tx: Tx, mailer: EmailLinks, prototype: { id: number; prototypeName: string }, at: Date) {
  const marked = await tx.$queryRaw<{ reviewer_id: string }[]>`
    UPDATE prototype_scorecards SET stale_since = ${at}
    WHERE prototype_id = ${prototype.id} AND stale_since IS NULL AND submitted_at <= ${at}
    RETURNING reviewer_id`;
  await notify(tx, mailer, {
    userId: marked.map((r) => r.reviewer_id),
    prototypeId: prototype.id,
    type: 'scorecard_stale',
    title: 'Your scorecard may be out of date',
    message: `The seller of "${prototype.prototypeName}" answered an information request after you scored it. Please confirm your scorecard or change it.`,
    actionUrl: evaluationScreenPath(prototype.id),
    adminData: true,
  });
  return marked.length;
}

/** POST /api/admin/prototypes/{id}/scorecard/confirm: the caller's scorecard stands as it is (clears stale). */
export async function confirmScorecard(request: EvaluationRequest) {
  const { db, meta, actorId, prototypeId: id } = request;
  await db.$transaction(async (tx) => {
    const prototype = await tx.prototype.findUnique({ where: { id }, select: { id: true } });
    if (!prototype) throw new NotFoundError(NOT_FOUND);
    const card = await tx.scorecard.findUnique({ where: { prototypeId_reviewerId: { prototypeId: id, reviewerId: actorId } }, select: { staleSince: true } });
    if (!card) throw new ConflictError(NO_SCORECARD_TO_CONFIRM);
    if (card.staleSince) {
      await tx.$executeRaw`UPDATE prototype_scorecards SET stale_since = NULL WHERE prototype_id = ${id} AND reviewer_id = ${actorId}::uuid`;
      await logActivity(tx, meta, {
        userId: actorId,
        action: 'admin.prototype.scorecard_confirmed',
        targetType: 'prototype',
        targetId: id,
        details: { staleSince: card.staleSince.toISOString() },
      });
    }
  });
  return getEvaluation(db, id, actorId);
}

/** 409 while any scorecard of the prototype is stale (release). */
export async function assertNoStaleScorecards(tx: Tx, prototypeId: number) {
  // A scorecard set aside for a conflict of interest counts for nothing (ADR 0049), stale or not.
  const stale = await tx.scorecard.count({ where: { prototypeId, staleSince: { not: null }, conflictExcludedAt: null } });
  if (stale > 0) throw new ConflictError(STALE_SCORECARDS_BLOCK_RELEASE);
}

/** The split state: why the scorecards disagree (empty when they do not) and whether a note since the last change resolves it. */
export async function splitState(db: Pick<Tx, 'scorecard' | 'discussionNote'>, prototypeId: number) {
  const cards = await db.scorecard.findMany({
    where: { prototypeId, conflictExcludedAt: null },
    select: { trl: true, technicalFeasibility: true, commercialViability: true, submittedAt: true, updatedAt: true },
  });
  const reasons = splitReasons(cards);
  if (reasons.length === 0) return { reasons, resolved: true };
  const lastChange = Math.max(...cards.map((c) => Math.max(c.submittedAt.getTime(), c.updatedAt.getTime())));
  const note = await db.discussionNote.findFirst({ where: { prototypeId, createdAt: { gte: new Date(lastChange) } }, select: { id: true } });
  return { reasons, resolved: note !== null };
}

/** 409 while the scorecards are split and no discussion note was recorded since they last changed (approve, quote, release). */
export async function assertSplitResolved(tx: Tx, prototypeId: number) {
  const { reasons, resolved } = await splitState(tx, prototypeId);
  if (!resolved) throw new ConflictError(`${SPLIT_NEEDS_DISCUSSION} (${reasons.join('; ')})`);
}

/** POST /api/admin/prototypes/{id}/discussion: the lead's note (internal; its timeline row is not the seller's). */
export async function recordDiscussionNote(request: EvaluationRequest, note: string) {
  const { db, meta, clock, actorId, prototypeId: id } = request;
  await db.$transaction(async (tx) => {
    const prototype = await tx.prototype.findUnique({ where: { id }, select: { assignedTo: true, status: true, stage: true } });
    if (!prototype) throw new NotFoundError(NOT_FOUND);
    if (prototype.assignedTo !== actorId) throw new ForbiddenError(ONLY_LEAD_DISCUSSES);
    const closed = evaluationRefusal(prototype);
    if (closed) throw new ConflictError(closed);
    const created = await tx.discussionNote.create({
      data: { prototypeId: id, authorId: actorId, note, createdAt: clock.now() },
      select: { id: true, note: true, createdAt: true },
    });
    await recordTimelineEvent(tx, { prototypeId: id, event: 'discussion_recorded', description: 'Discussion note recorded', performedBy: actorId });
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.prototype.discussion',
      targetType: 'prototype',
      targetId: id,
      details: { noteId: created.id },
    });
  });
  return getEvaluation(db, id, actorId);
}

/** One decline (a prototype rejected, or its quote), with its category when the admin gave one. */
export async function recordDecline(
  tx: Tx,
  decline: { prototypeId: number; kind: 'prototype' | 'quote'; category: DeclineCategory | null; declinedBy: string; declinedAt: Date },
) {
  await tx.prototypeDecline.create({ data: decline, select: { id: true } });
}

/** The latest decline's category, for the seller's page (null when none was given). */
export async function latestDeclineCategory(db: Pick<Tx, 'prototypeDecline'>, prototypeId: number): Promise<DeclineCategory | null> {
  const row = await db.prototypeDecline.findFirst({ where: { prototypeId }, orderBy: [{ declinedAt: 'desc' }, { id: 'desc' }], select: { category: true } });
  return (row?.category as DeclineCategory | null | undefined) ?? null;
}

export const DECLINE_REPORT_MONTHS = 12;

/**
 * Declines by month (UTC, "YYYY-MM") and category (`uncategorised` when none was given), counting a
 * prototype's and a quote's alike; `from`/`to` are days, `to` inclusive; by default the last 12 months.
 */
export async function declineReasonsReport(db: Db, range: { from?: Date; to?: Date }, now: Date) {
  const to = range.to ?? now;
  const end = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate() + 1));
  const from = range.from ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (DECLINE_REPORT_MONTHS - 1), 1));
  const rows = await db.$queryRaw<{ month: string; category: string | null; count: number }[]>`
    SELECT to_char(declined_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, category, count(*)::int AS count
    FROM prototype_declines WHERE declined_at >= ${from} AND declined_at < ${end}
    GROUP BY 1, 2 ORDER BY 1, 2`;
  const categories = [...DECLINE_CATEGORIES, 'uncategorised'] as const;
  const months = new Map<string, Record<(typeof categories)[number], number>>();
  for (const row of rows) {
    const counts = months.get(row.month) ?? (Object.fromEntries(categories.map((c) => [c, 0])) as Record<(typeof categories)[number], number>);
    const key = row.category && (DECLINE_CATEGORIES as readonly string[]).includes(row.category) ? (row.category as DeclineCategory) : 'uncategorised';
    counts[key] += row.count;
    months.set(row.month, counts);
  }
  return {
    from: isoDay(from),
    to: isoDay(addDays(end, -1)),
    months: [...months].map(([month, counts]) => ({ month, counts, total: Object.values(counts).reduce((a, b) => a + b, 0) })),
  };
}
