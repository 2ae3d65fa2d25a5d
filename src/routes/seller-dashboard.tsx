import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { SellerDashboard } from '~/components/seller/seller-dashboard.tsx';

// /dashboard and /seller-dashboard are the same screen (spec section 2).
export const Route = createFileRoute('/seller-dashboard')({
  head: () => pageHead('Seller dashboard', 'Your prototypes, quotes and payouts at Atomix Energy.'),
  loader: async ({ context }) => {
    const user = await context.trpc.auth.me.ensureData();
    if (!user) return;
    // Same queries as the screen; a failure here is shown by the screen itself.
    await Promise.all([
      context.trpc.prototypes.mine.ensureData(),
      context.trpc.prototypes.transactions.ensureData(),
      context.trpc.prototypes.summary.ensureData(),
    ]).catch(() => undefined);
  },
  component: SellerDashboard,
});
