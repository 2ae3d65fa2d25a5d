// Where Stripe's hosted onboarding sends the seller back. Return: ask Stripe for the account's state
// now. Refresh (the link expired or was used): get a fresh link and go straight back to Stripe.
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { Spinner } from '~/components/spinner.tsx';
import { useConnectPayoutAccount } from './payout-account-card.tsx';

function useOnce(effect: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
  }, [effect]);
}

export function ConnectReturn() {
  const utils = trpc.useUtils();
  const refresh = trpc.payouts.refreshAccount.useMutation({ onSettled: () => void utils.payouts.invalidate() });
  useOnce(() => refresh.mutate());
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" aria-live="polite">
      <h1 className="text-2xl font-bold">Payout account</h1>
      {refresh.isPending || refresh.isIdle ? (
        <Spinner label="Checking your payout account with Stripe" className="py-10" />
      ) : refresh.isError ? (
        <p role="alert" className="alert alert-error mt-6">
          {serverMessage(refresh.error, 'Could not check your payout account. Please try again.')}
        </p>
      ) : refresh.data?.payoutsEnabled ? (
        <p className="alert alert-success mt-6">Your payout account is connected: payouts are enabled.</p>
      ) : (
        <p className="alert alert-warning mt-6">
          Stripe still needs some details before payouts can be enabled. You can continue the setup from your dashboard.
        </p>
      )}
      <Link to="/seller-dashboard" className="btn btn-primary mt-8">
        Back to dashboard
      </Link>
    </section>
  );
}

export function ConnectRefresh() {
  const connect = useConnectPayoutAccount();
  useOnce(() => connect.mutate());
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" aria-live="polite">
      <h1 className="text-2xl font-bold">Payout account</h1>
      {connect.isError ? (
        <>
          <p role="alert" className="alert alert-error mt-6">
            {serverMessage(connect.error, 'Could not open Stripe onboarding. Please try again.')}
          </p>
          <Link to="/seller-dashboard" className="btn btn-primary mt-8">
            Back to dashboard
          </Link>
        </>
      ) : (
        <Spinner label="Taking you back to Stripe" className="py-10" />
      )}
    </section>
  );
}
