// /admin/ledger: the sellers' ledger (issue 15, point 7; issue 34, point 12; ADR 0018). The totals of
// what was owed, sent and reversed; each seller's balance; then every money movement, newest first,
// with that seller's running balance after it. Filter by seller and type; the filtered rows as CSV.
import { keepPreviousData } from '@tanstack/react-query';
import { compact } from '~/client/search-params.ts';
import { trpc } from '~/client/trpc.ts';
import { downloadText } from '~/components/admin/download.ts';
import { AdminPageHeader, Figure, FilterSelect } from '~/components/admin/list-parts.tsx';
import { Pager } from '~/components/admin/pager.tsx';
import { Amount } from '~/components/amount.tsx';
import { NoMatches } from '~/components/no-matches.tsx';
import { QueryView } from '~/components/query-view.tsx';
import { toastError } from '~/components/toast/toast-store.ts';
import { datedFileName, formatNumber } from '~/shared/format.ts';
import { LEDGER_ENTRY_TYPES, LEDGER_TYPE_NAMES, type LedgerEntryType } from '~/shared/ledger.ts';
import { LedgerList } from './ledger-list.tsx';
import { type LedgerSearch, ledgerInput } from './ledger-search.ts';
import { SellerBalances } from './ledger-balances.tsx';

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

      <form role="search" aria-label="Filter the ledger" className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
        <FilterSelect
          id="ledger-seller"
          label="Seller"
          allLabel="All sellers"
          value={search.user}
          options={sellerOptions}
          onChange={(user) => filter({ user })}
        />
        <FilterSelect
          id="ledger-type"
          label="Type"
          allLabel="All types"
          value={search.type}
          options={LEDGER_TYPE_NAMES.map((t) => [t, LEDGER_ENTRY_TYPES[t]])}
          onChange={(type) => filter({ type: type as LedgerEntryType | undefined })}
        />
      </form>

      <section aria-labelledby="ledger-totals-title" className="mt-6">
        <h2 id="ledger-totals-title" className="text-lg font-semibold">
          {chosen ? `Totals for ${chosen.name}` : 'Totals, all sellers'}
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="ledger-totals">
          <Figure label="Owed in all" testId="ledger-total-due">
            {totals ? <Amount value={totals.due} maxRem={1.5} /> : '—'}
          </Figure>
          <Figure label="Sent" testId="ledger-total-sent">
            {totals ? <Amount value={totals.sent} maxRem={1.5} /> : '—'}
          </Figure>
          <Figure label="Reversed" testId="ledger-total-reversed">
            {totals ? <Amount value={totals.reversed} maxRem={1.5} /> : '—'}
          </Figure>
          <Figure label="Still owed" testId="ledger-total-balance">
            {totals ? <Amount value={totals.balance} maxRem={1.5} /> : '—'}
          </Figure>
          <Figure label="Entries" testId="ledger-total-entries" className="col-span-2 lg:col-span-1">
            {totals ? formatNumber(totals.entries) : '—'}
          </Figure>
        </dl>
      </section>

      {!search.user && everyone.data && everyone.data.sellers.length > 0 && (
        <SellerBalances sellers={everyone.data.sellers} more={everyone.data.moreSellers} onChoose={(user) => filter({ user })} />
      )}

      <section aria-labelledby="ledger-entries-title" className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5">
        <h2 id="ledger-entries-title" className="text-lg font-semibold">
          Entries
        </h2>
        <QueryView
          query={list}
          what="the ledger"
          isEmpty={(page) => page.items.length === 0}
          empty={
            <NoMatches
              message={filtered ? 'No ledger entries match these filters.' : 'No ledger entries yet: they appear when a quote is accepted.'}
              onClear={filtered ? () => setSearch({}) : undefined}
            />
          }
        >
          {(page) => <LedgerList rows={page.items} label="Ledger entries" oneSeller={search.user !== undefined} />}
        </QueryView>
        {list.data && (
          <Pager
            label="Ledger"
            prevCursor={list.data.prevCursor}
            nextCursor={list.data.nextCursor}
            busy={list.isFetching}
            onFirst={() => setSearch({ ...search, cursor: undefined, dir: undefined })}
            onPage={(cursor, dir) => setSearch({ ...search, cursor, dir })}
          />
        )}
      </section>
    </div>
  );
}
