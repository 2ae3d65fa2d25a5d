// Stripe webhook events: verified on the raw body, each event id processed once (its stripe_events
// row is written in the same transaction as its effect, so a failed effect is retried by Stripe and
// a redelivery is a no-op).
//
// Handled (current API, see Stripe's event types):
//   account.updated    connected account state: payouts enabled, details submitted
//   transfer.created   confirms a transfer (completes a payout left processing by a timeout)
//   transfer.updated   same reconciliation (also carries amount_reversed)
//   transfer.reversed  full or partial reversal: the reversed amount is owed again; full -> reversed
//   payout.failed      a connected account's payout to the seller's bank failed: the transfer stands
//                      (the money is in the seller's Stripe balance), so the seller is told to fix
//                      their bank details; no ledger movement
//   transfer.failed    legacy (API versions before 2017-04-06; current versions send no such event):
//                      accepted for old endpoints and treated as a failed transfer
import type Stripe from 'stripe';
import type { Prisma } from '~/generated/prisma/client.ts';
import { formatUsd } from '~/shared/format.ts';
import type { Db } from '../db/index.ts';
import { notify } from '../domain/notifications.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { applyAccountState } from './connect.ts';
import { loadStripeSdk } from './stripe-sdk.ts';
import { WEBHOOK_ACTOR, type Tx, applyTransferFailure, applyTransferReversal, completeStripePayout, payoutRowSelect } from './payout-state.ts';

/** Stripe's own default: a signature older than 5 minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const HANDLED_EVENT_TYPES = [
  'account.updated',
  'transfer.created',
  'transfer.updated',
  'transfer.reversed',
  'payout.failed',
  'transfer.failed',
] as const;
type HandledType = (typeof HANDLED_EVENT_TYPES)[number];

export class WebhookSignatureError extends Error {}

/** Verifies the Stripe-Signature header on the exact bytes received and parses the event. */
export async function verifyStripeEvent(rawBody: Uint8Array, signature: string | undefined, secret: string, now = Date.now()): Promise<Stripe.Event> {
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
  const { webhooks } = await loadStripeSdk();
  try {
    return webhooks.constructEvent(Buffer.from(rawBody), signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
  }
}

export type EventResult = 'processed' | 'duplicate' | 'ignored';

/** Applies one event (once, whatever Stripe redelivers); `now` is the app's clock when it arrived. */
export async function handleStripeEvent(db: Db, links: EmailLinks, event: Stripe.Event, now: Date): Promise<EventResult> {
  const type = event.type as string;
  if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(type)) return 'ignored';
  return db.$transaction(async (tx) => {
    const { count } = await tx.stripeEvent.createMany({ data: [{ id: event.id, type }], skipDuplicates: true });
    if (count === 0) return 'duplicate';
    await applyEvent(tx, links, type as HandledType, event, now);
    return 'processed';
  });
}

async function applyEvent(tx: Tx, links: EmailLinks, type: HandledType, event: Stripe.Event, now: Date) {
  const object = event.data.object as unknown;
  switch (type) {
    case 'account.updated':
      await applyAccountState(tx, links, object as Stripe.Account);
      return;
    case 'transfer.created':
    case 'transfer.updated':
    case 'transfer.reversed':
      await reconcileTransfer(tx, links, object as Stripe.Transfer, now);
      return;
    case 'transfer.failed': {
      const transfer = object as Stripe.Transfer & { failure_message?: string | null };
      const row = await payoutForTransfer(tx, transfer);
      if (row) await applyTransferFailure(tx, links, row, transfer.id, transfer.failure_message ?? 'Stripe reported the transfer as failed');
      return;
    }
    case 'payout.failed':
      await connectedPayoutFailed(tx, links, event.account ?? null, object as Stripe.Payout);
      return;
  }
}

/** The transaction a transfer pays: from our metadata, else by the stored transfer id. */
async function payoutForTransfer(tx: Tx, transfer: Stripe.Transfer) {
  const id = Number(transfer.metadata?.transaction_id);
  const where: Prisma.TransactionWhereInput = Number.isSafeInteger(id) && id > 0 ? { id } : { stripeTransferId: transfer.id };
  return tx.transaction.findFirst({ where, select: payoutRowSelect });
}

/**
 * Brings a payout in line with a transfer's current state: a processing payout of the transfer's
 * attempt is completed with it, then any reversal not yet in the ledger is credited.
 */
async function reconcileTransfer(tx: Tx, links: EmailLinks, transfer: Stripe.Transfer, now: Date) {
  let row = await payoutForTransfer(tx, transfer);
  if (!row) return;
  const attempt = Number(transfer.metadata?.attempt);
  if (row.status === 'processing' && row.payoutAttempt === attempt) {
    await completeStripePayout(tx, links, { ...WEBHOOK_ACTOR, now }, row, attempt, transfer.id);
    row = await tx.transaction.findUniqueOrThrow({ where: { id: row.id }, select: payoutRowSelect });
  }
  if (transfer.amount_reversed > 0) {
    await applyTransferReversal(tx, links, row, transfer.id, transfer.amount_reversed, transfer.reversed);
  }
}

async function connectedPayoutFailed(tx: Tx, links: EmailLinks, accountId: string | null, payout: Stripe.Payout) {
  if (!accountId) return; // the platform's own payout: not a seller's
  const user = await tx.user.findFirst({ where: { stripeAccountId: accountId }, select: { id: true } });
  if (!user) return;
  await notify(tx, links, {
    userId: user.id,
    type: 'payout_bank_failed',
    title: 'Bank payout failed',
    message: `Stripe could not send ${formatCents(payout.amount)} to your bank${payout.failure_message ? `: ${payout.failure_message}` : ''}. The money is safe in your Stripe balance; update your bank details in your payout account.`,
    actionUrl: '/payouts',
  });
}

/** Stripe counts whole cents; the amount is written from them exactly. */
function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(cents))).padStart(3, '0');
  return formatUsd(`${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`);
}
