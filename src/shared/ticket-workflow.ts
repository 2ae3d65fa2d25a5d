// The support ticket's status table (issue 15, ADR 0017), shared by the procedures (which enforce
// it), the admin ticket page (which offers only the moves it allows) and the tests.
import type { TicketStatus } from './moderation.ts';

/** Where an admin may move a ticket from each status (an unchanged status is accepted, but a closed ticket takes no change at all). */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  open: ['in_progress', 'waiting_on_user', 'resolved', 'closed'],
  in_progress: ['open', 'waiting_on_user', 'resolved', 'closed'],
  waiting_on_user: ['open', 'in_progress', 'resolved', 'closed'],
  resolved: ['open', 'closed'],
  closed: [],
};

/**
 * The status after a message, by who wrote it; null: refused (409). A user's word reopens a ticket
 * that waited on them or was resolved; a closed ticket takes no more messages (a new ticket does).
 */
export const STATUS_AFTER_MESSAGE: Record<TicketStatus, { user: TicketStatus | null; admin: TicketStatus | null }> = {
  open: { user: 'open', admin: 'open' },
  in_progress: { user: 'in_progress', admin: 'in_progress' },
  waiting_on_user: { user: 'open', admin: 'waiting_on_user' },
  resolved: { user: 'open', admin: 'resolved' },
  closed: { user: null, admin: null },
};

/** Statuses where nobody owes the user an answer: moving there clears awaitingReplySince. */
export const ANSWERED_STATUSES: readonly TicketStatus[] = ['waiting_on_user', 'resolved', 'closed'];
/** The statuses the queue's "Active" filter and the oldest-unanswered age cover. */
export const ACTIVE_STATUSES: readonly TicketStatus[] = ['open', 'in_progress', 'waiting_on_user'];

export const canMoveTicket = (from: TicketStatus, to: TicketStatus) => from !== 'closed' && (from === to || TICKET_TRANSITIONS[from].includes(to));
