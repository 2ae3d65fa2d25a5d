// /appeal?token=...: the single-use link of a suspension or ban notice (issue 15, ADR 0016). No sign-in:
// the user cannot sign in while the measure runs. The token leaves the address bar once read.
import { useEffect, useState } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { useHydrated } from '~/client/use-hydrated.ts';
import { AuthCard } from '~/components/auth/auth-card.tsx';
import { APPEAL_LINK_INVALID } from '~/shared/schemas/moderation.ts';
import { AppealMessageForm } from './appeal-form.tsx';

function useQueryToken(): string | null | undefined {
  const hydrated = useHydrated();
  const [token] = useState(() => (typeof window === 'undefined' ? undefined : new URLSearchParams(window.location.search).get('token')));
  useEffect(() => {
    if (window.location.search) history.replaceState(history.state, '', window.location.pathname);
  }, []);
  return hydrated ? token : undefined;
}

function TokenAppealForm() {
  const token = useQueryToken();
  const [failed, setFailed] = useState<string | null>(null);
  const send = trpc.moderation.appealByToken.useMutation({ onError: (error) => setFailed(serverMessage(error, 'Could not send the appeal.')) });

  if (token === undefined) return null;
  if (send.isSuccess) {
    return (
      <p role="status" className="alert alert-success text-sm">
        Your appeal was sent. An administrator will review it, and you will be told the decision by e-mail.
      </p>
    );
  }
  if (!token) {
    return (
      <p role="alert" className="alert alert-error text-sm">
        {APPEAL_LINK_INVALID}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {failed && (
        <p role="alert" className="alert alert-error text-sm">
          {failed}
        </p>
      )}
      <AppealMessageForm pending={send.isPending} onSubmit={(message) => send.mutate({ token, message })} />
    </div>
  );
}

export function TokenAppealScreen() {
  return (
    <AuthCard title="Appeal a measure" subtitle="Tell us why the suspension or ban on your account should be lifted. The link works once.">
      <TokenAppealForm />
    </AuthCard>
  );
}
