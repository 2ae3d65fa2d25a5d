// Support tickets (issue 15, point 4; ADR 0017). A signed-in user opens a ticket and exchanges
// messages with the support team; admins work a queue. The statuses and what a reply or an admin's
// change does to them are data (the tables below), used by the procedures, the admin screen and the
// tests. Every write locks the ticket's row first (a conditional touch of lastUpdated), so replies
// and changes arriving at once apply one after the other, each on the state the previous one left.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { Capability } from '~/shared/capabilities.ts';
import { adminTicketPath, userTicketPath } from '~/shared/app-paths.ts';
import { ACTIVE_STATUSES, ANSWERED_STATUSES, STATUS_AFTER_MESSAGE, TICKET_TRANSITIONS, canMoveTicket } from '~/shared/ticket-workflow.ts';
import type { AdminTicketListInput, AdminTicketUpdateInput, OpenTicketInput } from '~/shared/schemas/support.ts';
import { stateInSentence } from '~/shared/format.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { publishLive } from '../live/publish.ts';
import { logActivity } from './activity-log.ts';
import { ConflictError, InvalidInputError, NotFoundError } from './errors.ts';
import { asDate, keysetPage, parseIntId, newestFirst } from './keyset.ts';
import { notify, notifyAdmins, notifyLeadOrTeam } from './notifications.ts';
import { ticketMessageSelect, ticketSelect, toAdminTicketView, toTicketMessageView, toTicketView } from './views/ticket-view.ts';
import type { DomainDeps } from './deps.ts';
import { assertTeamMember, teamWhere } from './user-status.ts';

export const TICKET_NOT_FOUND = 'Ticket not found';
export const TICKET_CLOSED = 'This ticket is closed: please open a new ticket';
export const RESOLUTION_REQUIRED = 'A resolution is required to resolve a ticket';
export const RESOLUTION_ONLY_WHEN_RESOLVED = 'A resolution is recorded only on a resolved ticket: set the status to resolved';
export const ASSIGNEE_NOT_ADMIN = 'The assignee must be an administrator';
export const NOTHING_TO_CHANGE = 'Nothing to change: send a status, assignee, priority or resolution';
export const APPEAL_NEEDS_DECISION = 'Decide the appeal (uphold or reverse it) before resolving or closing its ticket';
/** A user's own list and an admin's list of one user's tickets answer at most this many. */
export const TICKET_LIST_MAX = 200;

export { ACTIVE_STATUSES, ANSWERED_STATUSES, STATUS_AFTER_MESSAGE, TICKET_TRANSITIONS, canMoveTicket };

export interface TicketDeps extends DomainDeps {
  mailer: EmailLinks;
  now: Date;
}

export interface TicketViewer {
  id: string;
  role: 'user' | 'admin';
}

/** The user's own side or the support team's side of a ticket. */
export type TicketSide = 'user' | 'admin';

/** A ticket changed (a message, its status): its user's tabs and the support team's hear it. */
export function publishTicketChange(tx: Pick<Prisma.TransactionClient, '$executeRaw'>, ticket: { id: number; userId: string }) {
  return publishLive(tx, { topic: 'ticket', id: ticket.id }, { users: [ticket.userId], admins: true });
}

const excerpt = (text: string, max = 500) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const titleOf = (t: { id: number; subject: string | null }) => t.subject ?? `Ticket #${t.id}`;

export async function openTicket(deps: TicketDeps, userId: string, input: OpenTicketInput & { priority: 'low' | 'medium' | 'high' }) {
  const { db, meta, mailer, now } = deps;
  return db.$transaction(async (tx) => {
    const created = await tx.supportTicket.create({
      data: {
        userId,
        category: input.category,
        subject: input.subject,
        description: input.description,
        priority: input.priority,
        status: 'open',
        createdAt: now,
        lastUpdated: now,
        awaitingReplySince: now,
      },
      select: ticketSelect,
    });
    await notifyAdmins(tx, mailer, {
      type: 'ticket_reply',
      title: `New support ticket: ${titleOf(created)}`,
      message: excerpt(input.description),
      actionUrl: adminTicketPath(created.id),
    });
    await publishTicketChange(tx, { id: created.id, userId });
    await logActivity(tx, meta, {
      userId,
      action: 'ticket.open',
      targetType: 'support_ticket',
      targetId: created.id,
      details: { category: input.category, priority: input.priority },
    });
    return toTicketView(created);
  });
}

/** The caller's own tickets, latest activity first. */
export async function ownTickets(db: Db, userId: string) {
  const rows = await db.supportTicket.findMany({
    where: { userId },
    select: ticketSelect,
    orderBy: [{ lastUpdated: 'desc' }, { id: 'desc' }],
    take: TICKET_LIST_MAX,
  });
  return rows.map(toTicketView);
}

/** One user's tickets for the admin user page, newest first. */
export async function ticketsOfUser(db: Db, userId: string) {
  const rows = await db.supportTicket.findMany({
    where: { userId },
    select: ticketSelect,
    orderBy: newestFirst(),
    take: TICKET_LIST_MAX,
  });
  return rows.map(toAdminTicketView);
}

/**
 * Which side of ticket `id` the viewer acts on: the ticket's own user, or (for someone else's
 * ticket) an admin holding `adminCapability`; anyone else gets 404, as for a ticket that does not exist.
 */
export async function ticketSide(db: Db, viewer: TicketViewer, id: number, assertAdmin: (capability: Capability) => Promise<void>): Promise<TicketSide> {
  const ticket = await db.supportTicket.findUnique({ where: { id }, select: { userId: true } });
  if (ticket?.userId === viewer.id) return 'user';
  if (!ticket || viewer.role !== 'admin') throw new NotFoundError(TICKET_NOT_FOUND);
  await assertAdmin('users.manage');
  return 'admin';
}

async function conversation(db: Db, viewer: TicketViewer, id: number, asAdmin: boolean) {
  const messages = await db.supportTicketMessage.findMany({
    where: { ticketId: id },
    select: ticketMessageSelect,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return messages.map((m) => toTicketMessageView(m, { id: viewer.id, asAdmin }));
}

/** The ticket as the support team reads it, and its conversation (the description first, on the ticket; then the messages, oldest first). */
export async function adminTicketWithMessages(db: Db, viewer: TicketViewer, id: number) {
  const row = await db.supportTicket.findUnique({ where: { id }, select: ticketSelect });
  if (!row) throw new NotFoundError(TICKET_NOT_FOUND);
  return { ...toAdminTicketView(row), messages: await conversation(db, viewer, id, true) };
}

/** The user's own ticket and its conversation. */
export async function ownTicketWithMessages(db: Db, viewer: TicketViewer, id: number) {
  const row = await db.supportTicket.findFirst({ where: { id, userId: viewer.id }, select: ticketSelect });
  if (!row) throw new NotFoundError(TICKET_NOT_FOUND);
  return { ...toTicketView(row), messages: await conversation(db, viewer, id, false) };
}

/** A ticket from the side the viewer acts on (see ticketSide). */
export function ticketWithMessages(db: Db, viewer: TicketViewer, id: number, side: TicketSide) {
  return side === 'admin' ? adminTicketWithMessages(db, viewer, id) : ownTicketWithMessages(db, viewer, id);
}

/** Locks the ticket's row for the rest of the transaction (and moves lastUpdated), or 404. */
async function lockTicket(tx: Prisma.TransactionClient, id: number, now: Date, where: Prisma.SupportTicketWhereInput = {}) {
  const { count } = await tx.supportTicket.updateMany({ where: { id, ...where }, data: { lastUpdated: now } });
  if (count === 0) throw new NotFoundError(TICKET_NOT_FOUND);
  return tx.supportTicket.findUniqueOrThrow({
    where: { id },
    select: { id: true, userId: true, status: true, subject: true, awaitingReplySince: true, assignedAdminId: true },
  });
}

/** A message on a ticket from its user or from the support team (see STATUS_AFTER_MESSAGE). */
export async function postTicketMessage(deps: TicketDeps, viewer: TicketViewer, side: TicketSide, input: { id: number; body: string }) {
  const { db, meta, mailer, now } = deps;
  return db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.id, now, side === 'user' ? { userId: viewer.id } : {});
    const next = STATUS_AFTER_MESSAGE[ticket.status][side];
    if (next === null) throw new ConflictError(TICKET_CLOSED);
    await tx.supportTicket.update({
      where: { id: ticket.id },
      data: {
        status: next,
        lastUpdated: now,
        // The user's oldest unanswered word stays the mark; the team's answer clears it.
        awaitingReplySince: side === 'user' ? (ticket.awaitingReplySince ?? now) : null,
        ...(next !== 'resolved' ? { resolvedAt: null } : {}),
      },
    });
    const message = await tx.supportTicketMessage.create({
      data: { ticketId: ticket.id, authorId: viewer.id, fromAdmin: side === 'admin', body: input.body, createdAt: now },
      select: ticketMessageSelect,
    });
    if (side === 'user') {
      const announcement = {
        type: 'ticket_reply' as const,
        title: `New reply on support ticket: ${titleOf(ticket)}`,
        message: excerpt(input.body),
        actionUrl: adminTicketPath(ticket.id),
      };
      await notifyLeadOrTeam(tx, mailer, ticket.assignedAdminId, announcement);
    } else {
      await notify(tx, mailer, {
        userId: ticket.userId,
        type: 'ticket_reply',
        title: 'New reply on your support ticket',
        message: `"${titleOf(ticket)}":\n\n${excerpt(input.body)}`,
        actionUrl: userTicketPath(ticket.id),
      });
    }
    await publishTicketChange(tx, ticket);
    await logActivity(tx, meta, {
      userId: viewer.id,
      action: side === 'user' ? 'ticket.reply' : 'admin.ticket.reply',
      targetType: 'support_ticket',
      targetId: ticket.id,
      details: { messageId: message.id, ...(next !== ticket.status ? { from: ticket.status, to: next } : {}) },
    });
    return toTicketMessageView(message, { id: viewer.id, asAdmin: side === 'admin' });
  });
}

/** An admin's change of status, assignee, priority or resolution (PATCH /api/admin/support/tickets/{id}). */
export async function updateTicket(deps: TicketDeps, actorId: string, input: Omit<AdminTicketUpdateInput, 'id'> & { id: number }) {
  const { db, meta, mailer, now } = deps;
  const { status, assignedAdminId, priority, resolution } = input;
  if (status === undefined && assignedAdminId === undefined && priority === undefined && resolution === undefined) {
    throw new InvalidInputError(NOTHING_TO_CHANGE);
  }
  return db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.id, now);
    const current = await tx.supportTicket.findUniqueOrThrow({
      where: { id: ticket.id },
      select: { status: true, priority: true, resolution: true, category: true, appealOutcome: true },
    });
    const target = status ?? current.status;
    if (!canMoveTicket(current.status, target)) {
      throw new ConflictError(
        current.status === 'closed'
          ? 'This ticket is closed and can no longer be changed'
          : `A ${stateInSentence(current.status)} ticket cannot become ${stateInSentence(target)}`,
      );
    }
    const resolving = target === 'resolved';
    if (resolution !== undefined && !resolving) throw new InvalidInputError(RESOLUTION_ONLY_WHEN_RESOLVED);
    const finalResolution = resolving ? (resolution ?? current.resolution) : null;
    if (resolving && !finalResolution) throw new InvalidInputError(RESOLUTION_REQUIRED);
    if (current.category === 'appeal' && !current.appealOutcome && (target === 'resolved' || target === 'closed') && target !== current.status) {
      throw new ConflictError(APPEAL_NEEDS_DECISION);
    }
    if (assignedAdminId) {
      const assignee = await tx.user.findUnique({ where: { id: assignedAdminId }, select: { role: true, status: true } });
      if (!assignee) throw new InvalidInputError(ASSIGNEE_NOT_ADMIN);
      assertTeamMember(assignee, ASSIGNEE_NOT_ADMIN);
    }
    const statusChanged = target !== current.status;
    await tx.supportTicket.update({
      where: { id: ticket.id },
      data: {
        status: target,
        lastUpdated: now,
        ...(priority !== undefined ? { priority } : {}),
        ...(assignedAdminId !== undefined ? { assignedAdminId } : {}),
        resolution: finalResolution,
        ...(statusChanged ? { resolvedAt: resolving ? now : null } : {}),
        ...(statusChanged && ANSWERED_STATUSES.includes(target) ? { awaitingReplySince: null } : {}),
      },
    });
    if (statusChanged) {
      await notify(tx, mailer, {
        userId: ticket.userId,
        type: 'ticket_status_changed',
        title: `Your support ticket is now ${stateInSentence(target)}`,
        message:
          `"${titleOf(ticket)}" is now ${stateInSentence(target)}.` +
          (resolving && finalResolution ? `\n\nResolution: ${excerpt(finalResolution)}` : '') +
          (target === 'waiting_on_user' ? '\n\nThe support team is waiting for your answer.' : ''),
        actionUrl: userTicketPath(ticket.id),
      });
    }
    await publishTicketChange(tx, ticket);
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.ticket.update',
      targetType: 'support_ticket',
      targetId: ticket.id,
      details: {
        ...(statusChanged ? { from: current.status, to: target } : {}),
        ...(priority !== undefined && priority !== current.priority ? { priority } : {}),
        ...(assignedAdminId !== undefined && assignedAdminId !== ticket.assignedAdminId ? { assignedAdminId } : {}),
        ...(resolution !== undefined ? { resolution: true } : {}),
      },
    });
    const row = await tx.supportTicket.findUniqueOrThrow({ where: { id: ticket.id }, select: ticketSelect });
    return toAdminTicketView(row);
  });
}

/** The admin queue: filtered, longest-waiting first (then tickets nobody waits on, oldest first), keyset-paged. */
export async function ticketQueue(
  db: Db,
  adminId: string,
  input: Omit<AdminTicketListInput, 'direction' | 'limit'> & { direction: 'next' | 'prev'; limit: number },
) {
  const where: Prisma.SupportTicketWhereInput = {
    ...(input.status === 'active' ? { status: { in: [...ACTIVE_STATUSES] } } : input.status ? { status: input.status } : {}),
    ...(input.category ? { category: input.category } : {}),
    ...(input.priority ? { priority: input.priority } : {}),
    ...(input.assignee === undefined ? {} : { assignedAdminId: input.assignee === 'unassigned' ? null : input.assignee === 'me' ? adminId : input.assignee }),
  };
  const page = await keysetPage({
    where,
    sort: { field: 'awaitingReplySince', order: 'asc', parse: asDate, nullsLast: true },
    page: input,
    parseId: parseIntId,
    find: (args) => db.supportTicket.findMany({ ...args, select: ticketSelect }),
    keyOf: (row) => row.awaitingReplySince,
  });
  return { ...page, items: page.items.map(toAdminTicketView) };
}

/** The queue's heading: active tickets by status, unassigned ones, and the oldest unanswered ticket and its age. */
export async function queueSummary(db: Db, now: Date) {
  const [byStatus, unassigned, oldest] = await Promise.all([
    db.supportTicket.groupBy({ by: ['status'], where: { status: { in: [...ACTIVE_STATUSES] } }, _count: { _all: true } }),
    db.supportTicket.count({ where: { status: { in: [...ACTIVE_STATUSES] }, assignedAdminId: null } }),
    db.supportTicket.findFirst({
      where: { status: { in: [...ACTIVE_STATUSES] }, awaitingReplySince: { not: null } },
      orderBy: [{ awaitingReplySince: 'asc' }, { id: 'asc' }],
      select: { id: true, subject: true, awaitingReplySince: true },
    }),
  ]);
  const counts = Object.fromEntries(ACTIVE_STATUSES.map((s) => [s, byStatus.find((g) => g.status === s)?._count._all ?? 0])) as Record<
    'open' | 'in_progress' | 'waiting_on_user',
    number
  >;
  return {
    counts,
    unassigned,
    oldestUnanswered: oldest?.awaitingReplySince
      ? {
          id: oldest.id,
          subject: oldest.subject,
          since: oldest.awaitingReplySince,
          ageSeconds: Math.max(0, Math.floor((now.getTime() - oldest.awaitingReplySince.getTime()) / 1000)),
        }
      : null,
  };
}

/** The administrators a ticket can be assigned to, for the assignee control. */
export function ticketAssignees(db: Db) {
  return db.user.findMany({
    where: teamWhere,
    select: { id: true, firstName: true, lastName: true, email: true },
    orderBy: [{ firstName: 'asc' }, { email: 'asc' }],
    take: 200,
  });
}
