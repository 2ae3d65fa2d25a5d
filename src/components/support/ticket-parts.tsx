// Pieces both sides' ticket screens share: the heading of a ticket page and a row of a ticket list.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Level } from '~/shared/constants.ts';
import { formatDateTime } from '~/shared/format.ts';
import type { TicketStatus } from '~/shared/moderation.ts';
import { ticketCategoryLabel } from './format.ts';
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges.tsx';

interface TicketSummary {
  id: number;
  subject: string | null;
  category: string | null;
  status: TicketStatus;
  priority: Level;
  createdAt: Date;
  lastUpdated: Date;
}

/** The ticket page's title, badges and facts ("Payout · from … · opened … · updated …"). */
export function TicketHeading({ ticket, side, from }: { ticket: TicketSummary; side: 'user' | 'admin'; from?: string }) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{ticket.subject ?? `Ticket #${ticket.id}`}</h1>
      <p className="flex flex-wrap items-center gap-2 text-sm text-base-content/70">
        <TicketStatusBadge status={ticket.status} side={side} />
        <TicketPriorityBadge priority={ticket.priority} />
        <span>
          {ticketCategoryLabel(ticket.category)}
          {from ? ` · from ${from}` : ''} · opened {formatDateTime(ticket.createdAt)} · updated {formatDateTime(ticket.lastUpdated)}
        </span>
      </p>
    </>
  );
}

/** One ticket in a list, linking to its page on the user's or the admin's side. */
export function TicketRow({ ticket, side, details, testId }: { ticket: TicketSummary; side: 'user' | 'admin'; details: ReactNode; testId?: string }) {
  const body = (
    <>
      <span className="flex min-w-0 flex-col gap-1">
        <span className="truncate font-medium">
          #{ticket.id} · {ticket.subject ?? 'Ticket'}
        </span>
        {details}
      </span>
      <span className="flex flex-wrap gap-2">
        <TicketPriorityBadge priority={ticket.priority} />
        <TicketStatusBadge status={ticket.status} side={side} />
      </span>
    </>
  );
  const className = 'grid gap-2 px-5 py-4 hover:bg-base-200 focus-visible:bg-base-200 md:grid-cols-[1fr_auto] md:items-center';
  const params = { ticketId: String(ticket.id) };
  return (
    <li data-testid={testId}>
      {side === 'admin' ? (
        <Link to="/admin/support/$ticketId" params={params} className={className}>
          {body}
        </Link>
      ) : (
        <Link to="/support/$ticketId" params={params} className={className}>
          {body}
        </Link>
      )}
    </li>
  );
}

/** A list of tickets, each a TicketRow; `details` writes a row's line of facts. */
export function TicketList<T extends TicketSummary>({
  tickets,
  side,
  details,
  rowTestId,
  busy,
}: {
  tickets: T[];
  side: 'user' | 'admin';
  details: (ticket: T) => ReactNode;
  rowTestId?: string;
  busy?: boolean;
}) {
  return (
    <ul className="divide-y divide-base-300" aria-busy={busy}>
      {tickets.map((ticket) => (
        <TicketRow key={ticket.id} ticket={ticket} side={side} testId={rowTestId} details={details(ticket)} />
      ))}
    </ul>
  );
}
