import { createFileRoute } from '@tanstack/react-router';
import { SellerDashboard } from '~/components/seller/seller-dashboard.tsx';
import { loadSellerDashboard, sellerDashboardHead } from '~/components/seller/seller-dashboard-route.ts';

// /dashboard and /seller-dashboard are the same screen (spec section 2).
export const Route = createFileRoute('/dashboard')({
  head: sellerDashboardHead,
  loader: loadSellerDashboard,
  component: SellerDashboard,
});
