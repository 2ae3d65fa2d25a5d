// Seller payouts (issue 7): the seller's payout account (Stripe Connect Express onboarding), and the
// admin's pay action. With Stripe configured the admin pays by Stripe transfer; without it the admin
// records how the seller was paid. Which of the two applies is the payments service's to say.
import type { ManualPayoutMethod } from '~/shared/schemas/payouts.ts';
import type { RequestMeta } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import type { PaymentsConfig } from '../payments/config.ts';
import { createOnboardingLink, refreshAccountState } from '../payments/connect.ts';
import { recordManualPayout } from '../payments/payout-state.ts';
import { payWithStripe } from '../payments/stripe-payout.ts';
import { PreconditionFailedError } from './errors.ts';
import { adminPayout } from './views/transaction-view.ts';

export type PayoutMode = 'stripe' | 'manual';
export const STRIPE_NOT_CONFIGURED = 'Stripe is not configured: payouts are recorded manually';
export const PAYOUTS_GO_THROUGH_STRIPE = 'Payouts go through Stripe: use Pay';

export const payoutMode = (payments: PaymentsConfig): PayoutMode => (payments.stripe ? 'stripe' : 'manual');

export interface PayoutDeps {
  db: Db;
  meta: RequestMeta;
  mailer: EmailLinks;
  payments: PaymentsConfig;
  actorId: string;
  now: Date;
}

function requireStripe(payments: PaymentsConfig) {
  if (!payments.stripe) throw new PreconditionFailedError(STRIPE_NOT_CONFIGURED);
  return payments.stripe;
}

/** The seller's payout account as the dashboard shows it. */
export async function payoutAccount(db: Db, payments: PaymentsConfig, userId: string) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { stripeAccountId: true, stripePayoutsEnabled: true, stripeDetailsSubmitted: true },
  });
  return {
    mode: payoutMode(payments),
    connected: user.stripeAccountId !== null,
    payoutsEnabled: user.stripePayoutsEnabled,
    detailsSubmitted: user.stripeDetailsSubmitted,
  };
}

/** Connect payout account: creates the Express account if needed; the client goes to `url`. */
export function connectPayoutAccount(deps: Pick<PayoutDeps, 'db' | 'payments' | 'actorId'>) {
  return createOnboardingLink(deps.db, requireStripe(deps.payments), deps.payments.publicUrl, deps.actorId);
}

/** Back from Stripe's onboarding: the account's state as Stripe has it now. */
export function refreshPayoutAccount(deps: Pick<PayoutDeps, 'db' | 'payments' | 'mailer' | 'actorId'>) {
  return refreshAccountState(deps.db, requireStripe(deps.payments), deps.mailer, deps.actorId);
}

/** Pays by Stripe transfer (idempotent per attempt); the outcome says completed, failed or processing. */
export async function pay(deps: PayoutDeps, transactionId: number) {
  const { db, mailer, actorId, meta, now } = deps;
  const outcome = await payWithStripe(db, requireStripe(deps.payments), mailer, { actorId, meta, now }, transactionId);
  return { outcome, transaction: await adminPayout(db, transactionId) };
}

/** Without Stripe: records that the seller was paid, how and with which reference. */
export async function recordManual(deps: PayoutDeps, input: { id: number; method: ManualPayoutMethod; reference: string }) {
  const { db, mailer, actorId, meta, now } = deps;
  if (deps.payments.stripe) throw new PreconditionFailedError(PAYOUTS_GO_THROUGH_STRIPE);
  await db.$transaction((tx) => recordManualPayout(tx, mailer, { actorId, meta, now }, input.id, input.method, input.reference));
  return { transaction: await adminPayout(db, input.id) };
}
