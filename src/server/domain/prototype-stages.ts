// The database side of the stage table (src/shared/prototype-stages.ts): an admin's move one stage
// forward or back as one conditional update, and the record every stage change leaves (timeline
// row with who and when; the initial-review due date met when a prototype first leaves
// initial_review), whether a move or a status transition changed the stage.
import type { Prisma } from '~/generated/prisma/client.ts';
import { type PrototypeStage, STAGE_MOVABLE_STATUSES, stageMoveRefusal, statusAfterStageMove } from '~/shared/prototype-stages.ts';
import { sellerPrototypePath } from '~/shared/app-paths.ts';
import { stateInSentence } from '~/shared/format.ts';
import { logActivity } from './activity-log.ts';
import { ConflictError, NotFoundError } from './errors.ts';
import { notify } from './notifications.ts';
import { recordTimelineEvent } from './prototype-timeline.ts';
import type { TransitionRequest } from './prototype-transitions.ts';
import { adminPrototypeSelect, toAdminPrototypeView } from './views/prototype-view.ts';

type Tx = Prisma.TransactionClient;

/**
 * The columns a stage change writes: the stage, and initialReviewMetAt when the prototype leaves
 * initial_review for the first time (the review promise's first due date is met).
 */
export function stageChangeData(
  change: { from: PrototypeStage; to: PrototypeStage; initialReviewMetAt: Date | null },
  now: Date,
): { stage: PrototypeStage; initialReviewMetAt?: Date } {
  const firstLeave = change.from === 'initial_review' && change.to !== 'initial_review' && !change.initialReviewMetAt;
  return { stage: change.to, ...(firstLeave ? { initialReviewMetAt: now } : {}) };
}

/** The timeline row of a stage change, with who made it (its eventDate is when). */
export function recordStageChangeEvent(tx: Tx, change: { prototypeId: number; from: PrototypeStage; to: PrototypeStage; actorId: string }) {
  return recordTimelineEvent(tx, {
    prototypeId: change.prototypeId,
    event: 'stage_changed',
    performedBy: change.actorId,
    metadata: { from: change.from, to: change.to },
  });
}

/**
 * An admin moves a prototype one stage forward or back (stageMoveRefusal says where it may go). One
 * conditional update: it matches only while the prototype is still in the stage (and status) it was
 * read in, so of two admins moving at once one wins and the other gets a 409. Moving a submitted
 * prototype out of initial_review starts its review in the same update.
 */
export async function moveStage(request: TransitionRequest, to: PrototypeStage) {
  const { db, meta, mailer, actorId, prototypeId: id, now } = request;
  return db.$transaction(async (tx) => {
    const row = await tx.prototype.findUnique({
      where: { id },
      select: { status: true, stage: true, initialReviewMetAt: true, sellerId: true, prototypeName: true },
    });
    if (!row) throw new NotFoundError('Prototype not found');
    const refusal = stageMoveRefusal(row, to);
    if (refusal) throw new ConflictError(refusal);
    const status = statusAfterStageMove(row);
    const startsReview = status !== row.status;
    const { count } = await tx.prototype.updateMany({
      where: { id, stage: row.stage, status: startsReview ? row.status : { in: [...STAGE_MOVABLE_STATUSES] } },
      data: { ...stageChangeData({ from: row.stage, to, initialReviewMetAt: row.initialReviewMetAt }, now), ...(startsReview ? { status } : {}) },
    });
    if (count === 0) {
      // Someone else changed the prototype between the read and the update.
      const current = await tx.prototype.findUnique({ where: { id }, select: { status: true, stage: true } });
      if (!current) throw new NotFoundError('Prototype not found');
      throw new ConflictError(stageMoveRefusal(current, to) ?? 'The prototype was changed meanwhile; reload and try again');
    }
    if (startsReview) {
      await recordTimelineEvent(tx, { prototypeId: id, event: 'status_changed', performedBy: actorId, metadata: { action: 'moveStage', status } });
    }
    await recordStageChangeEvent(tx, { prototypeId: id, from: row.stage, to, actorId });
    await notify(tx, mailer, {
      userId: row.sellerId,
      prototypeId: id,
      type: 'prototype_stage_changed',
      title: 'Evaluation stage changed',
      message: `Your prototype "${row.prototypeName}" is now in ${stateInSentence(to)}${startsReview ? ' and under review' : ''}.`,
      actionUrl: sellerPrototypePath(id),
    });
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.prototype.stage',
      targetType: 'prototype',
      targetId: id,
      details: { from: row.stage, to, ...(startsReview ? { status } : {}) },
    });
    return toAdminPrototypeView(await tx.prototype.findUniqueOrThrow({ where: { id }, select: adminPrototypeSelect }));
  });
}
