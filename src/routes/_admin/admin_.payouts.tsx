import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { AdminPayoutsPage } from '~/components/payouts/admin-payouts-page.tsx';
import { type PayoutsSearch, parsePayoutsSearch, payoutsInput } from '~/components/payouts/payouts-search.ts';

/** /admin/payouts: the admin Payouts view (the status filter and the page live in the URL). */
export const Route = createFileRoute('/_admin/admin_/payouts')({
  validateSearch: parsePayoutsSearch,
  head: () => pageHead('Payouts', 'Seller payouts by status, with totals.'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.isAdmin
      ? Promise.all([
          context.trpc.payouts.mode.ensureData(),
          context.trpc.payouts.totals.ensureData(),
          context.trpc.payouts.list.ensureData(payoutsInput(deps)),
        ]).catch(() => undefined)
      : undefined,
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AdminPayoutsPage search={search} setSearch={(next: PayoutsSearch) => void navigate({ search: next })} />;
}
