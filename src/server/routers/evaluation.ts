// The evaluation workbench's procedures (issue 14, points 3, 6, 7): thin adapters over
// domain/evaluation.ts. Admins only, changes with prototypes.review (ADR 0019); who among them may act (an
// assigned reviewer, the lead) is the domain's rule.
import { discussionInput, finalInput, releaseInput, reviewersInput, scorecardInput } from '~/shared/schemas/evaluation.ts';
import { declineReportInput, prototypeIdInput } from '~/shared/schemas/admin.ts';
import type { Context } from '../context.ts';
import * as evaluation from '../domain/evaluation.ts';
import * as integrity from '../domain/review-integrity.ts';
import { adminProcedure, capabilityProcedure, router } from '../trpc.ts';

type AdminContext = Context & { user: NonNullable<Context['user']> };

function request(ctx: AdminContext, prototypeId: number): evaluation.EvaluationRequest {
  return { db: ctx.db, meta: ctx.meta, mailer: ctx.mailer, clock: ctx.clock, actorId: ctx.user.id, prototypeId };
}

// The capability each change needs (ADR 0019).
const reviewProcedure = capabilityProcedure('prototypes.review');

export const evaluationRouter = router({
  /** The evaluation of one prototype as the caller may see it (scorecards under the visibility rule). */
  evaluation: adminProcedure.input(prototypeIdInput).query(({ ctx, input }) => evaluation.getEvaluation(ctx.db, input.id, ctx.user.id)),

  setReviewers: reviewProcedure.input(reviewersInput).mutation(({ ctx, input }) => evaluation.setReviewers(request(ctx, input.id), input, ctx.config)),

  submitScorecard: reviewProcedure.input(scorecardInput).mutation(({ ctx, input: { id, ...card } }) => evaluation.submitScorecard(request(ctx, id), card)),

  finalise: reviewProcedure.input(finalInput).mutation(({ ctx, input: { id, ...final } }) => evaluation.finalise(request(ctx, id), final)),

  /** Issue 33, point 4: the caller's scorecard stands as it is (clears its stale mark). */
  confirmScorecard: reviewProcedure.input(prototypeIdInput).mutation(({ ctx, input }) => integrity.confirmScorecard(request(ctx, input.id))),

  /** Issue 33, point 5: the lead's note on how a split was resolved (internal). */
  discuss: reviewProcedure.input(discussionInput).mutation(({ ctx, input }) => integrity.recordDiscussionNote(request(ctx, input.id), input.note)),

  /** Issue 33, point 6: declines by category and month. */
  declineReasons: adminProcedure.input(declineReportInput).query(({ ctx, input }) => integrity.declineReasonsReport(ctx.db, input, ctx.clock.now())),

  release: reviewProcedure.input(releaseInput).mutation(({ ctx, input: { id, ...body } }) => evaluation.release(request(ctx, id), body)),
});
