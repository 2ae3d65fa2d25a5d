// The user's signed-in devices: browser and system, address, last use; sign out one or all the others.
import { trpc } from '~/client/trpc.ts';
import { QueryView } from '~/components/query-view.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { formatDateTime } from '~/shared/format.ts';

export function SessionsCard() {
  const sessions = trpc.security.sessions.useQuery();
  const utils = trpc.useUtils();
  const onError = (error: unknown) => toastError('Failed to sign out', error);
  const endOne = trpc.security.endSession.useMutation({
    onSuccess: () => {
      toast({ title: 'Session signed out' });
      void utils.security.sessions.invalidate();
    },
    onError,
  });
  const endOthers = trpc.security.endOtherSessions.useMutation({
    onSuccess: () => {
      toast({ title: 'Signed out of all other sessions' });
      void utils.security.sessions.invalidate();
    },
    onError,
  });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <section className="mt-6 rounded-box border border-base-300 p-5 sm:p-6" aria-labelledby="sessions-heading" data-testid="sessions-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="sessions-heading" className="text-lg font-semibold">
          Where you are signed in
        </h3>
        {others > 0 && (
          <button type="button" className="btn btn-outline btn-sm" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
            Sign out all other sessions
          </button>
        )}
      </div>
      <QueryView query={sessions} what="your sessions" empty="No active sessions.">
        {(rows) => (
          <ul className="mt-4 divide-y divide-base-300">
            {rows.map((session) => (
              <li key={session.handle} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
                <div>
                  <p className="font-medium">
                    {session.browser} on {session.os}
                    {session.current && <span className="badge badge-success badge-sm ml-2 align-middle">This device</span>}
                  </p>
                  <p className="text-sm text-base-content/70">
                    {session.ipAddress ?? 'Unknown address'} · Last active {formatDateTime(session.lastSeenAt)} · Signed in {formatDateTime(session.signedInAt)}
                  </p>
                </div>
                {!session.current && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Sign out ${session.browser} on ${session.os}`}
                    disabled={endOne.isPending}
                    onClick={() => endOne.mutate({ handle: session.handle })}
                  >
                    Sign out
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
