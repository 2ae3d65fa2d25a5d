// The ledger page's URL: its filters and page. No data layer here: route options load with the first page.
import { compact, oneOf, text, uuid } from '~/client/search-params.ts';
import { LEDGER_TYPE_NAMES, type LedgerEntryType } from '~/shared/ledger.ts';

export interface LedgerSearch {
  user?: string;
  type?: LedgerEntryType;
  cursor?: string;
  dir?: 'next' | 'prev';
}

export function parseLedgerSearch(input: Record<string, unknown>): LedgerSearch {
  return compact({
    user: uuid(input.user),
    type: oneOf(LEDGER_TYPE_NAMES, input.type),
    cursor: text(input.cursor, 500),
    dir: oneOf(['next', 'prev'] as const, input.dir),
  });
}

export const ledgerInput = (search: LedgerSearch) => compact({ userId: search.user, type: search.type, cursor: search.cursor, direction: search.dir });
