// Seller payouts (issue 7): the seller's payout account and transactions; the admin's Payouts view,
// totals and the pay action. Thin: validate, call domain/payouts.ts and the payout views.
import { manualPayoutInput, payoutIdInput, payoutPageInput } from '~/shared/schemas/payouts.ts';
import type { Context } from '../context.ts';
import * as payouts from '../domain/payouts.ts';
import { listPayouts, payoutTotals, sellerPayouts } from '../domain/views/transaction-view.ts';
import { capabilityProcedure, protectedProcedure, router } from '../trpc.ts';

const deps = (ctx: Context & { user: NonNullable<Context['user']> }): payouts.PayoutDeps => ({
  db: ctx.db,
  meta: ctx.meta,
  mailer: ctx.mailer,
  payments: ctx.payments,
  actorId: ctx.user.id,
  now: ctx.clock.now(),
});

// The capability each change needs (ADR 0019).
const payoutsProcedure = capabilityProcedure('payouts.manage');

export const payoutsRouter = router({
  /** The seller's payout account as the dashboard shows it. */
  account: protectedProcedure.query(({ ctx }) => payouts.payoutAccount(ctx.db, ctx.payments, ctx.user.id)),

  /** Connect payout account: creates the Express account if needed; the client goes to `url`. */
  connect: protectedProcedure.mutation(({ ctx }) => payouts.connectPayoutAccount(deps(ctx))),

  /** Back from Stripe's onboarding: the account's state as Stripe has it now. */
  refreshAccount: protectedProcedure.mutation(({ ctx }) => payouts.refreshPayoutAccount(deps(ctx))),

  /** The caller's transactions, newest first, with paid-out and owed totals. */
  mine: protectedProcedure.query(({ ctx }) => sellerPayouts(ctx.db, ctx.user.id)),

  // --- Admin -------------------------------------------------------------------------------------
  mode: payoutsProcedure.query(({ ctx }) => ({ mode: payouts.payoutMode(ctx.payments) })),
  list: payoutsProcedure.input(payoutPageInput).query(({ ctx, input }) => listPayouts(ctx.db, input)),
  totals: payoutsProcedure.query(({ ctx }) => payoutTotals(ctx.db)),

  /** Pays by Stripe transfer (idempotent per attempt); the outcome says completed, failed or processing. */
  pay: payoutsProcedure.input(payoutIdInput).mutation(({ ctx, input }) => payouts.pay(deps(ctx), input.id)),

  /** Without Stripe: records that the seller was paid, how and with which reference. */
  recordManual: payoutsProcedure.input(manualPayoutInput).mutation(({ ctx, input }) => payouts.recordManual(deps(ctx), input)),
});
