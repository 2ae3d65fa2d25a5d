// Support tickets (issue 15, point 4; ADR 0017): the inputs of the user's and the admin's procedures,
// shared with the forms. Categories and statuses come from src/shared/moderation.ts; appeals are
// opened only through the appeal path, never here.
import { z } from 'zod';
import { LEVELS } from '../constants.ts';
import { TICKET_CATEGORIES, TICKET_STATUSES, type TicketCategory } from '../moderation.ts';
import { recordId, uuidId } from './bounds.ts';
import { requiredText } from './text.ts';

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_TEXT_MAX = 5000;
export const TICKET_PAGE_SIZE = 25;

/** What a user may choose on the Support page: every category but `appeal`. */
export const OPENABLE_TICKET_CATEGORIES = ['account', 'prototype', 'payout', 'technical', 'other'] as const satisfies readonly Exclude<
  TicketCategory,
  'appeal'
>[];

export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  account: 'Account',
  prototype: 'Prototype',
  payout: 'Payout',
  technical: 'Technical',
  appeal: 'Appeal',
  other: 'Other',
};

export const APPEAL_NOT_HERE = 'Appeals are sent from the appeal form of the measure, not as a support ticket';

const category = z.enum(OPENABLE_TICKET_CATEGORIES, {
  errorMap: (_issue, ctx) => ({ message: ctx.data === 'appeal' ? APPEAL_NOT_HERE : 'Choose a category' }),
});

const priority = z.enum(LEVELS, { errorMap: () => ({ message: 'Priority must be low, medium or high' }) });

/** POST /api/support/tickets */
export const openTicketInput = z.object({
  category,
  subject: requiredText('Subject', TICKET_SUBJECT_MAX),
  description: requiredText('Description', TICKET_TEXT_MAX),
  priority: priority.optional().default('medium'),
});
export type OpenTicketInput = z.input<typeof openTicketInput>;

export const ticketIdInput = z.object({ id: recordId('ticket') });

/** POST /api/support/tickets/{id}/messages */
export const ticketReplyInput = z.object({ id: recordId('ticket'), body: requiredText('Message', TICKET_TEXT_MAX) });
export const ticketReplyForm = ticketReplyInput.omit({ id: true });

/** The queue's assignee filter: nobody, the caller, or one admin. */
export const assigneeFilter = z.union([z.literal('unassigned'), z.literal('me'), uuidId('assignee')], {
  errorMap: () => ({ message: 'Assignee must be "unassigned", "me" or an administrator id' }),
});

/** GET /api/admin/support/tickets */
export const QUEUE_STATUS_FILTERS = [...TICKET_STATUSES, 'active'] as const;
export const adminTicketListInput = z.object({
  /** `active`: open, in progress or waiting on the user. */
  status: z.enum(QUEUE_STATUS_FILTERS, { errorMap: () => ({ message: `Status must be one of ${QUEUE_STATUS_FILTERS.join(', ')}` }) }).optional(),
  category: z.enum(TICKET_CATEGORIES, { errorMap: () => ({ message: `Category must be one of ${TICKET_CATEGORIES.join(', ')}` }) }).optional(),
  priority: priority.optional(),
  assignee: assigneeFilter.optional(),
  cursor: z.string().max(500).optional(),
  direction: z.enum(['next', 'prev']).optional().default('next'),
  limit: z.coerce.number().int().min(1).max(100).default(TICKET_PAGE_SIZE),
});
export type AdminTicketListInput = z.input<typeof adminTicketListInput>;

/** PATCH /api/admin/support/tickets/{id}: every field optional, at least one. */
export const adminTicketUpdateInput = z.object({
  id: recordId('ticket'),
  status: z.enum(TICKET_STATUSES, { errorMap: () => ({ message: `Status must be one of ${TICKET_STATUSES.join(', ')}` }) }).optional(),
  assignedAdminId: uuidId('administrator').nullable().optional(),
  priority: priority.optional(),
  resolution: z
    .string({ invalid_type_error: 'Resolution must be text' })
    .trim()
    .max(TICKET_TEXT_MAX, `Resolution must be at most ${TICKET_TEXT_MAX} characters`)
    .optional(),
});
export type AdminTicketUpdateInput = z.input<typeof adminTicketUpdateInput>;

/** An admin's view of one user's tickets (the admin user page). */
export const userTicketsInput = z.object({ userId: uuidId('user') });
