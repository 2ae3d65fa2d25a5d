// The admin panel's API (spec sections 2, 4-8): review workflow, user management, messages,
// counters, lists and the audit trail. Reads are adminProcedures, changes need their capability (ADR
// 0019). Thin: validate, call the domain (prototype-transitions, prototype-fields, user-management,
// messages, admin-exports), which writes every change's audit row in the same transaction.
import {
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
import type { Context } from '../context.ts';
import { exportActivity, exportPrototypes } from '../domain/admin-exports.ts';
import { assertMayActOnUser } from '../domain/manageable-users.ts';
import { messageUser } from '../domain/messages.ts';
import { assignPrototype, setPriority, setReviewerComments } from '../domain/prototype-fields.ts';
import { moveStage } from '../domain/prototype-stages.ts';
import * as transitions from '../domain/prototype-transitions.ts';
import {
  NEW_PASSWORD_ACTION,
  assignableAdmins,
  changeUserStatus,
  deleteUser,
  reviewerFilterChoices,
  setUserPassword,
  setUserVerified,
} from '../domain/user-management.ts';
import { activityActions, listActivity } from '../domain/views/activity-view.ts';
import { adminCounters } from '../domain/views/admin-counters.ts';
import { gatePrototype, gatePrototypes } from '../domain/views/confidential-view.ts';
import { listPrototypes } from '../domain/views/prototype-view.ts';
import { adminQuoteVersions } from '../domain/views/quote-version-view.ts';
import { listUsers } from '../domain/views/user-view.ts';
import { adminProcedure, capabilityProcedure, router } from '../trpc.ts';
import { gateScope } from './gate-scope.ts';

type AdminContext = Context & { user: NonNullable<Context['user']> };

function request(ctx: AdminContext, prototypeId: number): transitions.TransitionRequest {
  return { db: ctx.db, meta: ctx.meta, mailer: ctx.mailer, actorId: ctx.user.id, prototypeId, now: ctx.clock.now() };
}

/** The admin's view of a prototype after a change, through the confidential-content gate (ADR 0045). */
async function gated<T extends Parameters<typeof gatePrototype>[1]>(ctx: AdminContext, change: Promise<T>) {
  return gatePrototype(gateScope(ctx), await change);
}

const deps = (ctx: AdminContext) => ({ db: ctx.db, meta: ctx.meta, mailer: ctx.mailer, actorId: ctx.user.id, now: ctx.clock.now() });

// The capability each change needs (ADR 0019).
const reviewProcedure = capabilityProcedure('prototypes.review');
const quoteProcedure = capabilityProcedure('prototypes.quote');
const manageUsersProcedure = capabilityProcedure('users.manage');

export const adminRouter = router({
  counters: adminProcedure.query(({ ctx }) => adminCounters(ctx.db, ctx.clock.now())),

  // --- Prototypes ------------------------------------------------------------------------------
  prototypes: adminProcedure.input(prototypeListInput).query(async ({ ctx, input }) => {
    const scope = gateScope(ctx);
    const page = await listPrototypes(ctx.db, input, { userId: ctx.user.id, now: scope.now }, scope.facts);
    return { ...page, items: await gatePrototypes(scope, page.items) };
  }),

  startReview: reviewProcedure.input(prototypeIdInput).mutation(({ ctx, input }) => gated(ctx, transitions.startReview(request(ctx, input.id)))),
  approve: reviewProcedure.input(prototypeIdInput).mutation(({ ctx, input }) => gated(ctx, transitions.approve(request(ctx, input.id)))),
  reject: reviewProcedure
    .input(rejectInput)
    .mutation(({ ctx, input }) => gated(ctx, transitions.reject(request(ctx, input.id), input.reason, input.reasonCategory ?? null))),
  quote: quoteProcedure
    .input(quoteInput)
    .mutation(({ ctx, input }) => gated(ctx, transitions.provideQuote(request(ctx, input.id), input.atomixQuote, input.quoteNotes))),
  acceptQuote: quoteProcedure
    .input(finalApproveInput)
    .mutation(({ ctx, input }) => gated(ctx, transitions.acceptQuote(request(ctx, input.id), ctx.config.platformFeePercent))),
  rejectQuote: quoteProcedure
    .input(finalRejectInput)
    .mutation(({ ctx, input }) => gated(ctx, transitions.rejectQuote(request(ctx, input.id), input.reasonCategory ?? null))),
  // The lifecycle after review (issue 14): stage moves, revised quotes, development and deployment.
  moveStage: reviewProcedure.input(moveStageInput).mutation(({ ctx, input }) => gated(ctx, moveStage(request(ctx, input.id), input.stage))),
  reviseQuote: quoteProcedure
    .input(reviseQuoteInput)
    .mutation(({ ctx, input }) => gated(ctx, transitions.reviseQuote(request(ctx, input.id), input.atomixQuote, input.quoteNotes))),
  startDevelopment: reviewProcedure.input(prototypeIdInput).mutation(({ ctx, input }) => gated(ctx, transitions.startDevelopment(request(ctx, input.id)))),
  markDeployed: reviewProcedure.input(prototypeIdInput).mutation(({ ctx, input }) => gated(ctx, transitions.markDeployed(request(ctx, input.id)))),
  /** Every quote given for a prototype, newest first, with who gave it (the Revise Quote dialog). */
  quoteVersions: adminProcedure.input(prototypeIdInput).query(({ ctx, input }) => adminQuoteVersions(ctx.db, input.id)),

  setPriority: reviewProcedure.input(priorityInput).mutation(({ ctx, input }) => gated(ctx, setPriority(deps(ctx), input.id, input.priority))),
  assign: reviewProcedure.input(assignInput).mutation(({ ctx, input }) => gated(ctx, assignPrototype(deps(ctx), input.id, input.assignedTo))),
  setReviewerComments: reviewProcedure
    .input(reviewerCommentsInput)
    .mutation(({ ctx, input }) => gated(ctx, setReviewerComments(deps(ctx), input.id, input.reviewerComments))),

  /** Administrators a prototype can be assigned to. */
  admins: adminProcedure.query(({ ctx }) => assignableAdmins(ctx.db)),
  /** The prototype list's reviewer filter: the team and former members still on a panel. */
  reviewerChoices: adminProcedure.query(({ ctx }) => reviewerFilterChoices(ctx.db)),

  /** A mutation, not a query: it writes an audit row, so it is a POST that a cross-site page cannot send (ADR 0040). */
  exportPrototypesCsv: adminProcedure.input(prototypeFilters).mutation(({ ctx, input }) => exportPrototypes(deps(ctx), input)),

  // --- Users -----------------------------------------------------------------------------------
  users: adminProcedure.input(userListInput).query(({ ctx, input }) => listUsers(ctx.db, input, ctx.clock.now())),

  updateUserStatus: manageUsersProcedure.input(userStatusInput).mutation(({ ctx, input }) => changeUserStatus(deps(ctx), input)),

  verifyUser: manageUsersProcedure.input(verifyInput).mutation(({ ctx, input }) => setUserVerified(deps(ctx), input)),

  resetPassword: manageUsersProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    // The rule first: Argon2 never runs for a target that would be refused.
    await assertMayActOnUser(ctx.db, input.id, NEW_PASSWORD_ACTION);
    return setUserPassword(deps(ctx), input.id, await hashPassword(input.newPassword));
  }),

  /** Removes the user and everything of theirs; their files go after the commit (a failure is logged). */
  deleteUser: manageUsersProcedure
    .input(deleteUserInput)
    .mutation(({ ctx, input }) => deleteUser({ ...deps(ctx), documentStore: ctx.documentStore, log: ctx.log }, input.id)),

  /** POST /api/admin/messages: a new admin_to_user message (no parent) and the user's notification. */
  sendMessage: manageUsersProcedure
    .input(adminMessageInput)
    .mutation(({ ctx, input }) => messageUser({ db: ctx.db, meta: ctx.meta, mailer: ctx.mailer, actor: ctx.user, now: ctx.clock.now() }, input)),

  // --- Audit trail -----------------------------------------------------------------------------
  activity: adminProcedure.input(activityListInput).query(({ ctx, input }) => listActivity(ctx.db, input, gateScope(ctx).facts)),
  activityActions: adminProcedure.query(({ ctx }) => activityActions(ctx.db)),
  /** Audited, so a mutation (POST) as the prototypes' export. */
  exportActivityCsv: adminProcedure.input(activityFilters).mutation(({ ctx, input }) => exportActivity(deps(ctx), input)),
});
