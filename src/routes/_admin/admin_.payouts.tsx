import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { AdminPayoutsPage } from '~/components/payouts/admin-payouts-page.tsx';
import { PAYOUT_STATUSES, type PayoutStatus } from '~/shared/constants.ts';

/** /admin/payouts: the admin Payouts view (the status filter lives in the URL). */
export const Route = createFileRoute('/_admin/admin_/payouts')({
  validateSearch: (search: Record<string, unknown>): { status?: PayoutStatus } =>
    (PAYOUT_STATUSES as readonly unknown[]).includes(search.status) ? { status: search.status as PayoutStatus } : {},
  head: () => pageHead('Payouts', 'Seller payouts by status, with totals.'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.isAdmin
      ? Promise.all([
          context.trpc.payouts.mode.ensureData(),
          context.trpc.payouts.totals.ensureData(),
          context.trpc.payouts.list.ensureData({ status: deps.status, cursor: undefined }),
        ]).catch(() => undefined)
      : undefined,
  component: Screen,
});

function Screen() {
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AdminPayoutsPage status={status} setStatus={(next) => void navigate({ search: next ? { status: next } : {} })} />;
}
