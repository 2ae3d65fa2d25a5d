// /appeal: a suspended or banned user's account status (issue 34 point 3, ADR 0035). Opened by the
// e-mailed link (/appeal?token=..., checked when the page opens: a used link shows its appeal, not the
// form), by a refused sign-in with the right password, or by a tab the measure signed out (both leave
// the standing cookie). It says what happened and offers one appeal, or shows the appeal's status.
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { useHydrated } from '~/client/use-hydrated.ts';
import { authScreen } from '~/components/auth/auth-card.tsx';
import { formatDate, formatDateTime } from '~/shared/format.ts';
import { APPEAL_LINK_INVALID, APPEAL_LINK_MEASURE_ENDED } from '~/shared/schemas/moderation.ts';
import { AppealMessageForm } from './appeal-form.tsx';
import { appealStatusLabel } from './my-measures.tsx';

export type Standing = NonNullable<RouterOutputs['moderation']['standing']>;

/** The token of the e-mailed link, read once; it leaves the address bar at once. Undefined until hydrated. */
function useQueryToken(): string | null | undefined {
  const hydrated = useHydrated();
  const [token] = useState(() => (typeof window === 'undefined' ? undefined : new URLSearchParams(window.location.search).get('token')));
  useEffect(() => {
    if (window.location.search) history.replaceState(history.state, '', window.location.pathname);
  }, []);
  return hydrated ? token : undefined;
}

/** "Your account is suspended until Dec 3, 2026, 9:00 AM." and its like. */
export function standingHeadline(s: Pick<Standing, 'measureType' | 'running' | 'lifted' | 'until'>): string {
  const what = s.measureType === 'ban' ? 'banned' : s.measureType === 'suspension' ? 'suspended' : 'restricted';
  if (!s.running)
    return s.lifted
      ? `The ${s.measureType} on your account was lifted: you can sign in again.`
      : `The ${s.measureType} on your account has ended: you can sign in again.`;
  return s.until ? `Your account is ${what} until ${formatDateTime(s.until)}.` : `Your account is ${what}.`;
}

/** The query options every reader of the standing shares: read once, never refetched behind the user's back. */
export const standingQueryOptions = { staleTime: Infinity, refetchOnWindowFocus: false, retry: false } as const;

function StandingDetails({ standing }: { standing: Standing }) {
  return (
    <div className="flex flex-col gap-2" data-testid="account-standing">
      <p role="status" className={`alert ${standing.running ? 'alert-warning' : 'alert-success'} text-sm font-medium`}>
        {standingHeadline(standing)}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-base-content/70">Measure</dt>
        <dd className="capitalize">{standing.measureType}</dd>
        <dt className="text-base-content/70">Reason</dt>
        <dd>{standing.reason ?? 'No reason was given.'}</dd>
        <dt className="text-base-content/70">Taken</dt>
        <dd>{formatDate(standing.takenAt)}</dd>
        <dt className="text-base-content/70">Ends</dt>
        <dd>{standing.until ? formatDateTime(standing.until) : 'Not set: until lifted'}</dd>
      </dl>
    </div>
  );
}

function AppealPart({ standing, token }: { standing: Standing; token: string | null }) {
  const utils = trpc.useUtils();
  const [failed, setFailed] = useState<string | null>(null);
  const send = trpc.moderation.appealByToken.useMutation({
    onSuccess: () => utils.moderation.standing.invalidate(),
    onError: (error) => setFailed(serverMessage(error, 'Could not send the appeal.')),
  });
  if (standing.appeal) {
    return (
      <section aria-labelledby="appeal-status-title" className="flex flex-col gap-1 text-sm" data-testid="appeal-status">
        <h2 id="appeal-status-title" className="font-semibold">
          Your appeal
        </h2>
        <p role={send.isSuccess ? 'status' : undefined}>
          {appealStatusLabel(standing.appeal)} (sent {formatDate(standing.appeal.createdAt)}).
        </p>
        {standing.appeal.resolution && <p className="whitespace-pre-line">{standing.appeal.resolution}</p>}
      </section>
    );
  }
  if (!standing.canAppeal) {
    if (!standing.appealWindowOpen)
      return <p className="text-sm text-base-content/80">{`The appeal window closed on ${formatDate(standing.appealDeadline)}.`}</p>;
    // Lifted or over: the link stops here; signed in, the dashboard takes the appeal (ADR 0040).
    if (!standing.running) {
      return (
        <p className="text-sm text-base-content/80" data-testid="appeal-link-ended">
          {APPEAL_LINK_MEASURE_ENDED}{' '}
          <Link to="/login" className="link link-primary">
            Sign in
          </Link>
        </p>
      );
    }
    return <p className="text-sm text-base-content/80">This link was already used: each measure can be appealed once.</p>;
  }
  return (
    <section aria-labelledby="appeal-title" className="flex flex-col gap-3">
      <h2 id="appeal-title" className="font-semibold">
        Appeal this {standing.measureType}
      </h2>
      <p className="text-sm text-base-content/80">
        You may appeal once, until {formatDate(standing.appealDeadline)}. An administrator reviews it and you are told the decision by e-mail.
      </p>
      {failed && (
        <p role="alert" className="alert alert-error text-sm">
          {failed}
        </p>
      )}
      <AppealMessageForm pending={send.isPending} onSubmit={(message) => send.mutate({ ...(token ? { token } : {}), message })} />
    </section>
  );
}

function AccountStatus() {
  const token = useQueryToken();
  const standing = trpc.moderation.standing.useQuery(token ? { token } : {}, { ...standingQueryOptions, enabled: token !== undefined });
  if (token === undefined || standing.isPending) {
    return <span className="loading loading-spinner loading-md self-center" aria-label="Loading" />;
  }
  if (standing.isError) {
    return (
      <p role="alert" className="alert alert-error text-sm">
        {serverMessage(standing.error, 'Could not check your account. Try again in a moment.')}
      </p>
    );
  }
  if (!standing.data) {
    return (
      <div className="flex flex-col gap-3 text-sm">
        <p role="alert" className="alert alert-error">
          {token ? APPEAL_LINK_INVALID : 'There is nothing to show here yet.'}
        </p>
        <p>
          If your account was suspended or banned,{' '}
          <Link to="/login" className="link link-primary">
            sign in
          </Link>{' '}
          with your password: you will see what happened and may appeal.
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <StandingDetails standing={standing.data} />
      <AppealPart standing={standing.data} token={token} />
    </div>
  );
}

export const TokenAppealScreen = authScreen('Account status', 'What happened to your account, and your appeal.', AccountStatus);
