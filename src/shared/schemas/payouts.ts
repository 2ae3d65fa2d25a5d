// Payout inputs and names shared by the payout procedures and the payout screens.
import { z } from 'zod';

import { PAYOUT_STATUSES, type PayoutStatus } from '../constants.ts';
import { recordId } from './bounds.ts';

export { PAYOUT_STATUSES, type PayoutStatus };

/** Statuses from which a payout may be started (again). */
export const PAYABLE_STATUSES = ['pending', 'failed', 'reversed'] as const satisfies readonly PayoutStatus[];

/** How an admin can say a payout was made when Stripe is not configured. */
export const MANUAL_PAYOUT_METHODS = ['bank_transfer', 'wire', 'check', 'other'] as const;
export type ManualPayoutMethod = (typeof MANUAL_PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_LABELS: Record<ManualPayoutMethod | 'stripe', string> = {
  stripe: 'Stripe transfer',
  bank_transfer: 'Bank transfer',
  wire: 'Wire',
  check: 'Check',
  other: 'Other',
};

export const PAYOUT_REFERENCE_MAX = 200;

const transactionId = recordId('transaction');

export const payoutIdInput = z.object({ id: transactionId });

export const manualPayoutInput = z.object({
  id: transactionId,
  method: z.enum(MANUAL_PAYOUT_METHODS, { errorMap: () => ({ message: 'Choose how the payout was made' }) }),
  reference: z
    .string({ required_error: 'Enter the payment reference' })
    .trim()
    .min(1, 'Enter the payment reference')
    .max(PAYOUT_REFERENCE_MAX, `The reference can be at most ${PAYOUT_REFERENCE_MAX} characters`),
});
export type ManualPayoutInput = z.input<typeof manualPayoutInput>;

export const PAYOUT_PAGE_SIZE = 25;

export const payoutListInput = z.object({
  status: z.enum(PAYOUT_STATUSES).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAYOUT_PAGE_SIZE),
});
export type PayoutListInput = z.input<typeof payoutListInput>;
/** The admin Payouts page's pages, both ways (the REST list pages forward only). */
export const payoutPageInput = payoutListInput.extend({ direction: z.enum(['next', 'prev']).optional().default('next') });
export type PayoutPageInput = z.input<typeof payoutPageInput>;
