import { useEffect } from 'react';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { isUnauthorized, serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { PayoutAccountCard } from '~/components/payouts/payout-account-card.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { toast } from '~/components/toast/toast-store.ts';
import { REDIRECT_LOGGED_OUT_DASHBOARD_MS } from '~/shared/constants.ts';
import { QuotesPanel, SummaryCards, TransactionsPanel } from './dashboard-panels.tsx';
import { ActionNeededBanner } from './action-needed-banner.tsx';
import { MyMeasuresPanel } from '~/components/moderation/my-measures.tsx';
import { WarningsBanner } from '~/components/moderation/warnings-banner.tsx';
import { PrototypeCard } from './prototype-card.tsx';
import { SubmitPrototypeLink } from './submit-prototype-link.tsx';

/** Seller dashboard (spec section 2), at /seller-dashboard and /dashboard. */
export function SellerDashboard() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Loading dashboard" className="py-24" />;
  if (!user) return <LoggedOut />;
  return <Dashboard firstName={user.firstName} />;
}

/** "Unauthorized / You are logged out. Logging in again..." then /api/login after 500 ms. */
function LoggedOut() {
  useEffect(() => {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(() => window.location.assign('/api/login'), REDIRECT_LOGGED_OUT_DASHBOARD_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Unauthorized</h1>
      <p className="mt-2 text-base-content/70">You are logged out. Logging in again...</p>
    </section>
  );
}

function Dashboard({ firstName }: { firstName: string | null }) {
  const dashboard = trpc.prototypes.dashboard.useQuery();
  const { prototypes, transactions, summary } = dashboard.data ?? {};
  const failed = dashboard.isError ? dashboard : null;

  if (failed && isUnauthorized(failed.error)) return <LoggedOut />;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Welcome back, {firstName || 'User'}</h1>
          <p className="mt-1 text-base-content/70">Track your prototypes, quotes and payouts.</p>
        </div>
        <SubmitPrototypeLink
          label="Add Prototype"
          className="btn btn-primary"
          icon={
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.2">
              <path d="M12 5v14M5 12h14" strokeLinecap="round" />
            </svg>
          }
        />
      </header>

      {failed && (
        <div role="alert" className="alert alert-error">
          {serverMessage(failed.error, 'Failed to load your dashboard. Please try again.')}
        </div>
      )}

      <WarningsBanner />

      {prototypes ? <ActionNeededBanner prototypes={prototypes} /> : null}

      {summary ? <SummaryCards summary={summary} /> : dashboard.isLoading && <Spinner label="Loading summary" className="py-6" />}

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="your-prototypes" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="your-prototypes" className="text-xl font-semibold">
              Your Prototypes
            </h2>
            {prototypes && prototypes.length > 0 && <SubmitPrototypeLink label="Submit Another" className="btn btn-outline btn-sm" hideWhenRevoked />}
          </div>
          {dashboard.isLoading && <Spinner label="Loading prototypes" className="py-10" />}
          {prototypes?.length === 0 && (
            <div className="flex flex-col items-center gap-4 rounded-box border border-dashed border-base-300 px-4 py-12 text-center">
              <p className="font-medium">No prototypes submitted yet</p>
              <SubmitPrototypeLink label="Submit Your First Prototype" className="btn btn-primary" hideWhenRevoked />
            </div>
          )}
          {prototypes?.map((p) => (
            <PrototypeCard key={p.id} prototype={p} />
          ))}
        </section>
        <div className="flex flex-col gap-6">
          <MyMeasuresPanel />
          <PayoutAccountCard />
          {prototypes ? <QuotesPanel prototypes={prototypes} /> : null}
          {transactions ? <TransactionsPanel transactions={transactions} /> : dashboard.isLoading && <Spinner label="Loading transactions" className="py-6" />}
        </div>
      </div>
    </div>
  );
}
