import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { ReportsQueue } from '~/components/admin/reports-queue.tsx';
import { type ReportsSearch, parseReportsSearch, reportsQueueInput } from '~/components/admin/reports-search.ts';

/** /admin/reports: the concern reports queue (filters and page in the URL). */
export const Route = createFileRoute('/_admin/admin_/reports')({
  validateSearch: parseReportsSearch,
  head: () => pageHead('Concern reports', 'Reports and flags by status, reason and target.'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.isAdmin
      ? Promise.all([context.trpc.reports.counts.ensureData(), context.trpc.reports.queue.ensureData(reportsQueueInput(deps))]).catch(() => undefined)
      : undefined,
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReportsQueue search={search} setSearch={(next: ReportsSearch) => void navigate({ search: next })} />;
}
