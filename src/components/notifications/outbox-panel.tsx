// The e-mail outbox: every mail the app queued, its delivery state, and (without SMTP) its text.
import { emailKindLabel } from '~/shared/email-kinds.ts';
import { trpc } from '~/client/trpc.ts';
import { formatDateTime, stateLabel, countOf } from '~/shared/format.ts';
import { QueryView } from '~/components/query-view.tsx';

const STATUS_BADGE = { queued: 'badge-warning', sent: 'badge-success', failed: 'badge-error' } as const;

export function OutboxPanel() {
  const outbox = trpc.notifications.outbox.useQuery();
  const utils = trpc.useUtils();
  return (
    <section aria-labelledby="outbox-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="outbox-heading" className="text-lg font-semibold">
          E-mail outbox
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void utils.notifications.outbox.invalidate()} disabled={outbox.isFetching}>
          Refresh
        </button>
      </div>
      <p className="mt-1 text-sm text-base-content/70">
        The latest 100 e-mails. Without an SMTP server (SMTP_URL) they are delivered here only; single-use links (password resets, appeals) are never shown.
      </p>
      <QueryView query={outbox} what="the outbox" empty="No e-mail has been sent yet.">
        {(mails) => (
          <ul className="mt-4 flex flex-col gap-2" data-testid="outbox-list">
            {mails.map((m) => (
              <li key={m.id} className="rounded-box border border-base-300 bg-base-100">
                <details>
                  <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 p-3">
                    <span className={`badge badge-sm ${STATUS_BADGE[m.status]}`}>{stateLabel(m.status)}</span>
                    <span className="min-w-0 flex-1 truncate font-medium">{m.subject}</span>
                    <span className="break-all text-sm text-base-content/70">{m.toAddress}</span>
                    <span className="text-xs text-base-content/70">{formatDateTime(m.sentAt ?? m.createdAt)}</span>
                  </summary>
                  <div className="border-t border-base-300 p-3 text-sm">
                    <p className="text-base-content/70">
                      {emailKindLabel(m.template)} · {m.transport ? `via ${m.transport}` : 'not delivered yet'} · {countOf(m.attempts, 'attempt')}
                      {m.lastError && <span className="block text-error">Last error: {m.lastError}</span>}
                    </p>
                    <pre className="mt-2 whitespace-pre-wrap break-words font-sans">{m.textBody}</pre>
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
