// The evaluation workbench (issue 14, points 3, 6, 7): reviewers, each reviewer's own scorecard,
// the lead's final evaluation and the development milestone, and the release of an evaluation to the
// seller. Each change is one transaction with its timeline row, notifications and audit row. No
// timeline row or seller notification carries a score or scorecard text: the seller reads the
// timeline, and nothing of a scorecard reaches the seller before a release.
import type { z } from 'zod';
import type { Prisma } from '~/generated/prisma/client.ts';
import { evaluationScreenPath, sellerPrototypePath } from '~/shared/app-paths.ts';
import { EVALUATION_CLOSED, evaluationRefusal, releaseRefusal } from '~/shared/prototype-workflow.ts';
import type { finalInput, releaseInput, reviewersInput, scorecardInput } from '~/shared/schemas/evaluation.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import type { Clock } from '../services.ts';
import { logActivity } from './activity-log.ts';
import { assertNotOnHold } from './export-control.ts';
import { formatDate, countOf } from '~/shared/format.ts';
import { startOfUtcDay } from '~/shared/days.ts';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from './errors.ts';
import { assertNoConflicts, conflictsWithSeller } from './conflicts-of-interest.ts';
import { notify } from './notifications.ts';
import { lockPanelFor, rememberPanelMembers } from './review-panel.ts';
import { lockLoadsBelowCap, OPEN_REVIEW_STATUSES } from './reviewer-load.ts';
import { recordTimelineEvent } from './prototype-timeline.ts';
import { assertNoStaleScorecards, assertSplitResolved } from './review-integrity.ts';
import { sellerSees } from './seller-visibility.ts';
import { evaluationPrototypeSelect, finalScores, scoreSelect, toEvaluationView } from './views/evaluation-view.ts';
import type { DomainDeps } from './deps.ts';
import { reviewersWhere } from './user-status.ts';

type Tx = Prisma.TransactionClient;

export interface EvaluationRequest extends DomainDeps {
  mailer: EmailLinks;
  clock: Clock;
  actorId: string;
  prototypeId: number;
}

const NOT_FOUND = 'Prototype not found';
export const LEAD_SCORECARD_FIRST = 'Submit your own scorecard before recording the final evaluation';
export const MILESTONE_DATE_PAST = 'The milestone date is in the past: choose today or a later day';
/** Where scoring and the final evaluation are over: isEvaluationClosed (shared) as a where-clause. */
const CLOSED_WHERE: Prisma.PrototypeWhereInput = { OR: [{ status: 'rejected' }, { stage: 'closed' }] };
const OPEN_WHERE: Prisma.PrototypeWhereInput = { NOT: CLOSED_WHERE };

async function readEvaluation(db: Pick<Tx, 'prototype' | 'user' | 'reviewerConflict'>, id: number, viewerId: string) {
  const row = await db.prototype.findUnique({ where: { id }, select: evaluationPrototypeSelect });
  if (!row) throw new NotFoundError(NOT_FOUND);
  const conflicted = (await conflictsWithSeller(db, row.sellerId, [viewerId])).has(viewerId);
  return toEvaluationView(row, viewerId, { conflicted });
}

export function getEvaluation(db: Db, id: number, viewerId: string) {
  return readEvaluation(db, id, viewerId);
}

/**
 * Replaces the reviewers and makes `leadId` the lead (assignedTo); each newly assigned reviewer is
 * notified. Only the lead changes a panel that has one (403); a reviewer in conflict with the seller
 * is refused (422), and so is one past the open-review cap (409, ADR 0049).
 */
export async function setReviewers(
  request: EvaluationRequest,
  input: Pick<z.output<typeof reviewersInput>, 'reviewerIds' | 'leadId'>,
  limits: { reviewLoadMax: number },
) {
  const { db, meta, mailer, actorId, prototypeId: id } = request;
  const reviewerIds = input.reviewerIds.map((r) => r.toLowerCase());
  const leadId = input.leadId.toLowerCase();
  return db.$transaction(async (tx) => {
    const panel = await lockPanelFor(tx, id, actorId);
    await assertNotOnHold(tx, id);
    const admins = await tx.user.findMany({ where: { id: { in: reviewerIds }, ...reviewersWhere(request.clock.now()) }, select: { id: true } });
    if (admins.length !== reviewerIds.length) throw new InvalidInputError('Every reviewer must be an active administrator');
    await assertNoConflicts(tx, panel.sellerId, reviewerIds);
    const before = await tx.prototypeReviewer.findMany({ where: { prototypeId: id }, select: { reviewerId: true } });
    const previous = new Set(before.map((r) => r.reviewerId));
    const added = reviewerIds.filter((r) => !previous.has(r));
    if ((OPEN_REVIEW_STATUSES as readonly string[]).includes(panel.status)) await lockLoadsBelowCap(tx, added, id, limits.reviewLoadMax);
    await tx.prototype.update({ where: { id }, data: { assignedTo: leadId } });
    await rememberPanelMembers(tx, id, reviewerIds);
    await tx.prototypeReviewer.deleteMany({ where: { prototypeId: id, reviewerId: { notIn: reviewerIds } } });
    await tx.prototypeReviewer.createMany({ data: added.map((reviewerId) => ({ prototypeId: id, reviewerId, assignedBy: actorId })) });
    const { prototypeName } = await tx.prototype.findUniqueOrThrow({ where: { id }, select: { prototypeName: true } });
    await recordTimelineEvent(tx, {
      prototypeId: id,
      event: 'reviewers_assigned',
      description: `${countOf(reviewerIds.length, 'reviewer')} assigned`,
      performedBy: actorId,
      metadata: { count: reviewerIds.length },
    });
    await notify(tx, mailer, {
      userId: added,
      prototypeId: id,
      type: 'review_assigned',
      title: 'Review assigned',
      message: `You are a reviewer of "${prototypeName}"${added.includes(leadId) ? ' (lead)' : ''}. Please submit your scorecard.`,
      actionUrl: evaluationScreenPath(id),
      adminData: true,
    });
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.prototype.reviewers',
      targetType: 'prototype',
      targetId: id,
      details: { reviewerIds, leadId, added, removed: [...previous].filter((r) => !reviewerIds.includes(r)) },
    });
    return readEvaluation(tx, id, actorId);
  });
}

/** The caller's own scorecard, created or replaced: only an assigned reviewer, only while the evaluation is open. */
export async function submitScorecard(request: EvaluationRequest, input: Omit<z.output<typeof scorecardInput>, 'id'>) {
  const { db, meta, actorId, prototypeId: id } = request;
  return db.$transaction(async (tx) => {
    // The prototype before the people (assertNoConflicts), in the order panel and profile changes lock them.
    await tx.$executeRaw`SELECT 1 FROM prototypes WHERE id = ${id} FOR SHARE`;
    const prototype = await tx.prototype.findUnique({
      where: { id },
      select: { status: true, stage: true, sellerId: true, reviewers: { where: { reviewerId: actorId }, select: { reviewerId: true } } },
    });
    if (!prototype) throw new NotFoundError(NOT_FOUND);
    if (prototype.reviewers.length === 0) throw new ForbiddenError('Only an assigned reviewer may submit a scorecard');
    // A conflict that arose after assignment (a changed organization or e-mail) stops scoring (ADR 0049).
    await assertNoConflicts(tx, prototype.sellerId, [actorId]);
    const closed = evaluationRefusal(prototype);
    if (closed) throw new ConflictError(closed);
    const existing = await tx.scorecard.findUnique({ where: { prototypeId_reviewerId: { prototypeId: id, reviewerId: actorId } }, select: { id: true } });
    await tx.scorecard.upsert({
      where: { prototypeId_reviewerId: { prototypeId: id, reviewerId: actorId } },
      create: { ...input, prototypeId: id, reviewerId: actorId, submittedAt: request.clock.now(), updatedAt: request.clock.now() },
      // A changed scorecard is current again (issue 33, point 4); when it changed is the clock's (a discussion note is compared with it).
      update: { ...input, staleSince: null, updatedAt: request.clock.now() },
    });
    await recordTimelineEvent(tx, {
      prototypeId: id,
      event: 'scorecard_submitted',
      description: existing ? 'Scorecard updated' : 'Scorecard submitted',
      performedBy: actorId,
      metadata: { updated: existing !== null },
    });
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.prototype.scorecard',
      targetType: 'prototype',
      targetId: id,
      details: { updated: existing !== null },
    });
    return readEvaluation(tx, id, actorId);
  });
}

/**
 * The lead's final evaluation into the prototype's own columns, and/or the development milestone.
 * Only the lead (assignedTo); 409 when there is none or the evaluation is closed. One conditional
 * update, so a lead replaced meanwhile cannot write.
 */
export async function finalise(request: EvaluationRequest, input: Omit<z.output<typeof finalInput>, 'id'>) {
  const { db, meta, mailer, actorId, prototypeId: id } = request;
  const { nextMilestone, milestoneDate, ...scores } = input;
  const hasScores = scores.technicalFeasibility !== undefined;
  return db.$transaction(async (tx) => {
    const before = await tx.prototype.findUnique({
      where: { id },
      select: { assignedTo: true, status: true, stage: true, sellerId: true, prototypeName: true, nextMilestone: true, milestoneDate: true },
    });
    if (!before) throw new NotFoundError(NOT_FOUND);
    if (!before.assignedTo) throw new ConflictError('Assign a lead reviewer first');
    if (before.assignedTo !== actorId) throw new ForbiddenError('Only the lead reviewer may record the final evaluation');
    // The lead sees the others' scorecards and the final figures only once their own counts (ADR 0049),
    // so they score before they write the figures everyone sees.
    if (hasScores) {
      const own = await tx.scorecard.count({ where: { prototypeId: id, reviewerId: actorId, conflictExcludedAt: null } });
      if (own === 0) throw new ConflictError(LEAD_SCORECARD_FIRST);
    }
    // A new milestone date before today is a slip of the picker, not a plan (issue 34, point 15). A
    // date already stored may pass meanwhile: saving the form again keeps it (the seller sees it overdue).
    if (milestoneDate && milestoneDate.getTime() !== before.milestoneDate?.getTime() && milestoneDate < startOfUtcDay(request.clock.now())) {
      throw new InvalidInputError(MILESTONE_DATE_PAST);
    }
    const data: Prisma.PrototypeUpdateManyMutationInput = hasScores ? { ...scores } : {};
    if (nextMilestone !== undefined) data.nextMilestone = nextMilestone;
    if (milestoneDate !== undefined) data.milestoneDate = milestoneDate;
    const { count } = await tx.prototype.updateMany({ where: { id, assignedTo: actorId, ...OPEN_WHERE }, data });
    if (count === 0) {
      const now = await tx.prototype.findUnique({ where: { id }, select: { assignedTo: true } });
      if (!now) throw new NotFoundError(NOT_FOUND);
      if (now.assignedTo !== actorId) throw new ForbiddenError('Only the lead reviewer may record the final evaluation');
      throw new ConflictError(EVALUATION_CLOSED);
    }
    if (hasScores) {
      await recordTimelineEvent(tx, { prototypeId: id, event: 'evaluation_finalised', description: 'Final evaluation recorded', performedBy: actorId });
    }
    const milestone = nextMilestone === undefined ? before.nextMilestone : nextMilestone;
    const date = milestoneDate === undefined ? before.milestoneDate : milestoneDate;
    const milestoneChanged = milestone !== before.nextMilestone || (date?.getTime() ?? null) !== (before.milestoneDate?.getTime() ?? null);
    if (milestoneChanged) {
      await recordTimelineEvent(tx, {
        prototypeId: id,
        event: 'milestone_set',
        description: milestone ? `Next milestone: ${milestone}` : 'Milestone cleared',
        performedBy: actorId,
        metadata: { milestone, date: date?.toISOString() ?? null },
      });
      // The seller sees the milestone only once the prototype is in development (so is only told then).
      if (sellerSees('milestone_set', before.status) && milestone) {
        await notify(tx, mailer, {
          userId: before.sellerId,
          prototypeId: id,
          type: 'milestone_set',
          title: 'Next milestone',
          message: `Next milestone for "${before.prototypeName}": ${milestone}${date ? ` (by ${formatDate(date, { timeZone: 'UTC' })})` : ''}.`,
          actionUrl: sellerPrototypePath(id),
        });
      }
    }
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.prototype.evaluation',
      targetType: 'prototype',
      targetId: id,
      details: { ...(hasScores ? { final: scores } : {}), ...(milestoneChanged ? { milestone, milestoneDate: date?.toISOString() ?? null } : {}) },
    });
    return readEvaluation(tx, id, actorId);
  });
}

/**
 * Releases an evaluation summary to the seller (after a decision). With includeScores the final
 * figures are copied as they are now; the feedback due date is met by the first release.
 */
export async function release(request: EvaluationRequest, input: Omit<z.output<typeof releaseInput>, 'id'>) {
  const { db, meta, mailer, clock, actorId, prototypeId: id } = request;
  return db.$transaction(async (tx) => {
    const prototype = await tx.prototype.findUnique({
      where: { id },
      select: {
        status: true,
        sellerId: true,
        prototypeName: true,
        ...scoreSelect,
      },
    });
    if (!prototype) throw new NotFoundError(NOT_FOUND);
    const refusal = releaseRefusal({ status: prototype.status, finalRecorded: prototype.technicalFeasibility !== null }, input.includeScores);
    if (refusal) throw new ConflictError(refusal);
    await assertNoStaleScorecards(tx, id);
    await assertSplitResolved(tx, id);
    const now = clock.now();
    const created = await tx.evaluationRelease.create({
      data: {
        prototypeId: id,
        releasedBy: actorId,
        summary: input.summary,
        strengths: input.strengths,
        concerns: input.concerns,
        includeScores: input.includeScores,
        scores: input.includeScores ? finalScores(prototype) : undefined,
        releasedAt: now,
      },
      select: { id: true },
    });
    await tx.prototype.updateMany({ where: { id, feedbackMetAt: null }, data: { feedbackMetAt: now } });
    await recordTimelineEvent(tx, { prototypeId: id, event: 'evaluation_released', description: 'Evaluation released', performedBy: actorId });
    await notify(tx, mailer, {
      userId: prototype.sellerId,
      prototypeId: id,
      type: 'evaluation_released',
      title: 'Evaluation released',
      message: `The evaluation team has released its evaluation of "${prototype.prototypeName}".`,
      actionUrl: sellerPrototypePath(id),
    });
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.prototype.release',
      targetType: 'prototype',
      targetId: id,
      details: { releaseId: created.id, includeScores: input.includeScores },
    });
    return readEvaluation(tx, id, actorId);
  });
}
