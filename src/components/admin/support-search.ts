// The support queue's URL: its filters and page (no zod here: route options load with the first page).
import { compact, oneOf, text, uuid } from '~/client/search-params.ts';
import { LEVELS, type Level } from '~/shared/constants.ts';
import { TICKET_CATEGORIES, TICKET_STATUSES, type TicketCategory, type TicketStatus } from '~/shared/moderation.ts';

/** `active` (the default: open, in progress, waiting on the user), `all`, or one status. */
export type QueueStatus = TicketStatus | 'active' | 'all';
const QUEUE_STATUSES: readonly QueueStatus[] = ['active', 'all', ...TICKET_STATUSES];

export interface SupportSearch {
  status?: QueueStatus;
  category?: TicketCategory;
  priority?: Level;
  /** `me`, `unassigned` or an admin's id. */
  assignee?: string;
  cursor?: string;
  dir?: 'next' | 'prev';
}

export function parseSupportSearch(input: Record<string, unknown>): SupportSearch {
  const assignee = input.assignee === 'me' || input.assignee === 'unassigned' ? input.assignee : uuid(input.assignee);
  return compact({
    status: oneOf(QUEUE_STATUSES, input.status),
    category: oneOf(TICKET_CATEGORIES, input.category),
    priority: oneOf(LEVELS, input.priority),
    assignee,
    cursor: text(input.cursor, 500),
    dir: oneOf(['next', 'prev'] as const, input.dir),
  });
}

/** The queue procedure's input for a URL. */
export function queueInput(search: SupportSearch) {
  const status = search.status ?? 'active';
  return compact({
    status: status === 'all' ? undefined : status,
    category: search.category,
    priority: search.priority,
    assignee: search.assignee,
    cursor: search.cursor,
    direction: search.dir,
  });
}
