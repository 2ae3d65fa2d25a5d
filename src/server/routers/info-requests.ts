// Information requests (issue 14, point 5): admins ask, the seller answers once; both sides read the
// exchange. Thin: validate, call domain/info-requests.ts.
import { answerInfoInput, askInfoInput } from '~/shared/schemas/info-requests.ts';
import { prototypeIdInput } from '~/shared/schemas/prototype.ts';
import { answerInfo, askInfo, openInfoRequests, prototypeInfoRequests, sellerInfoRequests } from '../domain/info-requests.ts';
import { gateScope } from './gate-scope.ts';
import { adminProcedure, capabilityProcedure, protectedProcedure, router } from '../trpc.ts';

// The capability each change needs (ADR 0019).
const reviewProcedure = capabilityProcedure('prototypes.review');
const replyProcedure = capabilityProcedure('messages.reply');

export const infoRequestsRouter = router({
  /** POST /api/admin/prototypes/{id}/info-requests */
  ask: reviewProcedure
    .input(askInfoInput)
    .mutation(({ ctx, input }) =>
      askInfo(
        { db: ctx.db, meta: ctx.meta, mailer: ctx.mailer, actorId: ctx.user.id, now: ctx.clock.now() },
        { prototypeId: input.id, question: input.question, wantsDocuments: input.wantsDocuments },
      ),
    ),

  /** GET /api/admin/info-requests: every unanswered request, longest waiting first. */
  openForAdmin: adminProcedure.query(({ ctx }) => openInfoRequests(gateScope(ctx))),

  /** One prototype's exchange (admins: any prototype; a seller: their own). */
  forPrototype: protectedProcedure.input(prototypeIdInput).query(({ ctx, input }) => prototypeInfoRequests(gateScope(ctx), input.id)),

  /** GET /api/seller/info-requests: the caller's prototypes' requests, open ones first. */
  mine: protectedProcedure.query(({ ctx }) => sellerInfoRequests(ctx.db, ctx.user.id)),

  /** POST /api/seller/info-requests/{id}/answer */
  answer: replyProcedure
    .input(answerInfoInput)
    .mutation(({ ctx, input }) => answerInfo({ db: ctx.db, meta: ctx.meta, mailer: ctx.mailer, actorId: ctx.user.id, now: ctx.clock.now() }, input)),
});
