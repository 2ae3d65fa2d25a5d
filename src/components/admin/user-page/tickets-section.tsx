// The admin user page's "Support tickets" section (issue 15, point 9): the user's tickets, newest
// first, each linking to its page in the support queue.
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { Spinner } from '~/components/spinner.tsx';
import { ticketCategoryLabel } from '~/components/support/format.ts';
import { TicketRow } from '~/components/support/ticket-parts.tsx';
import { formatDateTime } from '~/shared/format.ts';

export function TicketsSection({ userId }: { userId: string }) {
  const tickets = trpc.support.forUser.useQuery({ userId });
  return (
    <section aria-labelledby="user-tickets-title" className="rounded-box border border-base-300 bg-base-100 shadow-sm" data-testid="user-tickets">
      <h2 id="user-tickets-title" className="px-5 pt-5 text-lg font-semibold">
        Support tickets {tickets.data && <span className="badge badge-ghost badge-sm align-middle">{tickets.data.length}</span>}
      </h2>
      {tickets.isLoading && <Spinner label="Loading tickets" className="py-8" />}
      {tickets.isError && (
        <p role="alert" className="alert alert-error m-5">
          {serverMessage(tickets.error, 'Could not load the tickets.')}
        </p>
      )}
      {tickets.data?.length === 0 && <p className="px-5 py-8 text-center text-base-content/70">No support tickets</p>}
      {tickets.data && tickets.data.length > 0 && (
        <ul className="divide-y divide-base-300">
          {tickets.data.map((t) => (
            <TicketRow
              key={t.id}
              ticket={t}
              side="admin"
              details={
                <span className="text-xs text-base-content/70">
                  {ticketCategoryLabel(t.category)} · opened {formatDateTime(t.createdAt)}
                  {t.assignee ? ` · ${t.assignee.name}` : ''}
                </span>
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
