import type { TicketStatus } from '~/shared/moderation.ts';
import { PriorityBadge } from '~/components/admin/badges.tsx';
import type { Level } from '~/shared/constants.ts';
import { TICKET_STATUS_BADGES, ticketStatusLabel } from './format.ts';

export function TicketStatusBadge({ status, side }: { status: TicketStatus; side: 'user' | 'admin' }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${TICKET_STATUS_BADGES[status]}`} data-testid="ticket-status">
      {ticketStatusLabel(status, side)}
    </span>
  );
}

/** The same colours as the prototypes' priority badges. */
export function TicketPriorityBadge({ priority }: { priority: Level }) {
  return <PriorityBadge priority={priority} />;
}
