// Register, sign in, sign out, current user and profile (spec sections 2, 4-8).
import { TRPCError } from '@trpc/server';
import { loginInput, profileInput, registerInput } from '~/shared/schemas/auth.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password.ts';
import { createSession, invalidateSession, invalidateUserSessions } from '../auth/session.ts';
import { type SessionUser, sessionUserSelect } from '../auth/session-user.ts';
import type { Context } from '../context.ts';
import { logActivity } from '../domain/activity-log.ts';
import { RATE_LIMITS, clearAttempts, recordAttempt, retryAfterMs } from '../domain/rate-limit.ts';
import { effectiveStatus } from '../domain/user-status.ts';
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';

/** The current user as every client reads it. */
export function toCurrentUser(user: SessionUser) {
  return { ...user, status: effectiveStatus(user) };
}
export type CurrentUser = ReturnType<typeof toCurrentUser>;

const INVALID_CREDENTIALS = 'Invalid email or password';

function throttleKeys(ctx: Context, email: string) {
  return [
    { key: `login:account:${email}`, rule: RATE_LIMITS.loginPerAccount },
    { key: `login:ip:${ctx.meta.ip ?? 'unknown'}`, rule: RATE_LIMITS.loginPerIp },
  ];
}

/** Refuses with 429 while the account or the address has used up its failed attempts. */
async function assertNotThrottled(ctx: Context, email: string) {
  for (const { key, rule } of throttleKeys(ctx, email)) {
    const waitMs = await retryAfterMs(ctx.db, key, rule);
    if (waitMs > 0) {
      const minutes = Math.ceil(waitMs / 60_000);
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      });
    }
  }
}

async function recordFailure(ctx: Context, email: string) {
  for (const { key, rule } of throttleKeys(ctx, email)) await recordAttempt(ctx.db, key, rule);
}

async function startSession(ctx: Context, userId: string) {
  const { token, session } = await createSession(ctx.db, userId, ctx.config.sessionDays);
  ctx.cookie.set(token, session.expiresAt);
}

export const authRouter = router({
  /** The signed-in user, or null for a guest (the REST adapter turns null into 401). */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? toCurrentUser(ctx.user) : null)),

  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
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
    return { user: toCurrentUser(user) };
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    await assertNotThrottled(ctx, input.email);
    const found = await ctx.db.user.findUnique({
      where: { email: input.email },
      select: { ...sessionUserSelect, password: true },
    });
    const valid = found ? await verifyPassword(found.password, input.password) : await verifyAgainstDummy(input.password);
    if (!found || !valid) {
      await recordFailure(ctx, input.email);
      await logActivity(ctx.db, ctx.meta, {
        userId: found?.id ?? null,
        action: 'auth.login_failed',
        details: { email: input.email },
      });
      throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
    }
    const { password: _hash, ...user } = found;
    if (user.status === 'banned') {
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: user.banReason ? `Your account has been banned: ${user.banReason}` : 'Your account has been banned.',
      });
    }
    await clearAttempts(ctx.db, `login:account:${input.email}`);
    await startSession(ctx, user.id);
    await logActivity(ctx.db, ctx.meta, { userId: user.id, action: 'auth.login', targetType: 'user', targetId: user.id });
    return { user: toCurrentUser(user) };
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
    const accountKey = throttleKeys(ctx, ctx.user.email);
    await assertNotThrottled(ctx, ctx.user.email);
    const current = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.user.id }, select: { password: true } });
    if (!(await verifyPassword(current.password, input.currentPassword))) {
      await recordFailure(ctx, ctx.user.email);
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
    }
    if (input.email !== ctx.user.email) {
      const taken = await ctx.db.user.findUnique({ where: { email: input.email }, select: { id: true } });
      if (taken) throw new TRPCError({ code: 'CONFLICT', message: 'An account with this email already exists' });
    }
    const user = await ctx.db.$transaction(async (tx) => {
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
      return updated;
    });
    await clearAttempts(ctx.db, accountKey[0]!.key);
    // A new password signs out every other device.
    if (input.newPassword) await invalidateUserSessions(ctx.db, ctx.user.id, ctx.session.id);
    return { user: toCurrentUser(user) };
  }),
});
