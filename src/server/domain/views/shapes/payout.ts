// Transactions and payouts: amounts as exact decimal strings (transaction-view.ts derives its types).
import { z } from 'zod';
import { PAYOUT_STATUSES } from '~/shared/constants.ts';
import { MANUAL_PAYOUT_METHODS } from '~/shared/schemas/payouts.ts';
import { id, moneyText, timestamp, uuid } from './common.ts';

/** What every view of a transaction starts with: its prototype, the amounts and the status. */
const transactionFields = {
  id,
  prototypeId: id,
  amount: moneyText,
  platformFee: moneyText,
  sellerPayout: moneyText,
  status: z.enum(PAYOUT_STATUSES),
};

export const sellerTransaction = z.strictObject({
  ...transactionFields,
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
});
const payoutMethod = z.enum(['stripe', ...MANUAL_PAYOUT_METHODS]);
export const payoutAccount = z.strictObject({
  mode: z.enum(['stripe', 'manual']),
  connected: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
});
export const payoutAccountState = payoutAccount.omit({ mode: true });
export const onboardingLink = z.strictObject({ url: z.string().url() });
export const sellerPayouts = z.strictObject({
  items: z.array(
    z.strictObject({
      ...transactionFields,
      payoutMethod: payoutMethod.nullable(),
      createdAt: timestamp,
      completedAt: timestamp.nullable(),
      prototypeName: z.string(),
      /** The Stripe transfer id or the reference an admin recorded. */
      reference: z.string().nullable(),
    }),
  ),
  paidOut: moneyText,
  owed: moneyText,
});
export const adminPayout = z.strictObject({
  ...transactionFields,
  payoutMethod: payoutMethod.nullable(),
  payoutReference: z.string().nullable(),
  stripeTransferId: z.string().nullable(),
  failureReason: z.string().nullable(),
  payoutAttempt: z.number().int().nonnegative(),
  createdAt: timestamp,
  updatedAt: timestamp,
  completedAt: timestamp.nullable(),
  prototypeName: z.string(),
  seller: z.strictObject({
    id: uuid,
    name: z.string(),
    email: z.string(),
    payoutAccountConnected: z.boolean(),
    payoutsEnabled: z.boolean(),
  }),
  processedBy: z.string().nullable(),
});
export const payoutTotals = z.array(
  z.strictObject({
    status: z.enum(PAYOUT_STATUSES),
    count: z.number().int().nonnegative(),
    amount: moneyText,
    platformFee: moneyText,
    sellerPayout: moneyText,
  }),
);
export const stripePayoutResult = z.strictObject({
  outcome: z.discriminatedUnion('status', [
    z.strictObject({ status: z.literal('completed'), transferId: z.string() }),
    z.strictObject({ status: z.literal('failed'), reason: z.string() }),
    z.strictObject({ status: z.literal('processing'), reason: z.string() }),
  ]),
  transaction: adminPayout,
});
export const manualPayoutResult = z.strictObject({ transaction: adminPayout });
export const stripeWebhookResult = z.strictObject({
  received: z.literal(true),
  result: z.enum(['processed', 'duplicate', 'ignored']),
});
