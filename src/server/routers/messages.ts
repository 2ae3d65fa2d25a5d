// Messages between sellers and the admin team (spec sections 2, 3, 4, 7). Thin: validate, consume the
// reply limit, call domain/messages.ts (threads, their participants and notifications).
import {
  contactHandledInput,
  contactListInput,
  inboxInput,
  messageIdInput,
  messageTeamInput,
  replyInput,
  startThreadInput,
} from '~/shared/schemas/messages.ts';
import { actionDeps } from '../context.ts';
import * as messages from '../domain/messages.ts';
import { adminProcedure, capabilityProcedure, protectedProcedure, router } from '../trpc.ts';
import { limitWritingToTeam } from '../domain/rate-limit.ts';

// The capability each change needs (ADR 0019).
const replyProcedure = capabilityProcedure('messages.reply');
const manageUsersProcedure = capabilityProcedure('users.manage');

export const messagesRouter = router({
  /** GET /api/messages: the messages the admin team sent to the caller, newest first. */
  list: protectedProcedure.query(({ ctx }) => messages.ownMessages(ctx.db, ctx.user)),

  /** GET /api/messages/{id}/thread: the whole conversation, oldest first. */
  thread: protectedProcedure.input(messageIdInput).query(({ ctx, input }) => messages.thread(ctx.db, ctx.user, input.id)),

  /** PATCH /api/messages/{id}/read: marks a message the caller received as read. */
  markRead: protectedProcedure.input(messageIdInput).mutation(({ ctx, input }) => messages.markMessageRead(ctx.db, ctx.user, input.id)),

  /** POST /api/messages/reply: the thread's user replies to the admin team; an admin answers in the thread. */
  reply: replyProcedure.input(replyInput).mutation(async ({ ctx, input }) => {
    // Each reply notifies the whole admin team; the team's own answers are not limited.
    await limitWritingToTeam(ctx.limiter, ctx.user);
    return messages.reply(actionDeps(ctx), input);
  }),

  /** POST /api/messages: a seller starts a conversation with the team about one of their own prototypes. */
  messageTeam: replyProcedure.input(messageTeamInput).mutation(async ({ ctx, input }) => {
    await ctx.limiter.consume('messageReplies', ctx.user.id);
    return messages.messageTeam(actionDeps(ctx), input);
  }),

  // --- Admin inbox -------------------------------------------------------------------------------

  /** Threads (by default those with sellers' replies): unread first, then the latest activity. */
  inbox: adminProcedure.input(inboxInput).query(({ ctx, input }) => messages.inbox(ctx.db, input.filter)),

  /** Unread replies and open contact messages, for the inbox's tabs. */
  inboxCounts: adminProcedure.query(({ ctx }) => messages.inboxCounts(ctx.db)),

  /** An admin opening a thread reads every reply in it. */
  markThreadRead: adminProcedure.input(messageIdInput).mutation(({ ctx, input }) => messages.markThreadRead(ctx.db, ctx.user, input.id)),

  /** A new thread with a user, or with the seller of a prototype (the message links to it). */
  start: manageUsersProcedure.input(startThreadInput).mutation(({ ctx, input }) => messages.startThread(actionDeps(ctx), input)),

  /** Messages from the public contact form, newest first. */
  contacts: adminProcedure.input(contactListInput).query(({ ctx, input }) => messages.contacts(ctx.db, input.filter)),

  setContactHandled: manageUsersProcedure.input(contactHandledInput).mutation(({ ctx, input }) => messages.setContactHandled(actionDeps(ctx), input)),
});
