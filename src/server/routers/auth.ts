// Register, sign in, sign out, current user and profile (spec sections 2, 4-8).
import { TRPCError } from '@trpc/server';
import { loginInput, profileInput, registerInput } from '~/shared/schemas/auth.ts';
import { INVALID_TWO_FACTOR_CODE, TWO_FACTOR_EXPIRED, twoFactorCodeInput } from '~/shared/schemas/security.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password.ts';
import { createSession, invalidateSession, invalidateUserSessions, rotateSessionToken } from '../auth/session.ts';
import { sessionUserSelect } from '../auth/session-user.ts';
import {
  clearTwoFactorAttempts,
  consumeTwoFactorAttempt,
  createTwoFactorChallenge,
  findTwoFactorChallenge,
  spendTwoFactorChallenge,
  verifySecondFactor,
} from '../auth/two-factor.ts';
import type { Context } from '../context.ts';
import { logActivity } from '../domain/activity-log.ts';
import { runningSuspension, standingProofAtSignIn, suspendedMessage } from '../domain/moderation.ts';
import { addressOf } from '../domain/rate-limit.ts';
import { consumeSignInAttempt, signInSucceeded } from '../domain/sign-in-limits.ts';
import { toCurrentUser } from '../domain/views/user-view.ts';
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';

const INVALID_CREDENTIALS = 'Invalid email or password';

async function startSession(ctx: Context, userId: string) {
  const lifetime = { days: ctx.config.sessionDays, maxDays: ctx.config.sessionMaxDays };
  const { token, session } = await createSession(ctx.db, userId, lifetime, ctx.meta);
  ctx.cookie.set(token, session.expiresAt);
}

/** The password was right for an account with two-factor sign-in: no session yet, a challenge for the code. */
async function startTwoFactorSignIn(ctx: Context, userId: string) {
  const { token, expiresAt } = await createTwoFactorChallenge(ctx.db, userId, ctx.clock.now());
  ctx.cookie.setTwoFactorChallenge(token, expiresAt);
  return { twoFactorRequired: true as const };
}

/**
 * The right password of a suspended or banned account opens no session, only the standing cookie: a
 * proof that shows the measure and lets them appeal (ADR 0030). A wrong password never gets here.
 */
async function giveStandingProof(ctx: Context, userId: string) {
  const proof = await standingProofAtSignIn(ctx.db, userId, ctx.clock.now());
  if (proof) ctx.cookie.setStanding(proof.token, proof.expiresAt);
}

/** A running suspension refuses sign-in with its reason and end date (ADR 0016). */
async function refuseSuspended(ctx: Context, user: { id: string; suspendedUntil: Date | null }) {
  const now = ctx.clock.now();
  if (!user.suspendedUntil || user.suspendedUntil.getTime() <= now.getTime()) return;
  await giveStandingProof(ctx, user.id);
  const suspension = await runningSuspension(ctx.db, user.id, now);
  throw new TRPCError({ code: 'FORBIDDEN', message: suspendedMessage(suspension ?? { reason: null, endDate: user.suspendedUntil }) });
}

export const authRouter = router({
  /** The signed-in user, or null for a guest (the REST adapter turns null into 401). */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? toCurrentUser(ctx.user, ctx.config) : null)),

  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    await ctx.limiter.consume('register', addressOf(ctx.meta));
    const existing = await ctx.db.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (existing) throw new TRPCError({ code: 'CONFLICT', message: 'An account with this email already exists' });
    const user = await ctx.db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          email: input.email,
          password: await hashPassword(input.password),
          firstName: input.firstName,
          lastName: input.lastName,
          businessName: input.businessName,
          phoneNumber: input.phoneNumber,
        },
        select: sessionUserSelect,
      });
      await logActivity(tx, ctx.meta, { userId: created.id, action: 'auth.register', targetType: 'user', targetId: created.id });
      return created;
    });
    await startSession(ctx, user.id);
    return { user: toCurrentUser(user, ctx.config) };
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    await consumeSignInAttempt(ctx, input.email);
    const found = await ctx.db.user.findUnique({
      where: { email: input.email },
      select: { ...sessionUserSelect, password: true },
    });
    const valid = found ? await verifyPassword(found.password, input.password) : await verifyAgainstDummy(input.password);
    if (!found || !valid) {
      await logActivity(ctx.db, ctx.meta, {
        userId: found?.id ?? null,
        action: 'auth.login_failed',
        details: { email: input.email },
      });
      throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
    }
    const { password: _hash, ...user } = found;
    if (user.status === 'banned') {
      await giveStandingProof(ctx, user.id);
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: user.banReason ? `Your account has been banned: ${user.banReason}` : 'Your account has been banned.',
      });
    }
    await refuseSuspended(ctx, user);
    await signInSucceeded(ctx, input.email);
    if (user.twoFactorEnabledAt) return startTwoFactorSignIn(ctx, user.id);
    await startSession(ctx, user.id);
    await logActivity(ctx.db, ctx.meta, { userId: user.id, action: 'auth.login', targetType: 'user', targetId: user.id });
    return { user: toCurrentUser(user, ctx.config) };
  }),

  /** The second step of a two-factor sign-in: a code from the authenticator app, or a recovery code. */
  verifyTwoFactor: publicProcedure.input(twoFactorCodeInput).mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const challenge = await findTwoFactorChallenge(ctx.db, ctx.twoFactorChallenge, now);
    if (!challenge) {
      ctx.cookie.clearTwoFactorChallenge();
      throw new TRPCError({ code: 'UNAUTHORIZED', message: TWO_FACTOR_EXPIRED });
    }
    await consumeTwoFactorAttempt(ctx, challenge.userId);
    const method = await verifySecondFactor(ctx.db, challenge.userId, input.code, now);
    if (!method) {
      await logActivity(ctx.db, ctx.meta, { userId: challenge.userId, action: 'auth.login_failed', details: { reason: 'two_factor_code' } });
      throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_TWO_FACTOR_CODE });
    }
    ctx.cookie.clearTwoFactorChallenge();
    if (!(await spendTwoFactorChallenge(ctx.db, challenge.id, now))) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: TWO_FACTOR_EXPIRED });
    }
    const user = await ctx.db.user.findUniqueOrThrow({ where: { id: challenge.userId }, select: sessionUserSelect });
    if (user.status === 'banned') throw new TRPCError({ code: 'FORBIDDEN', message: 'Your account has been banned.' });
    await refuseSuspended(ctx, user);
    await clearTwoFactorAttempts(ctx, user.id);
    await startSession(ctx, user.id);
    await logActivity(ctx.db, ctx.meta, { userId: user.id, action: 'auth.login', targetType: 'user', targetId: user.id, details: { twoFactor: method } });
    return { user: toCurrentUser(user, ctx.config) };
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) {
      await invalidateSession(ctx.db, ctx.session.id);
      await logActivity(ctx.db, ctx.meta, { userId: ctx.user?.id ?? null, action: 'auth.logout' });
    }
    ctx.cookie.clear();
    return { success: true as const };
  }),

  updateProfile: protectedProcedure.input(profileInput).mutation(async ({ ctx, input }) => {
    await consumeSignInAttempt(ctx, ctx.user.email, 'Too many wrong current passwords.');
    const current = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.user.id }, select: { password: true } });
    if (!(await verifyPassword(current.password, input.currentPassword))) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
    }
    await signInSucceeded(ctx, ctx.user.email);
    if (input.email !== ctx.user.email) {
      const taken = await ctx.db.user.findUnique({ where: { email: input.email }, select: { id: true } });
      if (taken) throw new TRPCError({ code: 'CONFLICT', message: 'An account with this email already exists' });
    }
    const { user, rotated } = await ctx.db.$transaction(async (tx) => {
      const updated = await tx.user.update({
        where: { id: ctx.user.id },
        data: {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          businessName: input.businessName,
          phoneNumber: input.phoneNumber,
          ...(input.newPassword ? { password: await hashPassword(input.newPassword) } : {}),
        },
        select: sessionUserSelect,
      });
      await logActivity(tx, ctx.meta, {
        userId: ctx.user.id,
        action: 'user.profile_updated',
        targetType: 'user',
        targetId: ctx.user.id,
        details: { emailChanged: input.email !== ctx.user.email, passwordChanged: !!input.newPassword },
      });
      if (!input.newPassword) return { user: updated, rotated: null };
      // A new password voids every reset link, half-done two-factor sign-in and other device; this
      // session carries on under a new token, so a copy of the old cookie is worthless.
      await tx.passwordResetToken.deleteMany({ where: { userId: ctx.user.id } });
      await tx.twoFactorChallenge.deleteMany({ where: { userId: ctx.user.id } });
      await invalidateUserSessions(tx, ctx.user.id, ctx.session.id);
      return { user: updated, rotated: await rotateSessionToken(tx, ctx.session.id) };
    });
    if (rotated) ctx.cookie.set(rotated.token, rotated.session.expiresAt);
    return { user: toCurrentUser(user, ctx.config) };
  }),
});
