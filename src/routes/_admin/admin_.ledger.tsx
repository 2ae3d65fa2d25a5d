import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { useUrlSearch, warmForAdmin } from '~/client/data/url-list.ts';
import { AdminLedgerPage } from '~/components/payouts/admin-ledger-page.tsx';
import { type LedgerSearch, ledgerInput, parseLedgerSearch } from '~/components/payouts/ledger-search.ts';

/** /admin/ledger: the sellers' ledger (filters and page in the URL). */
export const Route = createFileRoute('/_admin/admin_/ledger')({
  validateSearch: parseLedgerSearch,
  head: () => pageHead('Ledger', 'Every payout owed, sent or reversed, with running balances.'),
  loaderDeps: ({ search }) => search,
  loader: warmForAdmin((trpc, deps: LedgerSearch) => [trpc.ledger.admin.ensureData(ledgerInput(deps))]),
  component: Screen,
});

function Screen() {
  return <AdminLedgerPage {...useUrlSearch(Route)} />;
}
