// Audited confidential documents (issue 14 point 8, issue 31 point 7): the seller's list of who from
// the evaluation team opened which document (and attested, or was denied), with each row's hash, and
// its CSV. The recording itself is in rest/documents.ts (the download).
import { z } from 'zod';
import { prototypeIdInput } from '~/shared/schemas/prototype.ts';
import { documentAccessCsvOf, documentAccessOf } from '../domain/document-access.ts';
import { protectedProcedure, router } from '../trpc.ts';
import { gateScope } from './gate-scope.ts';

export const documentAccessRouter = router({
  /** GET /api/seller/prototypes/{id}/document-access (its seller; admins may read any, without the documents' names until the data room opens). */
  forPrototype: protectedProcedure.input(prototypeIdInput).query(({ ctx, input }) => documentAccessOf(gateScope(ctx), input.id)),
  /** The same as CSV (`?format=csv`), one line per access record row with its hash. */
  csv: protectedProcedure
    .input(prototypeIdInput.extend({ format: z.literal('csv', { errorMap: () => ({ message: 'format must be csv or absent' }) }).default('csv') }))
    .query(({ ctx, input }) => documentAccessCsvOf(gateScope(ctx), input.id)),
});
