// Decline reasons by month and category (issue 33, point 6; ADR 0048): how many prototypes and quotes
// were declined for each reason category, by default in the last twelve months (UTC), or between two
// chosen days, from `evaluation.declineReasons`. A decline without a category counts as "No category".
import { type FormEvent, useState } from 'react';
import { trpc } from '~/client/trpc.ts';
import { keepPreviousData } from '@tanstack/react-query';
import { QueryView } from '~/components/query-view.tsx';
import { ListCard, ScrollRegion, TableHead, right } from '~/components/list-card.tsx';
import { DECLINE_CATEGORIES, DECLINE_REASONS } from '~/shared/decline-reasons.ts';
import { formatMonth } from '~/shared/format.ts';

const COLUMNS = [...DECLINE_CATEGORIES.map((c) => [c, DECLINE_REASONS[c].label] as const), ['uncategorised', 'No category'] as const];

/** "2026-03" as "March 2026" (the month is UTC, so it is formatted in UTC). */
const monthLabel = (month: string) => formatMonth(`${month}-01T00:00:00Z`, { timeZone: 'UTC' });

export function DeclineReasonsTable() {
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const utcDay = (day: string | undefined) => (day ? new Date(`${day}T00:00:00Z`) : undefined);
  const report = trpc.evaluation.declineReasons.useQuery({ from: utcDay(range.from), to: utcDay(range.to) }, { placeholderData: keepPreviousData });
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const day = (name: string) => String(form.get(name) ?? '') || undefined;
    setRange({ from: day('from'), to: day('to') });
  };
  const ranged = range.from !== undefined || range.to !== undefined;
  return (
    <ListCard titleId="decline-reasons-title" title="Decline reasons" className="mt-6" testId="decline-reasons">
      <p className="mt-1 text-sm text-base-content/70">
        Prototypes and quotes declined, by month (UTC) and reason category{report.data ? `, ${report.data.from} to ${report.data.to}` : ''}.
      </p>
      <form aria-label="Decline reasons period" className="mt-3 flex flex-wrap items-end gap-3" onSubmit={apply}>
        <div className="flex flex-col gap-1">
          <label htmlFor="declines-from" className="text-sm font-medium">
            From
          </label>
          <input id="declines-from" name="from" type="date" className="input input-bordered input-sm" defaultValue={range.from} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="declines-to" className="text-sm font-medium">
            To
          </label>
          <input id="declines-to" name="to" type="date" className="input input-bordered input-sm" defaultValue={range.to} />
        </div>
        <button type="submit" className="btn btn-sm btn-outline">
          Show
        </button>
      </form>
      <QueryView
        query={report}
        what="the decline reasons"
        isEmpty={(data) => data.months.length === 0}
        empty={
          <p className="mt-3 rounded-box border border-dashed border-base-300 p-6 text-center text-base-content/70" data-testid="decline-reasons-empty">
            {ranged ? 'No declines in this period.' : 'No declines in the last twelve months.'}
          </p>
        }
      >
        {(data) => (
          <ScrollRegion label="Decline reasons table (scrolls sideways)" className="mt-3">
            <table className="table table-sm" aria-busy={report.isFetching} data-testid="decline-reasons-table">
              <caption className="sr-only">Declines by month and reason category</caption>
              <TableHead columns={['Month', ...COLUMNS.map(([, label]) => right(label)), right('Total')]} />
              <tbody>
                {data.months.map((row) => (
                  <tr key={row.month} data-testid={`decline-month-${row.month}`}>
                    <th scope="row" className="whitespace-nowrap font-medium">
                      {monthLabel(row.month)}
                    </th>
                    {COLUMNS.map(([key]) => (
                      <td key={key} className="text-right tabular-nums" data-category={key}>
                        {row.counts[key]}
                      </td>
                    ))}
                    <td className="text-right font-semibold tabular-nums" data-category="total">
                      {row.total}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </QueryView>
    </ListCard>
  );
}
