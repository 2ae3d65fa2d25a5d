// The data room's terms, attestations and the seller's revocations (issue 31, points 1, 2 and 5; ADR
// 0045). Thin: validate, call domain/confidentiality-terms.ts, attestations.ts, data-room-revocations.ts.
import { acceptTermsInput, accessRevocationInput, attestInput, dataRoomPrototypeInput, publishTermsInput } from '~/shared/schemas/confidentiality.ts';
import type { Context } from '../context.ts';
import { attest } from '../domain/attestations.ts';
import { acceptTerms, publishTerms, termsForViewer, termsHistory } from '../domain/confidentiality-terms.ts';
import { dataRoomOf, restoreAccess, revokeAccess } from '../domain/data-room-revocations.ts';
import { adminPrototypeDetail } from '../domain/views/prototype-view.ts';
import { adminProcedure, capabilityProcedure, protectedProcedure, router } from '../trpc.ts';
import { gateScope } from './gate-scope.ts';

type UserContext = Context & { user: NonNullable<Context['user']> };
const deps = (ctx: UserContext) => ({ db: ctx.db, meta: ctx.meta, actorId: ctx.user.id, now: ctx.clock.now() });
const sellerDeps = (ctx: UserContext) => ({ db: ctx.db, meta: ctx.meta, sellerId: ctx.user.id, now: ctx.clock.now() });

export const confidentialityRouter = router({
  /** GET /api/confidentiality/terms: the current version and the caller's acceptance of it. */
  terms: protectedProcedure.query(({ ctx }) => termsForViewer(ctx.db, ctx.user.id)),
  /** POST /api/confidentiality/terms/accept: admins accept the current version (409 for another). */
  accept: adminProcedure.input(acceptTermsInput).mutation(({ ctx, input }) => acceptTerms(deps(ctx), input.version)),
  /** PUT /api/admin/confidentiality/terms: a new version, which every admin must accept again. */
  publish: capabilityProcedure('permissions.manage')
    .input(publishTermsInput)
    .mutation(({ ctx, input }) => publishTerms(deps(ctx), input)),
  /** The terms page: every version with who accepted it. */
  history: adminProcedure.query(({ ctx }) => termsHistory(ctx.db)),

  /** POST /api/admin/prototypes/{id}/attestation */
  attest: adminProcedure.input(attestInput).mutation(({ ctx, input }) => attest(deps(ctx), input.id)),
  /** GET /api/admin/prototypes/{id}: the admin view with its documents and the caller's access. */
  prototype: adminProcedure.input(dataRoomPrototypeInput).query(({ ctx, input }) => adminPrototypeDetail(gateScope(ctx), input.id)),

  /** The seller's panel: who attested, whose access is withdrawn. */
  sellerDataRoom: protectedProcedure.input(dataRoomPrototypeInput).query(({ ctx, input }) => dataRoomOf(ctx.db, ctx.user.id, input.id)),
  /** POST /api/seller/prototypes/{id}/access-revocations */
  revoke: protectedProcedure.input(accessRevocationInput).mutation(({ ctx, input }) => revokeAccess(sellerDeps(ctx), input.id, input.adminId)),
  /** DELETE /api/seller/prototypes/{id}/access-revocations/{adminId} */
  restore: protectedProcedure.input(accessRevocationInput).mutation(({ ctx, input }) => restoreAccess(sellerDeps(ctx), input.id, input.adminId)),
});
