import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { useUrlSearch, warmForAdmin } from '~/client/data/url-list.ts';
import { AdminPayoutsPage } from '~/components/payouts/admin-payouts-page.tsx';
import { type PayoutsSearch, parsePayoutsSearch, payoutsInput } from '~/components/payouts/payouts-search.ts';

/** /admin/payouts: the admin Payouts view (the status filter and the page live in the URL). */
export const Route = createFileRoute('/_admin/admin_/payouts')({
  validateSearch: parsePayoutsSearch,
  head: () => pageHead('Payouts', 'Seller payouts by status, with totals.'),
  loaderDeps: ({ search }) => search,
  loader: warmForAdmin((trpc, deps: PayoutsSearch) => [
    trpc.payouts.mode.ensureData(),
    trpc.payouts.totals.ensureData(),
    trpc.payouts.list.ensureData(payoutsInput(deps)),
  ]),
  component: Screen,
});

function Screen() {
  return <AdminPayoutsPage {...useUrlSearch(Route)} />;
}
