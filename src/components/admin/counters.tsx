import { trpc } from '~/client/trpc.ts';
import { formatNumber } from '~/shared/format.ts';

const COUNTERS = [
  { key: 'totalPrototypes', label: 'Total Prototypes' },
  { key: 'pendingReview', label: 'Pending Review' },
  { key: 'approved', label: 'Approved' },
  { key: 'rejected', label: 'Rejected' },
  { key: 'totalUsers', label: 'Total Users' },
  { key: 'activeUsers', label: 'Active Users' },
  { key: 'overdue', label: 'Overdue' },
] as const;

/** The six counters of spec section 2 and the review promise's Overdue, each a COUNT computed by the database. */
export function AdminCounters() {
  const { data } = trpc.admin.counters.useQuery();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7" data-testid="admin-counters">
      {COUNTERS.map(({ key, label }) => (
        <div key={key} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
          <dt className="text-xs font-medium uppercase tracking-wide text-base-content/70">{label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={`counter-${key}`}>
            {data ? formatNumber(data[key]) : <span className="loading loading-dots loading-sm" aria-label="Loading" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
