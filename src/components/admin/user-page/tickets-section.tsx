// The admin user page's "Support tickets" section (issue 15, point 9): the user's tickets, newest
// first, each linking to its page in the support queue.
import { trpc } from '~/client/trpc.ts';
import { CountedTitle, ListCard, QueryStatus } from '~/components/list-card.tsx';
import { ticketCategoryLabel } from '~/components/support/format.ts';
import { TicketList } from '~/components/support/ticket-parts.tsx';
import { formatDateTime } from '~/shared/format.ts';

export function TicketsSection({ userId }: { userId: string }) {
  const tickets = trpc.support.forUser.useQuery({ userId });
  return (
    <ListCard titleId="user-tickets-title" title={<CountedTitle title="Support tickets" count={tickets.data?.length} />} flush testId="user-tickets">
      <QueryStatus query={tickets} loading="Loading tickets" failed="Could not load the tickets." spinnerClassName="py-8" />
      {tickets.data?.length === 0 && <p className="px-5 py-8 text-center text-base-content/70">No support tickets</p>}
      {tickets.data && tickets.data.length > 0 && (
        <TicketList
          tickets={tickets.data}
          side="admin"
          details={(t) => (
            <span className="text-xs text-base-content/70">
              {ticketCategoryLabel(t.category)} · opened {formatDateTime(t.createdAt)}
              {t.assignee ? ` · ${t.assignee.name}` : ''}
            </span>
          )}
        />
      )}
    </ListCard>
  );
}
