// /admin/ledger: the sellers' ledger (issue 15, point 7; ADR 0018). Every money movement between the
// platform and a seller, newest first, with that seller's running balance after it; filter by seller
// (from a user page or a row) and type; the filtered rows as CSV.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { compact } from '~/client/search-params.ts';
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { downloadText } from '~/components/admin/download.ts';
import { Pager } from '~/components/admin/pager.tsx';
import { QueryView } from '~/components/query-view.tsx';
import { toast } from '~/components/toast/toast-store.ts';
import { LEDGER_ENTRY_TYPES, LEDGER_TYPE_NAMES, type LedgerEntryType } from '~/shared/ledger.ts';
import { LedgerList } from './ledger-list.tsx';
import { type LedgerSearch, ledgerInput } from './ledger-search.ts';
import { NoMatches } from '~/components/no-matches.tsx';
import { keepPreviousData } from '@tanstack/react-query';

export function AdminLedgerPage({ search, setSearch }: { search: LedgerSearch; setSearch: (next: LedgerSearch) => void }) {
  const list = trpc.ledger.admin.useQuery(ledgerInput(search), { placeholderData: keepPreviousData });
  const seller = list.data?.items[0]?.seller;
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = await utils.ledger.adminCsv.fetch(compact({ userId: search.user, type: search.type }), { staleTime: 0 });
      downloadText(`ledger-${new Date().toISOString().slice(0, 10)}.csv`, csv);
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error, 'The ledger could not be exported.'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };
  const filtered = search.user !== undefined || search.type !== undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to="/admin-panel">Admin Panel</Link>
          </li>
          <li>
            <Link to="/admin/payouts">Payouts</Link>
          </li>
          <li aria-current="page">Ledger</li>
        </ul>
      </nav>
      <h1 className="text-2xl font-bold sm:text-3xl">Ledger</h1>
      <p className="mt-1 text-base-content/70">Every payout owed, sent or reversed, newest first, with the seller’s balance after it.</p>

      <div className="mt-6 flex flex-wrap items-end gap-3">
        <label className="flex min-w-48 flex-col gap-1 text-sm font-medium">
          Type
          <select
            className="select select-bordered"
            value={search.type ?? ''}
            onChange={(e) => setSearch({ ...search, type: (e.target.value || undefined) as LedgerEntryType | undefined, cursor: undefined, dir: undefined })}
          >
            <option value="">All types</option>
            {LEDGER_TYPE_NAMES.map((t) => (
              <option key={t} value={t}>
                {LEDGER_ENTRY_TYPES[t]}
              </option>
            ))}
          </select>
        </label>
        {search.user && (
          <p className="flex items-center gap-2 text-sm" data-testid="ledger-seller-filter">
            Seller: <span className="font-medium">{seller ? `${seller.name} (${seller.email})` : 'this seller'}</span>
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setSearch({ ...search, user: undefined, cursor: undefined, dir: undefined })}>
              Show every seller
            </button>
          </p>
        )}
        <button type="button" className="btn btn-outline btn-sm ml-auto" onClick={exportCsv} disabled={exporting} aria-busy={exporting}>
          Export CSV
        </button>
      </div>

      <section aria-label="Ledger entries" className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5">
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
          {(page) => <LedgerList rows={page.items} label="Ledger entries" />}
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
