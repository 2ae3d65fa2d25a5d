import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { ConnectRefresh } from '~/components/payouts/connect-return.tsx';

/** Stripe Connect onboarding's refresh_url: the link expired, so a new one is made. */
export const Route = createFileRoute('/_auth/payouts/connect/refresh')({
  head: () => pageHead('Payout account', 'Your Stripe payout account.'),
  component: ConnectRefresh,
});
