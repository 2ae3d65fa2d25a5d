import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { useUrlSearch, warmForAdmin } from '~/client/data/url-list.ts';
import { ReportsQueue } from '~/components/admin/reports-queue.tsx';
import { type ReportsSearch, parseReportsSearch, reportsQueueInput } from '~/components/admin/reports-search.ts';

/** /admin/reports: the concern reports queue (filters and page in the URL). */
export const Route = createFileRoute('/_admin/admin_/reports')({
  validateSearch: parseReportsSearch,
  head: () => pageHead('Concern reports', 'Reports and flags by status, reason and target.'),
  loaderDeps: ({ search }) => search,
  loader: warmForAdmin((trpc, deps: ReportsSearch) => [trpc.reports.counts.ensureData(), trpc.reports.queue.ensureData(reportsQueueInput(deps))]),
  component: Screen,
});

function Screen() {
  return <ReportsQueue {...useUrlSearch(Route)} />;
}
