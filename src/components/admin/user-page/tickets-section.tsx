// The admin user page's "Support tickets" section (issue 15, point 9): the user's tickets, newest
// first, each linking to its page in the support queue.
import { Link } from '@tanstack/react-router';
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { Spinner } from '~/components/spinner.tsx';
import { TicketPriorityBadge, TicketStatusBadge } from '~/components/support/ticket-badges.tsx';
import { formatDateTime } from '~/shared/format.ts';
import { TICKET_CATEGORY_LABELS } from '~/shared/schemas/support.ts';

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
            <li key={t.id}>
              <Link
                to="/admin/support/$ticketId"
                params={{ ticketId: String(t.id) }}
                className="flex flex-col gap-1 px-5 py-3 hover:bg-base-200 focus-visible:bg-base-200 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-medium">
                    #{t.id} · {t.subject ?? 'Ticket'}
                  </span>
                  <span className="text-xs text-base-content/70">
                    {t.category ? (TICKET_CATEGORY_LABELS[t.category as keyof typeof TICKET_CATEGORY_LABELS] ?? t.category) : 'Other'} · opened{' '}
                    {formatDateTime(t.createdAt)}
                    {t.assignee ? ` · ${t.assignee.name}` : ''}
                  </span>
                </span>
                <span className="flex flex-wrap gap-2">
                  <TicketPriorityBadge priority={t.priority} />
                  <TicketStatusBadge status={t.status} side="admin" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
