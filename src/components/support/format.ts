// How tickets read on screen: status names from each side, and how long a ticket has waited.
import type { TicketStatus } from '~/shared/moderation.ts';
import { TICKET_CATEGORY_LABELS } from '~/shared/schemas/support.ts';

const STATUS_LABELS: Record<TicketStatus, { user: string; admin: string }> = {
  open: { user: 'Open', admin: 'Open' },
  in_progress: { user: 'In progress', admin: 'In progress' },
  waiting_on_user: { user: 'Waiting for your reply', admin: 'Waiting on user' },
  resolved: { user: 'Resolved', admin: 'Resolved' },
  closed: { user: 'Closed', admin: 'Closed' },
};

export function ticketStatusLabel(status: TicketStatus, side: 'user' | 'admin'): string {
  return STATUS_LABELS[status][side];
}

export const TICKET_STATUS_BADGES: Record<TicketStatus, string> = {
  open: 'badge-info',
  in_progress: 'badge-primary',
  waiting_on_user: 'badge-warning',
  resolved: 'badge-success',
  closed: 'badge-ghost',
};

/** "45 min", "3 h 20 min", "2 d 4 h": a waiting time, coarse enough to read at a glance. */
export function formatAge(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** "Payout"; a ticket without a category reads "Other". */
export function ticketCategoryLabel(category: string | null): string {
  return category ? ((TICKET_CATEGORY_LABELS as Record<string, string>)[category] ?? category) : 'Other';
}
