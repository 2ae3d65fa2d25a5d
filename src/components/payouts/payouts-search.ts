// The admin Payouts page's URL: the status filter and the page (a transaction id and a direction),
// like every other admin list. No data layer here: route options load with the first page.
import { compact, oneOf, text } from '~/client/search-params.ts';
import { PAYOUT_STATUSES, type PayoutStatus } from '~/shared/constants.ts';
import type { PayoutPageInput } from '~/shared/schemas/payouts.ts';

export interface PayoutsSearch {
  status?: PayoutStatus;
  cursor?: string;
  dir?: 'next' | 'prev';
}

export function parsePayoutsSearch(input: Record<string, unknown>): PayoutsSearch {
  return compact({
    status: oneOf(PAYOUT_STATUSES, input.status),
    cursor: text(input.cursor, 500),
    dir: oneOf(['next', 'prev'] as const, input.dir),
  });
}

export const payoutsInput = (search: PayoutsSearch): PayoutPageInput =>
  compact({ status: search.status, cursor: search.cursor, direction: search.dir ?? 'next' });
