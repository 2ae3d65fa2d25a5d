import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { ConnectReturn } from '~/components/payouts/connect-return.tsx';

/** Stripe Connect onboarding's return_url. */
export const Route = createFileRoute('/_auth/payouts/connect/return')({
  head: () => pageHead('Payout account', 'Your Stripe payout account.'),
  component: ConnectReturn,
});
