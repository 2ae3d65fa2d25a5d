// /admin/ledger: the sellers' ledger (issue 15, point 7; issue 34, point 12; ADR 0018). The totals of
// what was owed, sent and reversed; each seller's balance; then every money movement, newest first,
// with that seller's running balance after it. Filter by seller and type; the filtered rows as CSV.
import { keepPreviousData } from '@tanstack/react-query';
import { compact } from '~/client/search-params.ts';
import { trpc } from '~/client/trpc.ts';
import { downloadText } from '~/components/admin/download.ts';
import { AdminPageHeader, Figure, FilterBar, bindFilters } from '~/components/admin/list-parts.tsx';
import { ListPager } from '~/components/admin/pager.tsx';
import { ListCard } from '~/components/list-card.tsx';
import { Amount } from '~/components/amount.tsx';
import { NoMatches } from '~/components/no-matches.tsx';
import { QueryView } from '~/components/query-view.tsx';
import { toastError } from '~/components/toast/toast-store.ts';
import { datedFileName, formatNumber } from '~/shared/format.ts';
import { LEDGER_ENTRY_TYPES, LEDGER_TYPE_NAMES } from '~/shared/ledger.ts';
import { LedgerList } from './ledger-list.tsx';
import { type LedgerSearch, ledgerInput } from './ledger-search.ts';
import { SellerBalances } from './ledger-balances.tsx';

/** The money totals, each with its test id's suffix. */
const TOTALS = [
  ['due', 'Owed in all'],
  ['sent', 'Sent'],
  ['reversed', 'Reversed'],
  ['balance', 'Still owed'],
] as const;

export function AdminLedgerPage({ search, setSearch }: { search: LedgerSearch; setSearch: (next: LedgerSearch) => void }) {
  const list = trpc.ledger.admin.useQuery(ledgerInput(search), { placeholderData: keepPreviousData });
  const everyone = trpc.ledger.summary.useQuery({});
  const summary = trpc.ledger.summary.useQuery(compact({ userId: search.user }), { placeholderData: keepPreviousData });
  const exporter = trpc.ledger.adminCsv.useMutation();
  const exporting = exporter.isPending;
  const exportCsv = async () => {
    try {
      downloadText(datedFileName('ledger'), await exporter.mutateAsync(compact({ userId: search.user, type: search.type })));
    } catch (error) {
      toastError('The ledger could not be exported.', error);
    }
  };
  const filter = (patch: Partial<LedgerSearch>) => setSearch({ ...search, ...patch, cursor: undefined, dir: undefined });
  const select = bindFilters(search, filter);
  const filtered = search.user !== undefined || search.type !== undefined;
  const sellers = everyone.data?.sellers ?? [];
  const chosen = summary.data?.sellers.find((s) => s.id === search.user);
  const sellerOptions: [string, string][] = sellers.map((s) => [s.id, `${s.name} (${s.email})`]);
  if (chosen && !sellers.some((s) => s.id === chosen.id)) sellerOptions.push([chosen.id, `${chosen.name} (${chosen.email})`]);
  const totals = summary.data?.totals;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <AdminPageHeader
        current="Ledger"
        trail={[{ label: 'Payouts', to: '/admin/payouts' }]}
        title="Ledger"
        description="Every payout owed, sent or reversed, newest first, with each seller’s own balance after it."
      >
        <button type="button" className="btn btn-outline btn-sm" onClick={exportCsv} disabled={exporting} aria-busy={exporting}>
          Export CSV
        </button>
      </AdminPageHeader>

      <FilterBar
        label="Filter the ledger"
        className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2"
        filters={[
          select('user', 'ledger-seller', 'Seller', 'All sellers', sellerOptions),
          select('type', 'ledger-type', 'Type', 'All types', LEDGER_TYPE_NAMES, LEDGER_ENTRY_TYPES),
        ]}
      />

      <section aria-labelledby="ledger-totals-title" className="mt-6">
        <h2 id="ledger-totals-title" className="text-lg font-semibold">
          {chosen ? `Totals for ${chosen.name}` : 'Totals, all sellers'}
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="ledger-totals">
          {TOTALS.map(([key, label]) => (
            <Figure key={key} label={label} testId={`ledger-total-${key}`}>
              {totals ? <Amount value={totals[key]} maxRem={1.5} /> : '—'}
            </Figure>
          ))}
          <Figure label="Entries" testId="ledger-total-entries" className="col-span-2 lg:col-span-1">
            {totals ? formatNumber(totals.entries) : '—'}
          </Figure>
        </dl>
      </section>

      {!search.user && everyone.data && everyone.data.sellers.length > 0 && (
        <SellerBalances sellers={everyone.data.sellers} more={everyone.data.moreSellers} onChoose={(user) => filter({ user })} />
      )}

      <ListCard titleId="ledger-entries-title" title="Entries" className="mt-6">
        <QueryView
          query={list}
          what="the ledger"
          empty={
            <NoMatches
              message={filtered ? 'No ledger entries match these filters.' : 'No ledger entries yet: they appear when a quote is accepted.'}
              onClear={filtered ? () => setSearch({}) : undefined}
            />
          }
        >
          {(page) => <LedgerList rows={page.items} label="Ledger entries" oneSeller={search.user !== undefined} />}
        </QueryView>
        <ListPager label="Ledger" list={list} onPage={(cursor, dir) => setSearch({ ...search, cursor, dir })} />
      </ListCard>
    </div>
  );
}
