// Audited confidential documents (issue 14, point 8): the seller's list of who from the evaluation
// team opened which document. The recording itself is in rest/documents.ts (the download).
import { prototypeIdInput } from '~/shared/schemas/prototype.ts';
import { documentAccessOf } from '../domain/document-access.ts';
import { protectedProcedure, router } from '../trpc.ts';

export const documentAccessRouter = router({
  /** GET /api/seller/prototypes/{id}/document-access (its seller; admins may read any). */
  forPrototype: protectedProcedure.input(prototypeIdInput).query(({ ctx, input }) => documentAccessOf(ctx.db, ctx.user, input.id)),
});
