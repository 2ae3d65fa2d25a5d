// Warnings, suspensions, the moderation history and appeals (issue 15, ADR 0016). Thin: validate,
// call domain/moderation.ts and domain/moderation-appeals.ts. Admin procedures need 'users.manage'.
import {
  appealDecisionInput,
  appealInput,
  issueWarningInput,
  liftSuspensionInput,
  moderationUserInput,
  suspendInput,
  standingInput,
  tokenAppealInput,
  warningIdInput,
} from '~/shared/schemas/moderation.ts';
import type { Context } from '../context.ts';
import { addressOf } from '../domain/rate-limit.ts';
import { InvalidInputError } from '../domain/errors.ts';
import { APPEAL_LINK_INVALID } from '~/shared/schemas/moderation.ts';
import { adminUserProfile } from '../domain/user-management.ts';
import { acknowledgeWarning, issueWarning, liftSuspension, moderationHistory, myActiveWarnings, resolveWarning, suspendUser } from '../domain/moderation.ts';
import { accountStanding, decideAppeal, myMeasures, submitAppeal, submitAppealByToken } from '../domain/moderation-appeals.ts';
import { capabilityProcedure, protectedProcedure, publicProcedure, router } from '../trpc.ts';

const manage = capabilityProcedure('users.manage');
const deps = (ctx: Context, actorId: string) => ({ db: ctx.db, meta: ctx.meta, mailer: ctx.mailer, actorId, now: ctx.clock.now() });

export const moderationRouter = router({
  /** POST /api/admin/users/{id}/warnings */
  warn: manage.input(issueWarningInput).mutation(({ ctx, input }) => issueWarning(deps(ctx, ctx.user.id), input)),
  /** PATCH /api/admin/warnings/{id}/resolve */
  resolveWarning: manage.input(warningIdInput).mutation(({ ctx, input }) => resolveWarning(deps(ctx, ctx.user.id), input.id)),
  /** POST /api/admin/users/{id}/suspensions */
  suspend: manage.input(suspendInput).mutation(({ ctx, input }) => suspendUser(deps(ctx, ctx.user.id), input)),
  /** PATCH /api/admin/suspensions/{id}/lift */
  liftSuspension: manage.input(liftSuspensionInput).mutation(({ ctx, input }) => liftSuspension(deps(ctx, ctx.user.id), input.id, input.reason)),
  /** The admin user page's profile: one user as the users list shows them. */
  user: manage.input(moderationUserInput).query(({ ctx, input }) => adminUserProfile(ctx.db, input.id, ctx.clock.now())),
  /** GET /api/admin/users/{id}/moderation: warnings, restrictions, suspensions, bans and appeals, oldest first. */
  history: manage.input(moderationUserInput).query(({ ctx, input }) => moderationHistory(ctx.db, input.id, ctx.clock.now())),
  /** PATCH /api/admin/appeals/{ticketId} */
  decideAppeal: manage.input(appealDecisionInput).mutation(({ ctx, input }) => decideAppeal(deps(ctx, ctx.user.id), input)),

  /** GET /api/warnings: the caller's active, unexpired, unacknowledged warnings (the dashboard banner). */
  myWarnings: protectedProcedure.query(({ ctx }) => myActiveWarnings(ctx.db, ctx.user.id, ctx.clock.now())),
  /** PATCH /api/warnings/{id}/acknowledge */
  acknowledge: protectedProcedure.input(warningIdInput).mutation(({ ctx, input }) => acknowledgeWarning(deps(ctx, ctx.user.id), input.id)),
  /** GET /api/measures: the caller's recent measures and whether each can still be appealed. */
  myMeasures: protectedProcedure.query(({ ctx }) => myMeasures(ctx.db, ctx.user.id, ctx.clock.now())),
  /** POST /api/appeals */
  appeal: protectedProcedure.input(appealInput).mutation(({ ctx, input }) => submitAppeal(deps(ctx, ctx.user.id), input)),
  /**
   * POST /api/appeals/by-token: public, throttled per client address (its own limit, RATE_LIMIT_APPEAL_LINKS). The
   * e-mailed link's token, or else the standing cookie's proof (ADR 0035).
   */
  appealByToken: publicProcedure.input(tokenAppealInput).mutation(async ({ ctx, input }) => {
    await ctx.limiter.consume('appealLinks', addressOf(ctx.meta));
    const token = input.token ?? ctx.standingToken;
    if (!token) throw new InvalidInputError(APPEAL_LINK_INVALID);
    return submitAppealByToken({ db: ctx.db, meta: ctx.meta, mailer: ctx.mailer, now: ctx.clock.now() }, { token, message: input.message });
  }),
  /**
   * The measure page of a suspended or banned user (ADR 0035): what the e-mailed link's token or the
   * standing cookie proves, or null. A link is throttled per address (RATE_LIMIT_APPEAL_LINKS); the cookie came from a
   * throttled sign-in or an ended session.
   */
  standing: publicProcedure.input(standingInput).query(async ({ ctx, input }) => {
    if (input.token) await ctx.limiter.consume('appealLinks', addressOf(ctx.meta));
    const token = input.token ?? ctx.standingToken;
    return token ? accountStanding(ctx.db, token, ctx.clock.now()) : null;
  }),
});
