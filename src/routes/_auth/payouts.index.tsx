import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { SellerPayoutsPage } from '~/components/payouts/seller-payouts-page.tsx';

/** /payouts: the seller's payouts, every transaction and their statement (titled as the menu's Payouts link). */
export const Route = createFileRoute('/_auth/payouts/')({
  head: () => pageHead('Payouts', 'Your payouts for accepted prototypes at Atomix Energy.'),
  loader: ({ context }) => Promise.all([context.trpc.payouts.mine.ensureData(), context.trpc.payouts.account.ensureData()]).catch(() => undefined),
  component: SellerPayoutsPage,
});
