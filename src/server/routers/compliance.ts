// Export control for compliance officers (issue 32, ADR 0050): a prototype's compliance record and
// classification, the denied-party screening list and its hits. Every change and every read beyond the
// screening answers needs `compliance.manage`. Thin: validate, call domain/export-control.ts and
// domain/denied-party-screening.ts.
import { complianceOfInput, exportClassificationInput, hitDecisionInput, screeningHitsInput, screeningListInput } from '~/shared/schemas/export-control.ts';
import type { Context } from '../context.ts';
import { complianceDashboard } from '../domain/compliance-dashboard.ts';
import { decideHit, importScreeningList, listHits, listImports } from '../domain/denied-party-screening.ts';
import { classify, complianceOf, screeningOf } from '../domain/export-control.ts';
import { adminProcedure, capabilityProcedure, router } from '../trpc.ts';

const complianceProcedure = capabilityProcedure('compliance.manage');

const deps = (ctx: Context & { user: NonNullable<Context['user']> }) => ({
  db: ctx.db,
  meta: ctx.meta,
  actorId: ctx.user.id,
  now: ctx.clock.now(),
});

export const complianceRouter = router({
  /** The seller's screening answers and the state, on the admin prototype page (any administrator). */
  screening: adminProcedure.input(complianceOfInput).query(({ ctx, input }) => screeningOf(ctx.db, input.id)),

  /** The dashboard on /admin/compliance: prototypes by compliance state and the open hits. */
  dashboard: complianceProcedure.query(({ ctx }) => complianceDashboard(ctx.db)),

  /** GET /api/admin/prototypes/{id}/compliance */
  forPrototype: complianceProcedure.input(complianceOfInput).query(({ ctx, input }) => complianceOf(ctx.db, input.id)),

  /** PUT /api/admin/prototypes/{id}/export-classification */
  classify: complianceProcedure.input(exportClassificationInput).mutation(({ ctx, input }) => {
    const { id, ...classification } = input;
    return classify(deps(ctx), id, classification);
  }),

  /** POST /api/admin/screening-list (the CSV as the body) */
  importList: complianceProcedure.input(screeningListInput).mutation(({ ctx, input }) => importScreeningList(deps(ctx), input.csv)),

  /** The list's imports, newest first. */
  imports: complianceProcedure.query(({ ctx }) => listImports(ctx.db)),

  /** GET /api/admin/screening/hits?status= */
  hits: complianceProcedure.input(screeningHitsInput).query(({ ctx, input }) => listHits(ctx.db, input.status)),

  /** PATCH /api/admin/screening/hits/{id} */
  decideHit: complianceProcedure.input(hitDecisionInput).mutation(({ ctx, input }) => decideHit(deps(ctx), input.id, input.decision, input.note)),
});
