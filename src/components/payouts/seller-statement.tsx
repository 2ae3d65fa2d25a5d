// The seller's statement beside their payouts (issue 15, point 7): every ledger row, newest first, with
// the running balance, and the whole statement as CSV.
import { useState } from 'react';
import { trpc } from '~/client/trpc.ts';
import { ListPager } from '~/components/admin/pager.tsx';
import { downloadText } from '~/components/admin/download.ts';
import { QueryView } from '~/components/query-view.tsx';
import { toastError } from '~/components/toast/toast-store.ts';
import { LedgerList } from './ledger-list.tsx';
import { keepPreviousData } from '@tanstack/react-query';
import { datedFileName } from '~/shared/format.ts';

export function SellerStatement() {
  const [page, setPage] = useState<{ cursor?: string; direction?: 'next' | 'prev' }>({});
  const statement = trpc.ledger.mine.useQuery({ limit: 20, ...page }, { placeholderData: keepPreviousData });
  const exporter = trpc.ledger.mineCsv.useMutation();
  const downloading = exporter.isPending;
  const download = async () => {
    try {
      downloadText(datedFileName('statement'), await exporter.mutateAsync());
    } catch (error) {
      toastError('The statement could not be downloaded.', error);
    }
  };
  return (
    <section aria-labelledby="statement-title" className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm" data-testid="statement">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="statement-title" className="text-lg font-semibold">
            Statement
          </h2>
          <p className="text-sm text-base-content/70">What we owe you, row by row: payouts due, sent and reversed, with the balance after each.</p>
        </div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={download}
          disabled={downloading || statement.data?.items.length === 0}
          aria-busy={downloading}
        >
          Download CSV
        </button>
      </div>
      <QueryView query={statement} what="your statement" empty="No entries yet: they appear when a quote is accepted.">
        {(data) => <LedgerList rows={data.items} label="Statement entries" />}
      </QueryView>
      <ListPager label="Statement" list={statement} onPage={(cursor, direction) => setPage(cursor ? { cursor, direction } : {})} />
    </section>
  );
}
