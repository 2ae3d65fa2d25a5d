// Seller payouts (issue 7): the seller's payout account (Stripe Connect Express onboarding) and
// transaction list; the admin's Payouts view, totals and the pay action. With Stripe configured the
// admin pays by Stripe transfer; without it the admin records how the seller was paid.
import { TRPCError } from '@trpc/server';
import { manualPayoutInput, payoutIdInput, payoutPageInput } from '~/shared/schemas/payouts.ts';
import { createOnboardingLink, refreshAccountState } from '../payments/connect.ts';
import { recordManualPayout } from '../payments/payout-state.ts';
import { payWithStripe } from '../payments/stripe-payout.ts';
import { adminPayout, listPayouts, payoutTotals, sellerPayouts } from '../domain/views/transaction-view.ts';
import type { Context } from '../context.ts';
import { capabilityProcedure, protectedProcedure, router } from '../trpc.ts';

export type PayoutMode = 'stripe' | 'manual';
const mode = (ctx: Context): PayoutMode => (ctx.payments.stripe ? 'stripe' : 'manual');

function requireStripe(ctx: Context) {
  const { stripe, publicUrl } = ctx.payments;
  if (!stripe) {
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'Stripe is not configured: payouts are recorded manually' });
  }
  return { stripe, publicUrl };
}

// The capability each change needs (ADR 0019).
const payoutsProcedure = capabilityProcedure('payouts.manage');

export const payoutsRouter = router({
  /** The seller's payout account as the dashboard shows it. */
  account: protectedProcedure.query(async ({ ctx }) => {
    const user = await ctx.db.user.findUniqueOrThrow({
      where: { id: ctx.user.id },
      select: { stripeAccountId: true, stripePayoutsEnabled: true, stripeDetailsSubmitted: true },
    });
    return {
      mode: mode(ctx),
      connected: user.stripeAccountId !== null,
      payoutsEnabled: user.stripePayoutsEnabled,
      detailsSubmitted: user.stripeDetailsSubmitted,
    };
  }),

  /** Connect payout account: creates the Express account if needed; the client goes to `url`. */
  connect: protectedProcedure.mutation(({ ctx }) => {
    const { stripe, publicUrl } = requireStripe(ctx);
    return createOnboardingLink(ctx.db, stripe, publicUrl, ctx.user.id);
  }),

  /** Back from Stripe's onboarding: the account's state as Stripe has it now. */
  refreshAccount: protectedProcedure.mutation(({ ctx }) => {
    const { stripe } = requireStripe(ctx);
    return refreshAccountState(ctx.db, stripe, ctx.mailer, ctx.user.id);
  }),

  /** The caller's transactions, newest first, with paid-out and owed totals. */
  mine: protectedProcedure.query(({ ctx }) => sellerPayouts(ctx.db, ctx.user.id)),

  // --- Admin -------------------------------------------------------------------------------------
  mode: payoutsProcedure.query(({ ctx }) => ({ mode: mode(ctx) })),
  list: payoutsProcedure.input(payoutPageInput).query(({ ctx, input }) => listPayouts(ctx.db, input)),
  totals: payoutsProcedure.query(({ ctx }) => payoutTotals(ctx.db)),

  /** Pays by Stripe transfer (idempotent per attempt); the outcome says completed, failed or processing. */
  pay: payoutsProcedure.input(payoutIdInput).mutation(async ({ ctx, input }) => {
    const { stripe } = requireStripe(ctx);
    const outcome = await payWithStripe(ctx.db, stripe, ctx.mailer, { actorId: ctx.user.id, meta: ctx.meta }, input.id);
    return { outcome, transaction: await adminPayout(ctx.db, input.id) };
  }),

  /** Without Stripe: records that the seller was paid, how and with which reference. */
  recordManual: payoutsProcedure.input(manualPayoutInput).mutation(async ({ ctx, input }) => {
    if (ctx.payments.stripe) {
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'Payouts go through Stripe: use Pay' });
    }
    await ctx.db.$transaction((tx) => recordManualPayout(tx, ctx.mailer, { actorId: ctx.user.id, meta: ctx.meta }, input.id, input.method, input.reference));
    return { transaction: await adminPayout(ctx.db, input.id) };
  }),
});
