// Export control for compliance officers (issue 32, ADR 0050): a prototype's compliance record and
// classification, the denied-party screening list and its hits. Every change and every read beyond the
// screening answers needs `compliance.manage`. Thin: validate, call domain/export-control.ts and
// domain/denied-party-screening.ts.
import {
  complianceOfInput,
  exportAuthorizationInput,
  exportClassificationInput,
  exportStatusInput,
  exportStatusOfInput,
  hitDecisionInput,
  releasesCsvInput,
  releasesInput,
  removeAuthorizationInput,
  screeningHitsInput,
  screeningListInput,
} from '~/shared/schemas/export-control.ts';
import type { Context } from '../context.ts';
import { complianceDashboard } from '../domain/compliance-dashboard.ts';
import { decideHit, importScreeningList, listHits, listImports } from '../domain/denied-party-screening.ts';
import {
  addAuthorization,
  expiringAuthorizations,
  exportRecordOf,
  releasesCsv,
  releasesOf,
  removeAuthorization,
  setExportStatus,
} from '../domain/export-clearance.ts';
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

  // --- Cleared people (point 4, ADR 0051) ---------------------------------------------------------

  /** GET /api/admin/users/{id}/export-status: the status on record, its history and the authorizations. */
  exportRecord: complianceProcedure.input(exportStatusOfInput).query(({ ctx, input }) => exportRecordOf(ctx.db, input.id, ctx.clock.now())),

  /** PUT /api/admin/users/{id}/export-status */
  setExportStatus: complianceProcedure.input(exportStatusInput).mutation(({ ctx, input }) => {
    const { id, ...status } = input;
    return setExportStatus(deps(ctx), id, status);
  }),

  /** POST /api/admin/users/{id}/export-authorizations */
  addAuthorization: complianceProcedure.input(exportAuthorizationInput).mutation(({ ctx, input }) => {
    const { id, ...authorization } = input;
    return addAuthorization(deps(ctx), id, authorization);
  }),

  /** DELETE /api/admin/export-authorizations/{id} */
  removeAuthorization: complianceProcedure.input(removeAuthorizationInput).mutation(({ ctx, input }) => removeAuthorization(deps(ctx), input.id)),

  /** Authorizations that end within 30 days (the dashboard). */
  expiringAuthorizations: complianceProcedure.query(({ ctx }) => expiringAuthorizations(ctx.db, ctx.clock.now())),

  /** GET /api/admin/compliance/releases?prototypeId= */
  releases: complianceProcedure.input(releasesInput).query(({ ctx, input }) => releasesOf(ctx.db, input.prototypeId)),

  /** The same as CSV (`?format=csv`). */
  releasesCsv: complianceProcedure.input(releasesCsvInput).query(({ ctx, input }) => releasesCsv(ctx.db, input.prototypeId)),
});
