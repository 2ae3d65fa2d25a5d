// Support tickets and their messages, as a user and as the support team see them (ticket-view.ts).
import { z } from 'zod';
import { LEVELS } from '~/shared/constants.ts';
import { APPEAL_OUTCOMES, MEASURE_TYPES, TICKET_CATEGORIES, TICKET_STATUSES } from '~/shared/moderation.ts';
import { id, timestamp, uuid } from './common.ts';

export const supportTicket = z.strictObject({
  id,
  category: z.enum(TICKET_CATEGORIES).nullable(),
  priority: z.enum(LEVELS),
  status: z.enum(TICKET_STATUSES),
  subject: z.string().nullable(),
  /** The user's opening words: shown as the first message of the conversation. */
  description: z.string().nullable(),
  /** Set when an admin resolved the ticket. */
  resolution: z.string().nullable(),
  createdAt: timestamp,
  lastUpdated: timestamp,
  resolvedAt: timestamp.nullable(),
  /** Messages after the description. */
  messageCount: z.number().int().nonnegative(),
});
const ticketPerson = z.strictObject({ id: uuid, name: z.string(), email: z.string() });
export const adminSupportTicket = supportTicket.extend({
  user: ticketPerson,
  assignee: ticketPerson.nullable(),
  /** Since when the user's oldest unanswered word has waited; null once the team answered. */
  awaitingReplySince: timestamp.nullable(),
  /** An appeal's measure and decision (category appeal). */
  measureType: z.enum(MEASURE_TYPES).nullable(),
  measureId: z.number().int().nullable(),
  appealOutcome: z.enum(APPEAL_OUTCOMES).nullable(),
});
export const ticketMessage = z.strictObject({
  id,
  body: z.string(),
  fromAdmin: z.boolean(),
  /** "You", "Atomix Energy support" (to the user), or the author's name. */
  author: z.string(),
  mine: z.boolean(),
  createdAt: timestamp,
});
export const supportTicketWithMessages = supportTicket.extend({ messages: z.array(ticketMessage) });
export const adminSupportTicketWithMessages = adminSupportTicket.extend({ messages: z.array(ticketMessage) });
