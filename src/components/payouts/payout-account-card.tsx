// The seller's payout account on the dashboard: whether payouts are enabled, and (only when Stripe
// is configured) the Connect payout account action, which goes to Stripe's hosted onboarding.
import { Link } from '@tanstack/react-router';
import { SectionCard } from '~/components/list-card.tsx';
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { toastError } from '~/components/toast/toast-store.ts';

export function useConnectPayoutAccount() {
  return trpc.payouts.connect.useMutation({
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toastError('Could not open Stripe onboarding. Please try again.', error),
  });
}

/** `linkToPayouts`: the dashboard's card leads to /payouts; on /payouts itself there is nowhere to lead. */
export function PayoutAccountCard({ linkToPayouts = true }: { linkToPayouts?: boolean }) {
  const account = trpc.payouts.account.useQuery();
  const connect = useConnectPayoutAccount();
  const data = account.data;

  return (
    <SectionCard
      titleId="payout-account-title"
      title="Payout account"
      testId="payout-account-card"
      headerClassName="flex items-center justify-between gap-2"
      aside={
        data && (
          <span className={`badge badge-sm ${data.mode === 'manual' || data.payoutsEnabled ? 'badge-success' : 'badge-warning'}`}>
            {data.mode === 'manual' ? 'Manual payouts' : data.payoutsEnabled ? 'Payouts enabled' : 'Payouts not enabled'}
          </span>
        )
      }
    >
      {account.isLoading && <span className="loading loading-dots loading-sm mt-3" aria-label="Loading payout account" />}
      {account.isError && (
        <p role="alert" className="mt-3 text-sm text-error">
          {serverMessage(account.error, 'Could not load your payout account.')}
        </p>
      )}
      {data?.mode === 'manual' && (
        <p className="mt-3 text-sm text-base-content/70">
          Payouts are recorded manually by our team: once a payout is made you will see its method and reference here.
        </p>
      )}
      {data?.mode === 'stripe' && (
        <>
          <p className="mt-3 text-sm text-base-content/70">
            {data.payoutsEnabled
              ? 'Your Stripe account is connected and can receive payouts.'
              : data.connected
                ? 'Finish setting up your Stripe account to receive payouts.'
                : 'Connect a Stripe account to receive payouts for accepted prototypes.'}
          </p>
          {!data.payoutsEnabled && (
            <button
              type="button"
              className="btn btn-primary btn-sm mt-4"
              onClick={() => connect.mutate()}
              disabled={connect.isPending}
              aria-busy={connect.isPending}
            >
              {connect.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {data.connected ? 'Continue payout setup' : 'Connect payout account'}
            </button>
          )}
        </>
      )}
      {linkToPayouts && (
        <Link to="/payouts" className="link link-primary mt-4 block text-sm">
          View all transactions
        </Link>
      )}
    </SectionCard>
  );
}
