// Seller payouts (issue 7): the seller's payout account (Stripe Connect Express onboarding), and the
// admin's pay action. With Stripe configured the admin pays by Stripe transfer; without it the admin
// records how the seller was paid. Which of the two applies is the payments service's to say.
import type { ManualPayoutMethod } from '~/shared/schemas/payouts.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import type { PaymentsConfig } from '../payments/config.ts';
import { createOnboardingLink, refreshAccountState } from '../payments/connect.ts';
import { recordManualPayout } from '../payments/payout-state.ts';
import { payWithStripe } from '../payments/stripe-payout.ts';
import { assertPayable, screenUser } from './denied-party-screening.ts';
import { PreconditionFailedError } from './errors.ts';
import { adminPayout } from './views/transaction-view.ts';
import type { DomainDeps } from './deps.ts';

export type PayoutMode = 'stripe' | 'manual';
export const STRIPE_NOT_CONFIGURED = 'Stripe is not configured: payouts are recorded manually';
export const PAYOUTS_GO_THROUGH_STRIPE = 'Payouts go through Stripe: use Pay';

export const payoutMode = (payments: PaymentsConfig): PayoutMode => (payments.stripe ? 'stripe' : 'manual');

export interface PayoutDeps extends DomainDeps {
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

/**
 * Connect payout account: creates the Express account if needed; the client goes to `url`. The seller
 * is screened against the denied-party list first (a possible match holds payouts, not the connection).
 */
export async function connectPayoutAccount(deps: Pick<PayoutDeps, 'db' | 'payments' | 'actorId' | 'now'>) {
  const stripe = requireStripe(deps.payments);
  await screenUser(deps.db, deps.actorId, 'payout_account', deps.now);
  return createOnboardingLink(deps.db, stripe, deps.payments.publicUrl, deps.actorId);
}

/** Before any payout: the seller is screened again and a hit not cleared refuses it (409, ADR 0050). */
async function assertSellerPayable(db: Db, transactionId: number, now: Date) {
  const row = await db.transaction.findUnique({ where: { id: transactionId }, select: { sellerId: true } });
  if (row) await assertPayable(db, row.sellerId, now);
}

/** Back from Stripe's onboarding: the account's state as Stripe has it now. */
export function refreshPayoutAccount(deps: Pick<PayoutDeps, 'db' | 'payments' | 'mailer' | 'actorId'>) {
  return refreshAccountState(deps.db, requireStripe(deps.payments), deps.mailer, deps.actorId);
}

/** Pays by Stripe transfer (idempotent per attempt); the outcome says completed, failed or processing. */
export async function pay(deps: PayoutDeps, transactionId: number) {
  const { db, mailer, actorId, meta, now } = deps;
  const stripe = requireStripe(deps.payments);
  await assertSellerPayable(db, transactionId, now);
  const outcome = await payWithStripe(db, stripe, mailer, { actorId, meta, now }, transactionId);
  return { outcome, transaction: await adminPayout(db, transactionId) };
}

/** Without Stripe: records that the seller was paid, how and with which reference. */
export async function recordManual(deps: PayoutDeps, input: { id: number; method: ManualPayoutMethod; reference: string }) {
  const { db, mailer, actorId, meta, now } = deps;
  if (deps.payments.stripe) throw new PreconditionFailedError(PAYOUTS_GO_THROUGH_STRIPE);
  await assertSellerPayable(db, input.id, now);
  await db.$transaction((tx) => recordManualPayout(tx, mailer, { actorId, meta, now }, input.id, input.method, input.reference));
  return { transaction: await adminPayout(db, input.id) };
}
