// Profile, Security: the user's own sessions and sign-in attempts, and two-factor sign-in (TOTP with
// recovery codes). Sessions leave the server only by their public handle, never by the token's hash.
import { TRPCError } from '@trpc/server';
import { currentPasswordInput, sessionHandleInput, totpCodeInput } from '~/shared/schemas/security.ts';
import { verifyPassword } from '../auth/password.ts';
import { invalidateUserSessions } from '../auth/session.ts';
import { clearTwoFactorAttempts, consumeTwoFactorAttempt, matchTotpStep, newTotpSecret, replaceRecoveryCodes, totpKeyUri } from '../auth/two-factor.ts';
import { describeUserAgent } from '../auth/user-agent.ts';
import { logActivity } from '../domain/activity-log.ts';
import type { Db } from '../db/index.ts';
import type { Limiter } from '../domain/rate-limit.ts';
import { consumeSignInAttempt, signInSucceeded } from '../domain/sign-in-limits.ts';
import { protectedProcedure, router } from '../trpc.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SIGN_IN_ATTEMPTS_SHOWN = 20;
const SIGN_IN_ACTIONS = ['auth.login', 'auth.login_failed'];
const SESSION_NOT_FOUND = 'Session not found';

export const securityRouter = router({
  /** Live sessions, the current one first, then by last use. */
  sessions: protectedProcedure.query(async ({ ctx }) => {
    const now = ctx.clock.now();
    const rows = await ctx.db.session.findMany({
      where: {
        userId: ctx.user.id,
        expiresAt: { gt: now },
        createdAt: { gt: new Date(now.getTime() - ctx.config.sessionMaxDays * DAY_MS) },
      },
      select: { id: true, publicId: true, createdAt: true, lastSeenAt: true, ipAddress: true, userAgent: true },
      orderBy: [{ lastSeenAt: 'desc' }, { createdAt: 'desc' }],
    });
    const sessions = rows.map((row) => ({
      handle: row.publicId,
      current: row.id === ctx.session.id,
      ...describeUserAgent(row.userAgent),
      ipAddress: row.ipAddress,
      signedInAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
    }));
    return sessions.sort((a, b) => Number(b.current) - Number(a.current));
  }),

  /** Ends one of the user's other sessions; another user's handle matches nothing. */
  endSession: protectedProcedure.input(sessionHandleInput).mutation(async ({ ctx, input }) => {
    const { count } = await ctx.db.session.deleteMany({
      where: { publicId: input.handle, userId: ctx.user.id, id: { not: ctx.session.id } },
    });
    if (count === 0) throw new TRPCError({ code: 'NOT_FOUND', message: SESSION_NOT_FOUND });
    await logActivity(ctx.db, ctx.meta, { userId: ctx.user.id, action: 'auth.session_ended', targetType: 'user', targetId: ctx.user.id });
    return { success: true as const };
  }),

  endOtherSessions: protectedProcedure.mutation(async ({ ctx }) => {
    await invalidateUserSessions(ctx.db, ctx.user.id, ctx.session.id);
    await logActivity(ctx.db, ctx.meta, { userId: ctx.user.id, action: 'auth.other_sessions_ended', targetType: 'user', targetId: ctx.user.id });
    return { success: true as const };
  }),

  /** The last sign-in attempts on this account, from the audit trail. */
  signInAttempts: protectedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db.userActivityLog.findMany({
      where: { userId: ctx.user.id, action: { in: SIGN_IN_ACTIONS } },
      select: { id: true, action: true, details: true, ipAddress: true, userAgent: true, createdAt: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: SIGN_IN_ATTEMPTS_SHOWN,
    });
    return rows.map((row) => {
      const details = (row.details ?? {}) as { reason?: string };
      return {
        id: row.id,
        success: row.action === 'auth.login',
        failure: row.action === 'auth.login' ? null : details.reason === 'two_factor_code' ? ('code' as const) : ('password' as const),
        ...describeUserAgent(row.userAgent),
        ipAddress: row.ipAddress,
        at: row.createdAt,
      };
    });
  }),

  twoFactorStatus: protectedProcedure.query(async ({ ctx }) => {
    const [user, recoveryCodesLeft] = await Promise.all([
      ctx.db.user.findUniqueOrThrow({ where: { id: ctx.user.id }, select: { twoFactorEnabledAt: true } }),
      ctx.db.recoveryCode.count({ where: { userId: ctx.user.id, usedAt: null } }),
    ]);
    return { enabled: !!user.twoFactorEnabledAt, enabledAt: user.twoFactorEnabledAt, recoveryCodesLeft };
  }),

  /** Step 1 of enrolment: a new secret, kept pending until a code from the app confirms it. */
  startTwoFactorSetup: protectedProcedure.input(currentPasswordInput).mutation(async ({ ctx, input }) => {
    // The password first: a stolen session alone must not be able to tie the account to another device.
    await assertPassword(ctx, input.password);
    const secret = newTotpSecret();
    const { count } = await ctx.db.user.updateMany({
      where: { id: ctx.user.id, twoFactorEnabledAt: null },
      data: { totpPendingSecret: secret },
    });
    if (count === 0) throw new TRPCError({ code: 'CONFLICT', message: 'Two-factor authentication is already on' });
    return { secret, uri: totpKeyUri(ctx.user.email, secret) };
  }),

  /** Step 2: a valid code turns two-factor sign-in on and returns ten recovery codes, shown this once. */
  confirmTwoFactorSetup: protectedProcedure.input(totpCodeInput).mutation(async ({ ctx, input }) => {
    await consumeTwoFactorAttempt(ctx, ctx.user.id);
    const user = await ctx.db.user.findUniqueOrThrow({
      where: { id: ctx.user.id },
      select: { totpPendingSecret: true, twoFactorEnabledAt: true },
    });
    if (user.twoFactorEnabledAt) throw new TRPCError({ code: 'CONFLICT', message: 'Two-factor authentication is already on' });
    if (!user.totpPendingSecret) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Start the set-up again' });
    const pending = user.totpPendingSecret;
    const step = await matchTotpStep(pending, input.code, ctx.clock.now(), null);
    if (step === null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'That code is not valid. Check the time on your device and try again.' });
    const recoveryCodes = await ctx.db.$transaction(async (tx) => {
      // Only the secret that was shown (a second set-up in another tab replaces it) is turned on.
      const { count } = await tx.user.updateMany({
        where: { id: ctx.user.id, totpPendingSecret: pending, twoFactorEnabledAt: null },
        data: { totpSecret: pending, totpPendingSecret: null, twoFactorEnabledAt: ctx.clock.now(), totpLastUsedStep: step },
      });
      if (count === 0) throw new TRPCError({ code: 'CONFLICT', message: 'Start the set-up again' });
      await logActivity(tx, ctx.meta, { userId: ctx.user.id, action: 'auth.two_factor_enabled', targetType: 'user', targetId: ctx.user.id });
      return replaceRecoveryCodes(tx, ctx.user.id);
    });
    await clearTwoFactorAttempts(ctx, ctx.user.id);
    return { recoveryCodes };
  }),

  /** New recovery codes (the old ones stop working); needs the password. */
  regenerateRecoveryCodes: protectedProcedure.input(currentPasswordInput).mutation(async ({ ctx, input }) => {
    await assertPassword(ctx, input.password);
    const recoveryCodes = await ctx.db.$transaction(async (tx) => {
      const enabled = await tx.user.count({ where: { id: ctx.user.id, twoFactorEnabledAt: { not: null } } });
      if (!enabled) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Two-factor authentication is off' });
      await logActivity(tx, ctx.meta, { userId: ctx.user.id, action: 'auth.recovery_codes_replaced', targetType: 'user', targetId: ctx.user.id });
      return replaceRecoveryCodes(tx, ctx.user.id);
    });
    return { recoveryCodes };
  }),

  disableTwoFactor: protectedProcedure.input(currentPasswordInput).mutation(async ({ ctx, input }) => {
    await assertPassword(ctx, input.password);
    await ctx.db.$transaction(async (tx) => {
      await tx.user.update({
        where: { id: ctx.user.id },
        data: { totpSecret: null, totpPendingSecret: null, twoFactorEnabledAt: null, totpLastUsedStep: null },
      });
      await tx.recoveryCode.deleteMany({ where: { userId: ctx.user.id } });
      await tx.twoFactorChallenge.deleteMany({ where: { userId: ctx.user.id } });
      await logActivity(tx, ctx.meta, { userId: ctx.user.id, action: 'auth.two_factor_disabled', targetType: 'user', targetId: ctx.user.id });
    });
    return { success: true as const };
  }),
});

/** The password, throttled like every password check (counted before Argon2 runs). */
async function assertPassword(ctx: { db: Db; limiter: Limiter; meta: { ip: string | null }; user: { id: string; email: string } }, password: string) {
  await consumeSignInAttempt(ctx, ctx.user.email, 'Too many wrong passwords.');
  const { password: hash } = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.user.id }, select: { password: true } });
  if (!(await verifyPassword(hash, password))) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
  await signInSucceeded(ctx, ctx.user.email);
}
