import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { SupportQueue } from '~/components/admin/support-queue.tsx';
import { type SupportSearch, parseSupportSearch, queueInput } from '~/components/admin/support-search.ts';

/** /admin/support: the support queue (filters and page in the URL). */
export const Route = createFileRoute('/_admin/admin_/support/')({
  validateSearch: parseSupportSearch,
  head: () => pageHead('Support queue', 'Support tickets by status, category, priority and assignee.'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.isAdmin
      ? Promise.all([context.trpc.support.queueSummary.ensureData(), context.trpc.support.queue.ensureData(queueInput(deps))]).catch(() => undefined)
      : undefined,
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SupportQueue search={search} setSearch={(next: SupportSearch) => void navigate({ search: next })} />;
}
