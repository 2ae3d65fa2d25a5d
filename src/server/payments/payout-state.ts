// The database side of a payout: each status change is one conditional update (so of several
// callers exactly one wins), with its ledger row, the seller's notification and the audit row, in
// one transaction. Stripe calls happen outside these transactions (src/server/payments/stripe-payout.ts).
//
//   pending | failed | reversed --start--> processing --complete--> completed --reverse--> reversed
//                                          processing --fail-----> failed
//   pending | failed | reversed --recordManual (no Stripe)-------> completed
import type { Prisma } from '~/generated/prisma/client.ts';
import type { AuditAction } from '~/shared/event-names.ts';
import type { RequestMeta } from '../context.ts';
import { logActivity } from '../domain/activity-log.ts';
import { recordLedgerEntry, transactionReference } from '../domain/ledger.ts';
import { moneyString, toDecimal } from '../domain/money.ts';
import { ConflictError, NotFoundError } from '../domain/errors.ts';
import { notify } from '../domain/notifications.ts';
import { formatUsd } from '~/shared/format.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { type ManualPayoutMethod, PAYABLE_STATUSES, type PayoutStatus } from '~/shared/schemas/payouts.ts';

export type Tx = Prisma.TransactionClient;

/** Who acts: an admin (with request metadata) or Stripe through a webhook (actorId null); `now` is their clock's time. */
export interface PayoutActor {
  actorId: string | null;
  meta: RequestMeta;
  now: Date;
}
type Auditor = Pick<PayoutActor, 'actorId' | 'meta'>;
export const WEBHOOK_ACTOR: Auditor = { actorId: null, meta: { ip: null, userAgent: 'Stripe webhook' } };

export const payoutRowSelect = {
  id: true,
  prototypeId: true,
  sellerId: true,
  sellerPayout: true,
  status: true,
  payoutAttempt: true,
  stripeTransferId: true,
  prototype: { select: { prototypeName: true } },
} satisfies Prisma.TransactionSelect;
export type PayoutRow = Prisma.TransactionGetPayload<{ select: typeof payoutRowSelect }>;

export async function loadPayout(db: Pick<Tx, 'transaction'>, id: number): Promise<PayoutRow> {
  const row = await db.transaction.findUnique({ where: { id }, select: payoutRowSelect });
  if (!row) throw new NotFoundError('Transaction not found');
  return row;
}

function refusal(row: PayoutRow): ConflictError {
  const messages: Record<PayoutStatus, string> = {
    pending: 'This payout has not been started',
    processing: 'This payout is already being processed',
    completed: 'This payout has already been paid',
    failed: 'This payout has failed',
    reversed: 'This payout was reversed',
  };
  return new ConflictError(messages[row.status]);
}

async function audit(tx: Tx, actor: Auditor, action: AuditAction, row: PayoutRow, details: Prisma.InputJsonValue) {
  await logActivity(tx, actor.meta, {
    userId: actor.actorId,
    action,
    targetType: 'transaction',
    targetId: row.id,
    details,
  });
}

/**
 * pending | failed | reversed -> processing, counting a new attempt. Returns the claimed row, or
 * null when another caller changed the row first (the caller then looks at its new state).
 */
export async function startPayout(tx: Tx, actor: PayoutActor, row: PayoutRow): Promise<PayoutRow | null> {
  const { count } = await tx.transaction.updateMany({
    where: { id: row.id, status: { in: [...PAYABLE_STATUSES] }, payoutAttempt: row.payoutAttempt },
    data: { status: 'processing', payoutAttempt: { increment: 1 }, processedBy: actor.actorId, failureReason: null },
  });
  if (count === 0) return null;
  const claimed = await loadPayout(tx, row.id);
  await audit(tx, actor, 'admin.payout.started', claimed, { attempt: claimed.payoutAttempt, from: row.status, method: 'stripe' });
  return claimed;
}

interface Completion {
  /** Only this attempt may complete (an older attempt's late answer is ignored). */
  attempt: number;
  method: 'stripe' | ManualPayoutMethod;
  stripeTransferId?: string | null;
  reference?: string | null;
}

async function writeCompletion(tx: Tx, links: EmailLinks, actor: PayoutActor, row: PayoutRow, completion: Completion) {
  const reference = completion.stripeTransferId ?? completion.reference ?? transactionReference(row.id);
  await recordLedgerEntry(tx, {
    userId: row.sellerId,
    type: 'payout_sent',
    amount: row.sellerPayout.negated(),
    description:
      completion.method === 'stripe'
        ? `Stripe transfer for transaction #${row.id} (${row.prototype.prototypeName})`
        : `Payout for transaction #${row.id} (${row.prototype.prototypeName}) recorded manually`,
    reference,
    processedBy: actor.actorId,
  });
  await notify(tx, links, {
    userId: row.sellerId,
    prototypeId: row.prototypeId,
    type: 'payout_completed',
    title: 'Payout sent',
    message: `Your payout of ${formatUsd(row.sellerPayout)} for "${row.prototype.prototypeName}" has been sent.`,
    actionUrl: '/payouts',
  });
  await audit(tx, actor, 'admin.payout.completed', row, {
    attempt: completion.attempt,
    method: completion.method,
    stripeTransferId: completion.stripeTransferId ?? null,
    reference: completion.reference ?? null,
    sellerPayout: moneyString(row.sellerPayout),
  });
}

/** processing (this attempt) -> completed with the Stripe transfer. False when it already was. */
export async function completeStripePayout(tx: Tx, links: EmailLinks, actor: PayoutActor, row: PayoutRow, attempt: number, transferId: string) {
  const { count } = await tx.transaction.updateMany({
    where: { id: row.id, status: 'processing', payoutAttempt: attempt },
    data: {
      status: 'completed',
      stripeTransferId: transferId,
      payoutMethod: 'stripe',
      payoutReference: null,
      failureReason: null,
      completedAt: actor.now,
    },
  });
  if (count === 0) return false;
  await writeCompletion(tx, links, actor, row, { attempt, method: 'stripe', stripeTransferId: transferId });
  return true;
}

/** processing (this attempt) -> failed: Stripe refused the transfer, so nothing moved. */
export async function failStripePayout(tx: Tx, links: EmailLinks, actor: PayoutActor, row: PayoutRow, attempt: number, reason: string) {
  const { count } = await tx.transaction.updateMany({
    where: { id: row.id, status: 'processing', payoutAttempt: attempt },
    data: { status: 'failed', failureReason: reason.slice(0, 1000) },
  });
  if (count === 0) return false;
  await notify(tx, links, {
    userId: row.sellerId,
    prototypeId: row.prototypeId,
    type: 'payout_failed',
    title: 'Payout delayed',
    message: `Your payout of ${formatUsd(row.sellerPayout)} for "${row.prototype.prototypeName}" could not be sent yet. Our team has been told and will retry.`,
    actionUrl: '/payouts',
  });
  await audit(tx, actor, 'admin.payout.failed', row, { attempt, reason });
  return true;
}

/** Stripe gave no definitive answer: the payout stays processing, with a note for the admin. */
export async function notePayoutUnconfirmed(db: Pick<Tx, 'transaction'>, row: PayoutRow, attempt: number, note: string) {
  await db.transaction.updateMany({
    where: { id: row.id, status: 'processing', payoutAttempt: attempt },
    data: { failureReason: note.slice(0, 1000) },
  });
}

/** Without Stripe: the admin says how and with which reference the seller was paid. */
export async function recordManualPayout(
  tx: Tx,
  links: EmailLinks,
  actor: PayoutActor & { actorId: string },
  id: number,
  method: ManualPayoutMethod,
  reference: string,
) {
  const row = await loadPayout(tx, id);
  const { count } = await tx.transaction.updateMany({
    where: { id, status: { in: [...PAYABLE_STATUSES] }, payoutAttempt: row.payoutAttempt },
    data: {
      status: 'completed',
      payoutMethod: method,
      payoutReference: reference,
      payoutAttempt: { increment: 1 },
      processedBy: actor.actorId,
      failureReason: null,
      completedAt: actor.now,
    },
  });
  if (count === 0) throw refusal(await loadPayout(tx, id));
  await writeCompletion(tx, links, actor, row, { attempt: row.payoutAttempt + 1, method, reference });
}

/**
 * Stripe reversed (part of) a completed transfer: the reversed amount is owed to the seller again.
 * `totalReversedCents` is the transfer's amount_reversed; only what the ledger has not recorded yet
 * for this transfer is credited, so repeated or out-of-order events add nothing twice. A full
 * reversal also moves the transaction to reversed.
 */
export async function applyTransferReversal(tx: Tx, links: EmailLinks, row: PayoutRow, transferId: string, totalReversedCents: number, fullyReversed: boolean) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`ledger:${row.sellerId}`}, 0))`;
  // Only a transfer this ledger recorded as sent can be credited back.
  const sent = await tx.financialRecord.findFirst({
    where: { userId: row.sellerId, type: 'payout_sent', reference: transferId },
    select: { id: true },
  });
  if (!sent) return { credited: toDecimal(0), reversed: false };
  const recorded = await tx.financialRecord.aggregate({
    where: { userId: row.sellerId, type: 'payout_reversed', reference: transferId },
    _sum: { amount: true },
  });
  const already = recorded._sum.amount ?? toDecimal(0);
  const delta = toDecimal(totalReversedCents).div(100).minus(already);
  if (delta.gt(0)) {
    await recordLedgerEntry(tx, {
      userId: row.sellerId,
      type: 'payout_reversed',
      amount: delta,
      description: `Stripe reversed ${formatUsd(delta)} of the transfer for transaction #${row.id} (${row.prototype.prototypeName})`,
      reference: transferId,
    });
  }
  let moved = false;
  if (fullyReversed) {
    const { count } = await tx.transaction.updateMany({
      where: { id: row.id, status: 'completed', stripeTransferId: transferId },
      data: { status: 'reversed', failureReason: 'The Stripe transfer was reversed' },
    });
    moved = count === 1;
  }
  if (delta.gt(0) || moved) {
    await notify(tx, links, {
      userId: row.sellerId,
      prototypeId: row.prototypeId,
      type: 'payout_reversed',
      title: 'Payout reversed',
      message: `${formatUsd(delta.gt(0) ? delta : row.sellerPayout)} of your payout for "${row.prototype.prototypeName}" was reversed. Our team will follow up.`,
      actionUrl: '/payouts',
    });
    await audit(tx, WEBHOOK_ACTOR, 'stripe.transfer.reversed', row, {
      transferId,
      reversed: moneyString(delta),
      totalReversedCents,
      fullyReversed,
    });
  }
  return { credited: delta.gt(0) ? delta : toDecimal(0), reversed: moved };
}

/**
 * A transfer Stripe reports as failed (the legacy `transfer.failed` event): if the payout had been
 * completed with it, the amount is owed again and the payout is failed; a processing one just fails.
 */
export async function applyTransferFailure(tx: Tx, links: EmailLinks, row: PayoutRow, transferId: string, reason: string) {
  const completed = await tx.transaction.updateMany({
    where: { id: row.id, status: 'completed', stripeTransferId: transferId },
    data: { status: 'failed', failureReason: reason },
  });
  const processing =
    completed.count === 0
      ? await tx.transaction.updateMany({
          where: { id: row.id, status: 'processing', payoutAttempt: row.payoutAttempt },
          data: { status: 'failed', failureReason: reason, stripeTransferId: transferId },
        })
      : { count: 0 };
  if (completed.count === 0 && processing.count === 0) return false;
  if (completed.count === 1) {
    await recordLedgerEntry(tx, {
      userId: row.sellerId,
      type: 'payout_reversed',
      amount: row.sellerPayout,
      description: `Stripe transfer for transaction #${row.id} (${row.prototype.prototypeName}) failed: ${reason}`,
      reference: transferId,
    });
  }
  await notify(tx, links, {
    userId: row.sellerId,
    prototypeId: row.prototypeId,
    type: 'payout_failed',
    title: 'Payout failed',
    message: `Your payout of ${formatUsd(row.sellerPayout)} for "${row.prototype.prototypeName}" failed. Our team will retry.`,
    actionUrl: '/payouts',
  });
  await audit(tx, WEBHOOK_ACTOR, 'stripe.transfer.failed', row, { transferId, reason });
  return true;
}
