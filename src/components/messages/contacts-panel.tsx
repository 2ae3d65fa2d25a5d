// Messages sent through the public contact form: an admin marks each handled (or reopens it).
import { trpc } from '~/client/trpc.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { CONTACT_SUBJECT_LABELS, type ContactSubject } from '~/shared/constants.ts';
import { QueryView } from '~/components/query-view.tsx';
import { formatDateTime, fullName } from '~/shared/format.ts';

type Filter = 'open' | 'handled' | 'all';
const FILTER_LABELS: Record<Filter, string> = { open: 'Open', handled: 'Handled', all: 'All' };

export function ContactsPanel({ filter, setFilter }: { filter: Filter; setFilter: (f: Filter | undefined) => void }) {
  const list = trpc.messages.contacts.useQuery({ filter });
  const utils = trpc.useUtils();
  const setHandled = trpc.messages.setContactHandled.useMutation({
    onSuccess: async ({ handled }) => {
      toast({ title: handled ? 'Marked as handled' : 'Reopened' });
      await Promise.all([utils.messages.contacts.invalidate(), utils.messages.inboxCounts.invalidate()]);
    },
    onError: (error) => toastError('Failed to update the contact message', error),
  });

  return (
    <section aria-labelledby="contacts-heading">
      <h2 id="contacts-heading" className="sr-only">
        Contact messages
      </h2>
      <div className="join" role="group" aria-label="Which contact messages">
        {(Object.keys(FILTER_LABELS) as Filter[]).map((f) => (
          <button
            key={f}
            type="button"
            className={`btn join-item btn-sm ${filter === f ? 'btn-active btn-primary' : ''}`}
            aria-pressed={filter === f}
            onClick={() => setFilter(f === 'open' ? undefined : f)}
          >
            {FILTER_LABELS[f]}
          </button>
        ))}
      </div>
      <QueryView query={list} what="contact messages" empty={filter === 'open' ? 'No open contact messages.' : 'No contact messages here.'}>
        {(contacts) => (
          <ul className="mt-4 flex flex-col gap-3" data-testid="contact-list">
            {contacts.map((c) => (
              <li key={c.id} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm" data-testid="contact-item">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold">{c.name}</p>
                    <a href={`mailto:${c.email}`} className="link link-primary break-all text-sm">
                      {c.email}
                    </a>
                  </div>
                  <span className="badge badge-outline">{CONTACT_SUBJECT_LABELS[c.subject as ContactSubject] ?? c.subject}</span>
                </div>
                <p className="mt-3 whitespace-pre-wrap break-words">{c.message}</p>
                <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-base-content/70">
                  <span>
                    Received {formatDateTime(c.createdAt)}
                    {c.handledAt && (
                      <>
                        {' '}
                        · Handled {formatDateTime(c.handledAt)}
                        {c.handler ? ` by ${fullName(c.handler)}` : ''}
                      </>
                    )}
                  </span>
                  <button
                    type="button"
                    className={`btn btn-sm ${c.handledAt ? 'btn-ghost' : 'btn-primary'}`}
                    disabled={setHandled.isPending}
                    onClick={() => setHandled.mutate({ id: c.id, handled: !c.handledAt })}
                  >
                    {c.handledAt ? 'Reopen' : 'Mark handled'}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
