// Profile, Security: the user's own sessions and sign-in attempts, and two-factor sign-in. Thin:
// validate, call domain/account-security.ts.
import { currentPasswordInput, passwordAndCodeInput, sessionHandleInput, totpCodeInput } from '~/shared/schemas/security.ts';
import type { Context } from '../context.ts';
import * as account from '../domain/account-security.ts';
import { protectedProcedure, router } from '../trpc.ts';

type SignedIn = Context & { user: NonNullable<Context['user']>; session: NonNullable<Context['session']> };

const deps = (ctx: SignedIn): account.AccountDeps => ({
  db: ctx.db,
  meta: ctx.meta,
  limiter: ctx.limiter,
  user: ctx.user,
  sessionId: ctx.session.id,
  cookie: ctx.cookie,
  now: ctx.clock.now(),
});

export const securityRouter = router({
  /** Live sessions, the current one first, then by last use. */
  sessions: protectedProcedure.query(({ ctx }) => account.ownSessions(deps(ctx), ctx.config.sessionMaxDays)),

  /** Ends one of the user's other sessions; another user's handle matches nothing. */
  endSession: protectedProcedure.input(sessionHandleInput).mutation(({ ctx, input }) => account.endSession(deps(ctx), input.handle)),

  endOtherSessions: protectedProcedure.mutation(({ ctx }) => account.endOtherSessions(deps(ctx))),

  /** The last sign-in attempts on this account, from the audit trail. */
  signInAttempts: protectedProcedure.query(({ ctx }) => account.signInAttempts(ctx.db, ctx.user.id)),

  twoFactorStatus: protectedProcedure.query(({ ctx }) => account.twoFactorStatus(ctx.db, ctx.user.id)),

  /** Step 1 of enrolment: a new secret, kept pending until a code from the app confirms it. */
  startTwoFactorSetup: protectedProcedure.input(currentPasswordInput).mutation(({ ctx, input }) => account.startTwoFactorSetup(deps(ctx), input.password)),

  /** Step 2: a valid code turns two-factor sign-in on (this session passed it; the others end) and returns ten recovery codes, shown this once. */
  confirmTwoFactorSetup: protectedProcedure.input(totpCodeInput).mutation(({ ctx, input }) => account.confirmTwoFactorSetup(deps(ctx), input.code)),

  /** New recovery codes (the old ones stop working); needs the password and a current code; the other sessions end. */
  regenerateRecoveryCodes: protectedProcedure.input(passwordAndCodeInput).mutation(({ ctx, input }) => account.regenerateRecoveryCodes(deps(ctx), input)),

  /** Needs the password and a current code; the other sessions end. */
  disableTwoFactor: protectedProcedure.input(passwordAndCodeInput).mutation(({ ctx, input }) => account.disableTwoFactor(deps(ctx), input)),
});
