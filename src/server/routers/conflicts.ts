// Conflicts of interest and reviewer suggestions (issue 33, points 1 and 3): thin adapters over
// domain/conflicts-of-interest.ts and domain/reviewer-load.ts. Admins only; each declares their own.
import { prototypeIdInput } from '~/shared/schemas/admin.ts';
import { conflictIdInput, declareConflictInput } from '~/shared/schemas/conflicts.ts';
import * as conflicts from '../domain/conflicts-of-interest.ts';
import { reviewerSuggestions } from '../domain/reviewer-load.ts';
import { adminProcedure, router } from '../trpc.ts';

export const conflictsRouter = router({
  /** The caller's declared conflicts. */
  mine: adminProcedure.query(({ ctx }) => conflicts.ownConflicts(ctx.db, ctx.user.id)),

  declare: adminProcedure
    .input(declareConflictInput)
    .mutation(({ ctx, input }) => conflicts.declareConflict({ db: ctx.db, meta: ctx.meta, clock: ctx.clock, actorId: ctx.user.id }, input)),

  remove: adminProcedure
    .input(conflictIdInput)
    .mutation(({ ctx, input }) => conflicts.removeConflict({ db: ctx.db, meta: ctx.meta, clock: ctx.clock, actorId: ctx.user.id }, input.id)),

  /** Each admin's conflicts with this prototype's seller. */
  forPrototype: adminProcedure.input(prototypeIdInput).query(({ ctx, input }) => conflicts.prototypeConflicts(ctx.db, input.id, ctx.clock.now())),

  /** Admins without a conflict, ranked by expertise match then open load. */
  suggestions: adminProcedure.input(prototypeIdInput).query(({ ctx, input }) => reviewerSuggestions(ctx.db, input.id, ctx.clock.now())),
});
