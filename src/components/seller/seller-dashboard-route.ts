// What /dashboard and /seller-dashboard share (spec section 2: the same screen).
import type { TrpcQueryUtils } from '~/client/trpc.ts';
import { pageHead } from '~/client/page-head.ts';

export const sellerDashboardHead = () => pageHead('Seller dashboard', 'Your prototypes, quotes and payouts at Atomix Energy.');

/** Loads what the screen shows, for a signed-in user; a failure here is shown by the screen itself. */
export async function loadSellerDashboard({ context }: { context: { api: () => Promise<TrpcQueryUtils> } }) {
  const trpc = await context.api();
  const user = await trpc.auth.me.ensureData();
  if (!user) return;
  await trpc.prototypes.dashboard.ensureData().catch(() => undefined);
}
