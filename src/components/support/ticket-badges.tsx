import type { TicketStatus } from '~/shared/moderation.ts';
import { stateLabel } from '~/shared/format.ts';
import { TICKET_STATUS_BADGES, ticketStatusLabel } from './format.ts';

export function TicketStatusBadge({ status, side }: { status: TicketStatus; side: 'user' | 'admin' }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${TICKET_STATUS_BADGES[status]}`} data-testid="ticket-status">
      {ticketStatusLabel(status, side)}
    </span>
  );
}

export function TicketPriorityBadge({ priority }: { priority: string }) {
  const tone = priority === 'high' ? 'badge-error' : priority === 'low' ? 'badge-ghost' : 'badge-neutral';
  return <span className={`badge badge-outline badge-sm whitespace-nowrap ${tone}`}>{stateLabel(priority)} priority</span>;
}
