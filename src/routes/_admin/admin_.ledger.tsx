import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { AdminLedgerPage } from '~/components/payouts/admin-ledger-page.tsx';
import { type LedgerSearch, ledgerInput, parseLedgerSearch } from '~/components/payouts/ledger-search.ts';

/** /admin/ledger: the sellers' ledger (filters and page in the URL). */
export const Route = createFileRoute('/_admin/admin_/ledger')({
  validateSearch: parseLedgerSearch,
  head: () => pageHead('Ledger', 'Every payout owed, sent or reversed, with running balances.'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => (context.isAdmin ? context.trpc.ledger.admin.ensureData(ledgerInput(deps)).catch(() => undefined) : undefined),
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AdminLedgerPage search={search} setSearch={(next: LedgerSearch) => void navigate({ search: next })} />;
}
