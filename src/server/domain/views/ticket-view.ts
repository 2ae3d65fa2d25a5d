// What the API returns for a support ticket: the user reads their own ticket and its conversation
// (admins as "Atomix Energy support"); admins also get who opened it, who is assigned, how long the
// user has waited and the appeal's measure.
import type { Prisma } from '~/generated/prisma/client.ts';
import { fullName } from '~/shared/format.ts';
import type { AppealOutcome, MeasureType, TicketCategory } from '~/shared/moderation.ts';
import type { z } from 'zod';
import type { adminSupportTicket, supportTicket, ticketMessage } from './shapes/ticket.ts';
import { personName } from './person-name.ts';

export const SUPPORT_TEAM_NAME = 'Atomix Energy support';

const personSelect = { select: { id: true, ...personName } } as const;

export const ticketSelect = {
  id: true,
  userId: true,
  category: true,
  priority: true,
  status: true,
  subject: true,
  description: true,
  resolution: true,
  createdAt: true,
  resolvedAt: true,
  lastUpdated: true,
  awaitingReplySince: true,
  measureType: true,
  measureId: true,
  appealOutcome: true,
  user: personSelect,
  assignedAdmin: personSelect,
  _count: { select: { messages: true } },
} satisfies Prisma.SupportTicketSelect;
export type TicketRow = Prisma.SupportTicketGetPayload<{ select: typeof ticketSelect }>;

export const ticketMessageSelect = {
  id: true,
  authorId: true,
  fromAdmin: true,
  body: true,
  createdAt: true,
  author: { select: personName },
} satisfies Prisma.SupportTicketMessageSelect;
type MessageRow = Prisma.SupportTicketMessageGetPayload<{ select: typeof ticketMessageSelect }>;

/** The ticket as its user reads it. */
export function toTicketView(row: TicketRow): TicketView {
  return {
    id: row.id,
    category: row.category as TicketCategory | null,
    priority: row.priority,
    status: row.status,
    subject: row.subject,
    description: row.description,
    resolution: row.resolution,
    createdAt: row.createdAt,
    lastUpdated: row.lastUpdated,
    resolvedAt: row.resolvedAt,
    /** Replies after the description. */
    messageCount: row._count.messages,
  };
}
export type TicketView = z.infer<typeof supportTicket>;

const person = (p: { id: string; firstName: string | null; lastName: string | null; email: string }) => ({ id: p.id, name: fullName(p), email: p.email });

/** The ticket as an admin reads it in the queue and on the ticket page. */
export function toAdminTicketView(row: TicketRow): AdminTicketView {
  return {
    ...toTicketView(row),
    user: person(row.user),
    assignee: row.assignedAdmin ? person(row.assignedAdmin) : null,
    awaitingReplySince: row.awaitingReplySince,
    // The columns are text; the database accepts only these lists' values (moderation.ts writes them).
    measureType: row.measureType as MeasureType | null,
    measureId: row.measureId,
    appealOutcome: row.appealOutcome as AppealOutcome | null,
  };
}
export type AdminTicketView = z.infer<typeof adminSupportTicket>;

/** One message; `mine` from the viewer's side, the admin's name only for admins. */
export function toTicketMessageView(row: MessageRow, viewer: { id: string; asAdmin: boolean }): TicketMessageView {
  let author: string;
  if (row.authorId === viewer.id) author = 'You';
  else if (row.fromAdmin) author = viewer.asAdmin && row.author ? `${fullName(row.author)} (support)` : SUPPORT_TEAM_NAME;
  else author = row.author ? fullName(row.author) : 'Former user';
  return { id: row.id, body: row.body, fromAdmin: row.fromAdmin, author, mine: row.authorId === viewer.id, createdAt: row.createdAt };
}
export type TicketMessageView = z.infer<typeof ticketMessage>;
