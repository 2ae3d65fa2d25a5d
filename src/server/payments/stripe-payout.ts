// Paying a seller through Stripe Connect: a transfer from the platform's balance to the seller's
// connected account. The idempotency key is derived from the transaction and its attempt, so a
// double click, a retry after a timeout or two app instances send Stripe the same request and at
// most one transfer exists per attempt. Only a definitive refusal from Stripe fails the payout; no
// answer (timeout, connection, 5xx, a concurrent request with the same key) leaves it processing,
// and paying it again asks Stripe with the same key until the answer is known.
import type Stripe from 'stripe';
import type { Db } from '../db/index.ts';
import { ConflictError, PreconditionFailedError } from '../domain/errors.ts';
import { toCents } from '../domain/money.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { loadStripeSdk } from './stripe-sdk.ts';
import { type PayoutActor, type PayoutRow, completeStripePayout, failStripePayout, loadPayout, notePayoutUnconfirmed, startPayout } from './payout-state.ts';

export const payoutIdempotencyKey = (transactionId: number, attempt: number) => `payout-tx-${transactionId}-${attempt}`;
export const payoutTransferGroup = (transactionId: number) => `transaction-${transactionId}`;

export type PayoutOutcome = { status: 'completed'; transferId: string } | { status: 'failed'; reason: string } | { status: 'processing'; reason: string };

/** Whether Stripe's answer settles the attempt (a refusal) or leaves it unknown. */
export async function classifyStripeError(error: unknown): Promise<{ definitive: boolean; reason: string }> {
  const { errors } = await loadStripeSdk();
  if (error instanceof errors.StripeError) {
    const status = error.statusCode;
    if (
      error instanceof errors.StripeConnectionError ||
      error instanceof errors.StripeIdempotencyError ||
      status === undefined ||
      status === 409 ||
      status >= 500
    ) {
      return { definitive: false, reason: `Stripe did not confirm the transfer (${error.message}). Pay again to ask Stripe with the same idempotency key.` };
    }
    return { definitive: true, reason: error.code ? `${error.message} (${error.code})` : error.message };
  }
  return { definitive: false, reason: `The transfer could not be confirmed (${String(error)}). Pay again to retry with the same idempotency key.` };
}

async function sellerAccount(db: Db, sellerId: string) {
  return db.user.findUniqueOrThrow({
    where: { id: sellerId },
    select: { stripeAccountId: true, stripePayoutsEnabled: true },
  });
}

/** A transfer this attempt already created (an earlier call may have succeeded unheard). */
async function existingTransfer(stripe: Stripe, row: PayoutRow): Promise<Stripe.Transfer | null> {
  try {
    const list = await stripe.transfers.list({ transfer_group: payoutTransferGroup(row.id), limit: 100 });
    return list.data.find((t) => t.metadata?.attempt === String(row.payoutAttempt) && t.metadata?.transaction_id === String(row.id)) ?? null;
  } catch {
    return null; // the create below, with the same key, is the authoritative question
  }
}

/**
 * The admin's pay action. Starts a new attempt from pending, failed or reversed; on a payout that
 * is already processing it resumes the same attempt (same idempotency key). Completed: 409.
 */
export async function payWithStripe(
  db: Db,
  stripe: Stripe,
  links: EmailLinks,
  actor: PayoutActor & { actorId: string },
  transactionId: number,
): Promise<PayoutOutcome> {
  let row = await loadPayout(db, transactionId);
  if (row.status === 'completed') throw new ConflictError('This payout has already been paid');
  const account = await sellerAccount(db, row.sellerId);
  if (!account.stripeAccountId) {
    throw new PreconditionFailedError('The seller has not connected a payout account yet');
  }
  let resumed = row.status === 'processing';
  if (!resumed) {
    if (!account.stripePayoutsEnabled) {
      throw new PreconditionFailedError("The seller's payout account cannot receive payouts yet (Stripe onboarding is not complete)");
    }
    const from = row;
    const claimed = await db.$transaction((tx) => startPayout(tx, actor, from));
    if (claimed) {
      row = claimed;
    } else {
      // Someone else moved it first: a processing payout is resumed, anything else is refused.
      row = await loadPayout(db, transactionId);
      if (row.status !== 'processing') throw new ConflictError(`This payout is now ${row.status}`);
      resumed = true;
    }
  }
  return sendTransfer(db, stripe, links, actor, row, account.stripeAccountId, resumed);
}

async function sendTransfer(
  db: Db,
  stripe: Stripe,
  links: EmailLinks,
  actor: PayoutActor,
  row: PayoutRow,
  destination: string,
  resumed: boolean,
): Promise<PayoutOutcome> {
  const attempt = row.payoutAttempt;
  const complete = async (transferId: string): Promise<PayoutOutcome> => {
    await db.$transaction((tx) => completeStripePayout(tx, links, actor, row, attempt, transferId));
    return settled(db, row.id, { status: 'completed', transferId });
  };

  if (resumed) {
    const found = await existingTransfer(stripe, row);
    if (found) return complete(found.id);
  }
  try {
    const transfer = await stripe.transfers.create(
      {
        amount: toCents(row.sellerPayout),
        currency: 'usd',
        destination,
        transfer_group: payoutTransferGroup(row.id),
        description: `Atomix Energy payout for "${row.prototype.prototypeName}" (transaction #${row.id})`,
        metadata: { transaction_id: String(row.id), prototype_id: String(row.prototypeId), attempt: String(attempt) },
      },
      { idempotencyKey: payoutIdempotencyKey(row.id, attempt) },
    );
    return complete(transfer.id);
  } catch (error) {
    const verdict = await classifyStripeError(error);
    if (verdict.definitive) {
      await db.$transaction((tx) => failStripePayout(tx, links, actor, row, attempt, verdict.reason));
      return settled(db, row.id, { status: 'failed', reason: verdict.reason });
    }
    await notePayoutUnconfirmed(db, row, attempt, verdict.reason);
    return settled(db, row.id, { status: 'processing', reason: verdict.reason });
  }
}

/** What the row says after our write (a webhook or another caller may have settled it first). */
async function settled(db: Db, id: number, ours: PayoutOutcome): Promise<PayoutOutcome> {
  const now = await db.transaction.findUniqueOrThrow({
    where: { id },
    select: { status: true, stripeTransferId: true, failureReason: true },
  });
  if (now.status === ours.status) return ours;
  if (now.status === 'completed') return { status: 'completed', transferId: now.stripeTransferId ?? '' };
  if (now.status === 'failed') return { status: 'failed', reason: now.failureReason ?? 'Failed' };
  if (now.status === 'processing') return { status: 'processing', reason: now.failureReason ?? 'Processing' };
  return ours;
}
