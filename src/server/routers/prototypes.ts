// The seller's side (spec sections 2-8, issue 4): submit, list, detail with documents and timeline,
// transactions and dashboard figures, the answer to a quote, and the tracker (private and public).
// Thin: validate, check the submit rule and limit, call domain/seller-prototypes.ts.
import { prototypeScreeningInput } from '~/shared/schemas/export-control.ts';
import { documentViewOnlyInput, prototypeIdInput, prototypeInput, quoteResponseInput } from '~/shared/schemas/prototype.ts';
import type { Context } from '../context.ts';
import { completeScreening } from '../domain/export-control.ts';
import { setDocumentViewOnly } from '../domain/document-reading.ts';
import { assertMaySubmit } from '../domain/prototype-access.ts';
import * as seller from '../domain/seller-prototypes.ts';
import { sellerPrototypes } from '../domain/views/prototype-view.ts';
import { gateScope } from './gate-scope.ts';
import { capabilityProcedure, protectedProcedure, publicProcedure, router } from '../trpc.ts';

const deps = (ctx: Context & { user: NonNullable<Context['user']> }): seller.SellerDeps => ({
  db: ctx.db,
  meta: ctx.meta,
  mailer: ctx.mailer,
  seller: ctx.user,
  now: ctx.clock.now(),
});

// The capability each change needs (ADR 0019).
const submitProcedure = capabilityProcedure('prototypes.submit');

export const prototypesRouter = router({
  /** POST /api/prototypes: the seller is the caller; status, stage and priority are the defaults. */
  create: submitProcedure.input(prototypeInput).mutation(async ({ ctx, input }) => {
    assertMaySubmit(ctx.user, ctx.clock.now());
    await ctx.limiter.consume('prototypes', ctx.user.id);
    return seller.submitPrototype(deps(ctx), input);
  }),

  /** GET /api/seller/prototypes: the caller's prototypes, newest first. */
  mine: protectedProcedure.query(({ ctx }) => sellerPrototypes(ctx.db, ctx.user.id)),

  /** GET /api/seller/transactions: the caller's transactions, newest first. */
  transactions: protectedProcedure.query(({ ctx }) => seller.sellerTransactions(ctx.db, ctx.user.id)),

  /** GET /api/seller/summary: the dashboard's four figures (revenue as a decimal string). */
  summary: protectedProcedure.query(({ ctx }) => seller.sellerSummary(ctx.db, ctx.user.id)),

  /** The seller dashboard's screen: `mine`, `transactions` and `summary` in one read. */
  dashboard: protectedProcedure.query(({ ctx }) => seller.sellerDashboard(ctx.db, ctx.user.id)),

  /** One prototype with its documents and timeline: its seller's (admins may look too); others get 404. */
  byId: protectedProcedure.input(prototypeIdInput).query(({ ctx, input }) => seller.prototypeDetail(gateScope(ctx), input.id)),

  /** PUT /api/seller/prototypes/{id}/export-screening: the answers of an unscreened prototype of the caller's. */
  exportScreening: protectedProcedure.input(prototypeScreeningInput).mutation(({ ctx, input }) => {
    const { id, ...answers } = input;
    return completeScreening({ db: ctx.db, meta: ctx.meta, sellerId: ctx.user.id, now: ctx.clock.now() }, id, answers);
  }),

  /** The seller accepts or declines a quote (status stays quoted; the admin team decides next). */
  respondToQuote: protectedProcedure.input(quoteResponseInput).mutation(({ ctx, input }) => seller.respondToQuote(deps(ctx), input)),

  /** PATCH /api/seller/documents/{id}: the seller makes their own document view-only (or not); anyone else's is a 404. */
  setDocumentViewOnly: protectedProcedure
    .input(documentViewOnlyInput)
    .mutation(({ ctx, input }) => setDocumentViewOnly(ctx.db, ctx.user.id, input.id, input.viewOnly)),

  /** The signed-in seller's pipeline: each prototype's stage and status over time. */
  pipeline: protectedProcedure.query(({ ctx }) => seller.sellerPipeline(ctx.db, ctx.user.id)),

  /** The public portfolio: counts per energy type and per stage, computed by the database. Nothing else. */
  portfolio: publicProcedure.query(({ ctx }) => seller.portfolio(ctx.db)),
});
