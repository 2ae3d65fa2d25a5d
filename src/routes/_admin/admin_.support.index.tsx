import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { useUrlSearch, warmForAdmin } from '~/client/data/url-list.ts';
import { SupportQueue } from '~/components/admin/support-queue.tsx';
import { type SupportSearch, parseSupportSearch, queueInput } from '~/components/admin/support-search.ts';

/** /admin/support: the support queue (filters and page in the URL). */
export const Route = createFileRoute('/_admin/admin_/support/')({
  validateSearch: parseSupportSearch,
  head: () => pageHead('Support queue', 'Support tickets by status, category, priority and assignee.'),
  loaderDeps: ({ search }) => search,
  loader: warmForAdmin((trpc, deps: SupportSearch) => [trpc.support.queueSummary.ensureData(), trpc.support.queue.ensureData(queueInput(deps))]),
  component: Screen,
});

function Screen() {
  return <SupportQueue {...useUrlSearch(Route)} />;
}
