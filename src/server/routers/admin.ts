// The admin panel's API (spec sections 2, 4-8): review workflow, user management, messages,
// counters, lists and the audit trail. Reads are adminProcedures, changes need their capability (ADR 0019); every change writes
// its audit row in the same transaction.
import { TRPCError } from '@trpc/server';
import {
  CSV_EXPORT_LIMIT,
  activityFilters,
  activityListInput,
  adminMessageInput,
  assignInput,
  deleteUserInput,
  finalApproveInput,
  finalRejectInput,
  moveStageInput,
  priorityInput,
  prototypeFilters,
  prototypeIdInput,
  prototypeListInput,
  quoteInput,
  rejectInput,
  resetPasswordInput,
  reviseQuoteInput,
  reviewerCommentsInput,
  userListInput,
  userStatusInput,
  verifyInput,
} from '~/shared/schemas/admin.ts';
import { hashPassword } from '../auth/password.ts';
import { invalidateUserSessions } from '../auth/session.ts';
import { publishConversationChange } from '../live/publish.ts';
import type { Context } from '../context.ts';
import type { Db } from '../db/index.ts';
import { logActivity } from '../domain/activity-log.ts';
import { recordStatusMeasure, sendBanNotice } from '../domain/moderation.ts';
import { activityActions, activityCsv, listActivity } from '../domain/views/activity-view.ts';
import { adminCounters } from '../domain/views/admin-counters.ts';
import { adminPrototypeSelect, listPrototypes, prototypesCsv, toAdminPrototypeView } from '../domain/views/prototype-view.ts';
import { adminUserSelect, listUsers, toAdminUserView } from '../domain/views/user-view.ts';
import { notify } from '../domain/notifications.ts';
import { recordTimelineEvent } from '../domain/prototype-timeline.ts';
import * as transitions from '../domain/prototype-transitions.ts';
import { moveStage } from '../domain/prototype-stages.ts';
import { adminQuoteVersions } from '../domain/views/quote-version-view.ts';
import type { DocumentStore } from '../storage/document-store.ts';
import { adminProcedure, capabilityProcedure, router } from '../trpc.ts';

type AdminContext = Context & { user: NonNullable<Context['user']> };

/** After a commit: a file that cannot be removed is logged for cleanup, never an error for the admin. */
export async function removeStoredFiles(store: DocumentStore, keys: string[]) {
  for (const key of keys) {
    try {
      await store.delete(key);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', msg: 'document file not removed', key, error: String(error) }));
    }
  }
}

function request(ctx: AdminContext, prototypeId: number): transitions.TransitionRequest {
  return { db: ctx.db, meta: ctx.meta, mailer: ctx.mailer, actorId: ctx.user.id, prototypeId, now: ctx.clock.now() };
}

/**
 * A change to a non-admin user: the update only matches role = user, so an administrator can never
 * be restricted, banned, re-passworded or deleted, whatever the client sends. 404 / 403 otherwise.
 */
async function assertManageableUser(db: Pick<Db, 'user'>, id: string, what: string) {
  const user = await db.user.findUnique({ where: { id }, select: { role: true } });
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
  if (user.role === 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: `Administrators cannot be ${what}` });
}

/** A prototype field change that is not a status transition: one update, its timeline and audit rows. */
async function updatePrototypeField(
  ctx: AdminContext,
  id: number,
  data: { priority?: 'low' | 'medium' | 'high'; assignedTo?: string | null; reviewerComments?: string | null },
  action: 'priority_changed' | 'assigned' | 'comments_updated',
) {
  return ctx.db.$transaction(async (tx) => {
    const { count } = await tx.prototype.updateMany({ where: { id }, data });
    if (count === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'Prototype not found' });
    await recordTimelineEvent(tx, { prototypeId: id, event: action, performedBy: ctx.user.id, metadata: data });
    await logActivity(tx, ctx.meta, {
      userId: ctx.user.id,
      action: `admin.prototype.${action}`,
      targetType: 'prototype',
      targetId: id,
      details: data,
    });
    return toAdminPrototypeView(await tx.prototype.findUniqueOrThrow({ where: { id }, select: adminPrototypeSelect }));
  });
}

// The capability each change needs (ADR 0019).
const reviewProcedure = capabilityProcedure('prototypes.review');
const quoteProcedure = capabilityProcedure('prototypes.quote');
const manageUsersProcedure = capabilityProcedure('users.manage');

export const adminRouter = router({
  counters: adminProcedure.query(({ ctx }) => adminCounters(ctx.db, ctx.clock.now())),

  // --- Prototypes ------------------------------------------------------------------------------
  prototypes: adminProcedure.input(prototypeListInput).query(({ ctx, input }) => listPrototypes(ctx.db, input, { userId: ctx.user.id, now: ctx.clock.now() })),

  startReview: reviewProcedure.input(prototypeIdInput).mutation(({ ctx, input }) => transitions.startReview(request(ctx, input.id))),
  approve: reviewProcedure.input(prototypeIdInput).mutation(({ ctx, input }) => transitions.approve(request(ctx, input.id))),
  reject: reviewProcedure.input(rejectInput).mutation(({ ctx, input }) => transitions.reject(request(ctx, input.id), input.reason)),
  quote: quoteProcedure.input(quoteInput).mutation(({ ctx, input }) => transitions.provideQuote(request(ctx, input.id), input.atomixQuote, input.quoteNotes)),
  acceptQuote: quoteProcedure
    .input(finalApproveInput)
    .mutation(({ ctx, input }) => transitions.acceptQuote(request(ctx, input.id), ctx.config.platformFeePercent)),
  rejectQuote: quoteProcedure.input(finalRejectInput).mutation(({ ctx, input }) => transitions.rejectQuote(request(ctx, input.id))),
  // The lifecycle after review (issue 14): stage moves, revised quotes, development and deployment.
  moveStage: reviewProcedure.input(moveStageInput).mutation(({ ctx, input }) => moveStage(request(ctx, input.id), input.stage)),
  reviseQuote: quoteProcedure
    .input(reviseQuoteInput)
    .mutation(({ ctx, input }) => transitions.reviseQuote(request(ctx, input.id), input.atomixQuote, input.quoteNotes)),
  startDevelopment: reviewProcedure.input(prototypeIdInput).mutation(({ ctx, input }) => transitions.startDevelopment(request(ctx, input.id))),
  markDeployed: reviewProcedure.input(prototypeIdInput).mutation(({ ctx, input }) => transitions.markDeployed(request(ctx, input.id))),
  /** Every quote given for a prototype, newest first, with who gave it (the Revise Quote dialog). */
  quoteVersions: adminProcedure.input(prototypeIdInput).query(({ ctx, input }) => adminQuoteVersions(ctx.db, input.id)),

  setPriority: reviewProcedure
    .input(priorityInput)
    .mutation(({ ctx, input }) => updatePrototypeField(ctx, input.id, { priority: input.priority }, 'priority_changed')),
  assign: reviewProcedure.input(assignInput).mutation(async ({ ctx, input }) => {
    if (input.assignedTo) {
      const assignee = await ctx.db.user.findUnique({ where: { id: input.assignedTo }, select: { role: true } });
      if (!assignee) throw new TRPCError({ code: 'NOT_FOUND', message: 'Assignee not found' });
      if (assignee.role !== 'admin') throw new TRPCError({ code: 'BAD_REQUEST', message: 'Prototypes can only be assigned to administrators' });
    }
    return updatePrototypeField(ctx, input.id, { assignedTo: input.assignedTo }, 'assigned');
  }),
  setReviewerComments: reviewProcedure
    .input(reviewerCommentsInput)
    .mutation(({ ctx, input }) => updatePrototypeField(ctx, input.id, { reviewerComments: input.reviewerComments }, 'comments_updated')),

  /** Administrators a prototype can be assigned to. */
  admins: adminProcedure.query(({ ctx }) =>
    ctx.db.user.findMany({
      where: { role: 'admin' },
      select: { id: true, email: true, firstName: true, lastName: true },
      orderBy: { email: 'asc' },
      take: 200,
    }),
  ),

  exportPrototypesCsv: adminProcedure.input(prototypeFilters).query(async ({ ctx, input }) => {
    const csv = await prototypesCsv(ctx.db, input, CSV_EXPORT_LIMIT, { userId: ctx.user.id, now: ctx.clock.now() });
    await logActivity(ctx.db, ctx.meta, { userId: ctx.user.id, action: 'admin.export.prototypes', details: { ...input } });
    return csv;
  }),

  // --- Users -----------------------------------------------------------------------------------
  users: adminProcedure.input(userListInput).query(({ ctx, input }) => listUsers(ctx.db, input, ctx.clock.now())),

  updateUserStatus: manageUsersProcedure.input(userStatusInput).mutation(async ({ ctx, input }) => {
    const data = {
      status: input.status,
      banReason: input.status === 'banned' ? input.banReason : null,
      restrictedUntil: input.status === 'restricted' ? input.restrictedUntil : null,
      // Lifting a restriction or ban clears its note, unless the admin writes a new one.
      ...(input.adminNotes !== undefined ? { adminNotes: input.adminNotes } : input.status === 'active' ? { adminNotes: null } : {}),
    };
    const user = await ctx.db.$transaction(async (tx) => {
      const { count } = await tx.user.updateMany({ where: { id: input.id, role: 'user' }, data });
      if (count === 0) await assertManageableUser(tx, input.id, 'restricted or banned');
      await logActivity(tx, ctx.meta, {
        userId: ctx.user.id,
        action: `admin.user.${input.status === 'active' ? 'activate' : input.status === 'banned' ? 'ban' : 'restrict'}`,
        targetType: 'user',
        targetId: input.id,
        details: { ...data, restrictedUntil: data.restrictedUntil?.toISOString() ?? null },
      });
      // The measure history (ADR 0016): the previous restriction or ban ends, a new one starts; a ban's notice carries the appeal link.
      const now = ctx.clock.now();
      const measure = await recordStatusMeasure(tx, {
        userId: input.id,
        adminId: ctx.user.id,
        status: input.status,
        reason: data.banReason ?? input.adminNotes ?? null,
        until: data.restrictedUntil,
        now,
      });
      if (measure?.kind === 'ban') await sendBanNotice(tx, ctx.mailer, measure, input.id, data.banReason);
      return tx.user.findUniqueOrThrow({ where: { id: input.id }, select: adminUserSelect });
    });
    // A ban ends every session at once (a restriction does not).
    if (input.status === 'banned') await invalidateUserSessions(ctx.db, input.id);
    return toAdminUserView(user, ctx.clock.now());
  }),

  verifyUser: manageUsersProcedure.input(verifyInput).mutation(async ({ ctx, input }) => {
    return ctx.db.$transaction(async (tx) => {
      const { count } = await tx.user.updateMany({ where: { id: input.id }, data: { isVerified: input.isVerified } });
      if (count === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
      await logActivity(tx, ctx.meta, {
        userId: ctx.user.id,
        action: input.isVerified ? 'admin.user.verify' : 'admin.user.unverify',
        targetType: 'user',
        targetId: input.id,
      });
      return toAdminUserView(await tx.user.findUniqueOrThrow({ where: { id: input.id }, select: adminUserSelect }), ctx.clock.now());
    });
  }),

  resetPassword: manageUsersProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    await assertManageableUser(ctx.db, input.id, 'given a new password here');
    const password = await hashPassword(input.newPassword);
    await ctx.db.$transaction(async (tx) => {
      const { count } = await tx.user.updateMany({ where: { id: input.id, role: 'user' }, data: { password } });
      if (count === 0) await assertManageableUser(tx, input.id, 'given a new password here');
      await logActivity(tx, ctx.meta, { userId: ctx.user.id, action: 'admin.user.password_reset', targetType: 'user', targetId: input.id });
      // The old password's reset links, half-done two-factor sign-ins and sessions end with it.
      await tx.passwordResetToken.deleteMany({ where: { userId: input.id } });
      await tx.twoFactorChallenge.deleteMany({ where: { userId: input.id } });
      await invalidateUserSessions(tx, input.id);
    });
    return { success: true as const };
  }),

  /**
   * Removes the user with their prototypes, documents, bids, messages and transactions (the rows
   * cascade in one transaction; in PostgreSQL the documents' bytes go with them); files on disk go
   * after the commit, and a file that cannot be removed is logged, never blocking.
   */
  deleteUser: manageUsersProcedure.input(deleteUserInput).mutation(async ({ ctx, input }) => {
    const storageKeys = await ctx.db.$transaction(async (tx) => {
      await assertManageableUser(tx, input.id, 'deleted');
      const documents = await tx.prototypeDocument.findMany({
        where: { prototype: { sellerId: input.id } },
        select: { storageKey: true },
      });
      const removed = await tx.user.deleteMany({ where: { id: input.id, role: 'user' } });
      if (removed.count === 0) await assertManageableUser(tx, input.id, 'deleted');
      await logActivity(tx, ctx.meta, {
        userId: ctx.user.id,
        action: 'admin.user.delete',
        targetType: 'user',
        targetId: input.id,
        details: { documents: documents.length },
      });
      return documents.map((d) => d.storageKey);
    });
    await removeStoredFiles(ctx.documentStore, storageKeys);
    return { success: true as const };
  }),

  /** POST /api/admin/messages: a new admin_to_user message (no parent) and the user's notification. */
  sendMessage: manageUsersProcedure.input(adminMessageInput).mutation(async ({ ctx, input }) => {
    return ctx.db.$transaction(async (tx) => {
      const recipient = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true } });
      if (!recipient) throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
      const message = await tx.adminMessage.create({
        data: {
          adminId: ctx.user.id,
          userId: input.userId,
          subject: input.subject,
          message: input.content,
          messageType: 'admin_to_user',
          parentMessageId: null,
        },
        select: { id: true, subject: true, message: true, isRead: true, createdAt: true, messageType: true, parentMessageId: true },
      });
      await notify(tx, ctx.mailer, {
        userId: input.userId,
        type: 'admin_message',
        title: 'New message from the admin team',
        message: input.subject,
        actionUrl: '/messages',
      });
      await publishConversationChange(tx, input.userId);
      await logActivity(tx, ctx.meta, {
        userId: ctx.user.id,
        action: 'admin.message.send',
        targetType: 'user',
        targetId: input.userId,
        details: { messageId: message.id, subject: input.subject },
      });
      return message;
    });
  }),

  // --- Audit trail -----------------------------------------------------------------------------
  activity: adminProcedure.input(activityListInput).query(({ ctx, input }) => listActivity(ctx.db, input)),
  activityActions: adminProcedure.query(({ ctx }) => activityActions(ctx.db)),
  exportActivityCsv: adminProcedure.input(activityFilters).query(async ({ ctx, input }) => {
    const csv = await activityCsv(ctx.db, input, CSV_EXPORT_LIMIT);
    await logActivity(ctx.db, ctx.meta, { userId: ctx.user.id, action: 'admin.export.activity', details: { ...input } });
    return csv;
  }),
});
