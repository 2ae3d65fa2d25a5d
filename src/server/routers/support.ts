// Support tickets (issue 15, point 4; ADR 0017): users open tickets and talk with the support team;
// admins work the queue. Thin: validate, check the capability, call domain/support-tickets.ts.
import { openTicketInput, adminTicketListInput, adminTicketUpdateInput, ticketIdInput, ticketReplyInput, userTicketsInput } from '~/shared/schemas/support.ts';
import { assertCapability } from '../domain/permissions.ts';
import {
  adminTicketWithMessages,
  openTicket,
  ownTickets,
  postTicketMessage,
  queueSummary,
  ticketAssignees,
  ticketQueue,
  ticketSide,
  ticketWithMessages,
  ticketsOfUser,
  updateTicket,
} from '../domain/support-tickets.ts';
import type { Context, SignedInContext } from '../context.ts';
import { capabilityProcedure, router } from '../trpc.ts';
import { limitWritingToTeam } from '../domain/rate-limit.ts';

const deps = (ctx: Context) => ({ db: ctx.db, meta: ctx.meta, mailer: ctx.mailer, now: ctx.clock.now() });
/** An admin acting on someone else's ticket holds users.manage (the one capability check). */
const sideOf = (ctx: SignedInContext, id: number) =>
  ticketSide(ctx.db, ctx.user, id, (capability) => assertCapability(ctx.db, ctx.user, capability, ctx.clock.now()));

export const supportRouter = router({
  /** POST /api/support/tickets */
  open: capabilityProcedure('tickets.open')
    .input(openTicketInput)
    .mutation(async ({ ctx, input }) => {
      // Each ticket notifies the whole team.
      await limitWritingToTeam(ctx.limiter, ctx.user);
      return openTicket(deps(ctx), ctx.user.id, input);
    }),

  /** GET /api/support/tickets: the caller's tickets, latest activity first. */
  mine: capabilityProcedure('tickets.open').query(({ ctx }) => ownTickets(ctx.db, ctx.user.id)),

  /** GET /api/support/tickets/{id}: a ticket with its messages (the caller's own; admins: any). */
  byId: capabilityProcedure('tickets.open')
    .input(ticketIdInput)
    .query(async ({ ctx, input }) => ticketWithMessages(ctx.db, ctx.user, input.id, await sideOf(ctx, input.id))),

  /**
   * POST /api/support/tickets/{id}/messages: the ticket's user replies; an admin on someone else's
   * ticket answers as the support team (the same path serves both).
   */
  reply: capabilityProcedure('tickets.open')
    .input(ticketReplyInput)
    .mutation(async ({ ctx, input }) => {
      const side = await sideOf(ctx, input.id);
      if (side === 'user') await limitWritingToTeam(ctx.limiter, ctx.user);
      return postTicketMessage(deps(ctx), ctx.user, side, input);
    }),

  // --- The support team ---------------------------------------------------------------------------

  /** GET /api/admin/support/tickets */
  queue: capabilityProcedure('users.manage')
    .input(adminTicketListInput)
    .query(({ ctx, input }) => ticketQueue(ctx.db, ctx.user.id, input)),

  /** Active tickets by status, unassigned ones and the oldest unanswered ticket's age. */
  queueSummary: capabilityProcedure('users.manage').query(({ ctx }) => queueSummary(ctx.db, ctx.clock.now())),

  /** Any ticket with its conversation, as the support team reads it. */
  adminById: capabilityProcedure('users.manage')
    .input(ticketIdInput)
    .query(({ ctx, input }) => adminTicketWithMessages(ctx.db, ctx.user, input.id)),

  /** The support team's answer on a ticket. */
  adminReply: capabilityProcedure('users.manage')
    .input(ticketReplyInput)
    .mutation(({ ctx, input }) => postTicketMessage(deps(ctx), ctx.user, 'admin', input)),

  /** PATCH /api/admin/support/tickets/{id} */
  update: capabilityProcedure('users.manage')
    .input(adminTicketUpdateInput)
    .mutation(({ ctx, input }) => updateTicket(deps(ctx), ctx.user.id, input)),

  /** One user's tickets, for the admin user page. */
  forUser: capabilityProcedure('users.manage')
    .input(userTicketsInput)
    .query(({ ctx, input }) => ticketsOfUser(ctx.db, input.userId)),

  /** The administrators a ticket can be assigned to. */
  assignees: capabilityProcedure('users.manage').query(({ ctx }) => ticketAssignees(ctx.db)),
});
