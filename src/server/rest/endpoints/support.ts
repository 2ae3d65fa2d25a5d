// Support tickets (issue 15): a user's tickets, and the support team's queue (routers/support.ts).
// An admin posting on someone else's ticket answers as the support team.
import { z } from 'zod';
import { adminTicketListInput, adminTicketUpdateInput, openTicketInput, ticketIdInput, ticketReplyInput } from '~/shared/schemas/support.ts';
import {
  adminSupportTicket,
  adminSupportTicketWithMessages,
  supportTicket,
  supportTicketWithMessages,
  ticketMessage,
} from '../../domain/views/shapes/ticket.ts';
import { defineRoute, pagedList } from '../define-route.ts';

const tag = 'Support';

export const supportRoutes = [
  defineRoute('POST /api/support/tickets', {
    access: 'user',
    tag,
    summary: 'Open a support ticket (category account, prototype, payout, technical or other; appeals have their own path)',
    body: openTicketInput,
    status: 201,
    output: { shape: supportTicket, description: 'The open ticket (the support team is notified)' },
    errors: [429],
    handler: ({ caller, input }) => caller.support.open(input),
  }),
  defineRoute('GET /api/support/tickets', {
    access: 'user',
    tag,
    summary: 'Your support tickets, latest activity first',
    output: { shape: z.array(supportTicket), description: 'Your tickets' },
    errors: [403],
    handler: ({ caller }) => caller.support.mine(),
  }),
  defineRoute('GET /api/support/tickets/:id', {
    access: 'user',
    tag,
    summary: 'One of your tickets with its messages, oldest first (administrators: any ticket, with its admin fields)',
    input: ticketIdInput,
    output: { shape: z.union([adminSupportTicketWithMessages, supportTicketWithMessages]), description: 'The ticket and its conversation' },
    errors: [403],
    handler: ({ caller, input }) => caller.support.byId(input),
  }),
  defineRoute('POST /api/support/tickets/:id/messages', {
    access: 'user',
    tag,
    summary: 'Reply on a ticket',
    description:
      "The ticket's user: a reply to a ticket waiting on you or resolved reopens it; a closed ticket answers 409 (open a new one). " +
      "An administrator posting on someone else's ticket answers as the support team (needs users.manage).",
    input: ticketReplyInput,
    status: 201,
    output: { shape: ticketMessage, description: 'The message' },
    errors: [409, 429],
    handler: ({ caller, input }) => caller.support.reply(input),
  }),
  pagedList({
    path: '/api/admin/support/tickets',
    access: 'admin',
    tag: 'Admin',
    summary: 'The support queue: longest-waiting first, filtered by status (or active), category, priority and assignee',
    input: adminTicketListInput,
    filters: ['status', 'category', 'priority', 'assignee'],
    item: adminSupportTicket,
    answers: 'One page of tickets',
    list: (caller, input) => caller.support.queue(input),
  }),
  defineRoute('PATCH /api/admin/support/tickets/:id', {
    access: 'admin',
    tag: 'Admin',
    summary: "Change a ticket's status, assignee, priority or resolution",
    description: 'All fields optional (at least one). Resolving needs a resolution (400); a closed ticket or a move the status table forbids answers 409.',
    input: adminTicketUpdateInput,
    output: { shape: adminSupportTicket, description: 'The ticket after the change' },
    errors: [409],
    handler: ({ caller, input }) => caller.support.update(input),
  }),
];
