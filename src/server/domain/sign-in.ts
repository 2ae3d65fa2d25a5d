// Accounts and sign-in (spec sections 2, 4-8): register, sign in (with the second step when two-factor
// sign-in is on), sign out, and the profile. Passwords are checked under the sign-in limits (counted
// before Argon2 runs); a banned or suspended user gets no session. Sessions and the two-factor
// challenge reach the browser through `cookie` (context.ts), which knows about HTTP; this file does not.
import type { z } from 'zod';
import type { loginInput, profileInput, registerInput } from '~/shared/schemas/auth.ts';
import { INVALID_TWO_FACTOR_CODE, TWO_FACTOR_EXPIRED } from '~/shared/schemas/security.ts';
import type { SecondFactor } from '~/generated/prisma/client.ts';
import type { AppConfig, SessionCookie } from '../context.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password.ts';
import { type SessionInfo, createSession, invalidateSession, invalidateUserSessions, rotateSessionToken } from '../auth/session.ts';
import { type SessionUser, sessionUserSelect } from '../auth/session-user.ts';
import {
  clearTwoFactorAttempts,
  consumeTwoFactorAttempt,
  createTwoFactorChallenge,
  findTwoFactorChallenge,
  spendTwoFactorChallenge,
  verifySecondFactor,
} from '../auth/two-factor.ts';
import { assertOwnPassword } from './account-security.ts';
import { logActivity } from './activity-log.ts';
import { lockPanelsOf, withdrawConflictsAfterProfileChange } from './conflicts-of-interest.ts';
import { screenUser } from './denied-party-screening.ts';
import { ConflictError, ForbiddenError, UnauthorizedError } from './errors.ts';
import { runningSuspension, standingProofAtSignIn, suspendedMessage } from './moderation.ts';
import { type Limiter, addressOf } from './rate-limit.ts';
import { consumeSignInAttempt, signInSucceeded } from './sign-in-limits.ts';
import { toCurrentUser } from './views/user-view.ts';
import type { DomainDeps } from './deps.ts';
import { suspendedAt } from './user-status.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const EXPERTISE_ADMINS_ONLY = 'Only administrators choose review expertise';

export interface SignInDeps extends DomainDeps {
  limiter: Limiter;
  config: Pick<AppConfig, 'sessionDays' | 'sessionMaxDays' | 'adminRequireTwoFactor'>;
  cookie: SessionCookie;
  now: Date;
}

/** A new session, recording how it was authenticated (`secondFactor`: null for a password alone). */
async function startSession(deps: SignInDeps, userId: string, secondFactor: SecondFactor | null) {
  const lifetime = { days: deps.config.sessionDays, maxDays: deps.config.sessionMaxDays };
  const { token, session } = await createSession(deps.db, userId, lifetime, deps.meta, deps.now, secondFactor);
  deps.cookie.set(token, session.expiresAt);
  return session;
}

/** The password was right for an account with two-factor sign-in: no session yet, a challenge for the code. */
async function startTwoFactorSignIn(deps: SignInDeps, userId: string) {
  const { token, expiresAt } = await createTwoFactorChallenge(deps.db, userId, deps.now);
  deps.cookie.setTwoFactorChallenge(token, expiresAt);
  return { twoFactorRequired: true as const };
}

/**
 * The right password of a suspended or banned account opens no session, only the standing cookie: a
 * proof that shows the measure and lets them appeal (ADR 0035). A wrong password never gets here.
 */
async function giveStandingProof(deps: SignInDeps, userId: string) {
  const proof = await standingProofAtSignIn(deps.db, userId, deps.now);
  if (proof) deps.cookie.setStanding(proof.token, proof.expiresAt);
}

/** A running suspension refuses sign-in with its reason and end date (ADR 0016). */
async function refuseSuspended(deps: SignInDeps, user: { id: string; suspendedUntil: Date | null }) {
  if (!user.suspendedUntil || !suspendedAt(user, deps.now)) return;
  await giveStandingProof(deps, user.id);
  const suspension = await runningSuspension(deps.db, user.id, deps.now);
  throw new ForbiddenError(suspendedMessage(suspension ?? { reason: null, endDate: user.suspendedUntil }));
}

/** A new seller account, signed in at once. The registration limit counts per client address. */
export async function register(deps: SignInDeps, input: z.output<typeof registerInput>) {
  const { db, meta, limiter, config } = deps;
  await limiter.consume('register', addressOf(meta));
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw new ConflictError(EMAIL_TAKEN);
  const user = await db.$transaction(async (tx) => {
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
    await logActivity(tx, meta, { userId: created.id, action: 'auth.register', targetType: 'user', targetId: created.id });
    // Denied-party screening (ADR 0050): a possible match becomes a hit for review; registration goes on.
    await screenUser(tx, created.id, 'registration', deps.now);
    return created;
  });
  const session = await startSession(deps, user.id, null);
  return { user: toCurrentUser(user, session, config, deps.now) };
}

/** Email and password: a session, or the two-factor challenge when the account has it on. */
export async function logIn(deps: SignInDeps, input: z.output<typeof loginInput>) {
  const { db, meta, config } = deps;
  await consumeSignInAttempt(deps, input.email);
  const found = await db.user.findUnique({ where: { email: input.email }, select: { ...sessionUserSelect, password: true } });
  const valid = found ? await verifyPassword(found.password, input.password) : await verifyAgainstDummy(input.password);
  if (!found || !valid) {
    await logActivity(db, meta, { userId: found?.id ?? null, action: 'auth.login_failed', details: { email: input.email } });
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  const { password: _hash, ...user } = found;
  if (user.status === 'banned') {
    await giveStandingProof(deps, user.id);
    throw new ForbiddenError(user.banReason ? `Your account has been banned: ${user.banReason}` : 'Your account has been banned.');
  }
  await refuseSuspended(deps, user);
  await signInSucceeded(deps, input.email);
  if (user.twoFactorEnabledAt) return startTwoFactorSignIn(deps, user.id);
  const session = await startSession(deps, user.id, null);
  await logActivity(db, meta, { userId: user.id, action: 'auth.login', targetType: 'user', targetId: user.id });
  return { user: toCurrentUser(user, session, config, deps.now) };
}

/** The second step of a two-factor sign-in: a code from the authenticator app, or a recovery code. */
export async function verifyTwoFactor(deps: SignInDeps, challengeToken: string | null, code: string) {
  const { db, meta, cookie, config, now } = deps;
  const challenge = await findTwoFactorChallenge(db, challengeToken, now);
  if (!challenge) {
    cookie.clearTwoFactorChallenge();
    throw new UnauthorizedError(TWO_FACTOR_EXPIRED);
  }
  await consumeTwoFactorAttempt(deps, challenge.userId);
  const method = await verifySecondFactor(db, challenge.userId, code, now);
  if (!method) {
    await logActivity(db, meta, { userId: challenge.userId, action: 'auth.login_failed', details: { reason: 'two_factor_code' } });
    throw new UnauthorizedError(INVALID_TWO_FACTOR_CODE);
  }
  cookie.clearTwoFactorChallenge();
  if (!(await spendTwoFactorChallenge(db, challenge.id, now))) throw new UnauthorizedError(TWO_FACTOR_EXPIRED);
  const user = await db.user.findUniqueOrThrow({ where: { id: challenge.userId }, select: sessionUserSelect });
  if (user.status === 'banned') throw new ForbiddenError('Your account has been banned.');
  await refuseSuspended(deps, user);
  await clearTwoFactorAttempts(deps, user.id);
  const session = await startSession(deps, user.id, method);
  await logActivity(db, meta, { userId: user.id, action: 'auth.login', targetType: 'user', targetId: user.id, details: { twoFactor: method } });
  return { user: toCurrentUser(user, session, config, deps.now) };
}

/** Ends the current session, if any; the cookie is cleared either way. */
export async function logOut(deps: Pick<SignInDeps, 'db' | 'meta' | 'cookie'>, current: { sessionId: string; userId: string | null } | null) {
  if (current) {
    await invalidateSession(deps.db, current.sessionId);
    await logActivity(deps.db, deps.meta, { userId: current.userId, action: 'auth.logout' });
  }
  deps.cookie.clear();
  return { success: true as const };
}

/**
 * The profile, after the current password. A new password voids every reset link, half-done
 * two-factor sign-in and other device; this session carries on under a new token, so a copy of the
 * old cookie is worthless.
 */
export async function updateProfile(
  deps: SignInDeps & { user: Pick<SessionUser, 'id' | 'email' | 'role'>; session: Pick<SessionInfo, 'id' | 'secondFactor'> },
  input: z.output<typeof profileInput>,
) {
  const { db, meta, user: me, session, cookie, config } = deps;
  const sessionId = session.id;
  if (input.expertise?.length && me.role !== 'admin') throw new ForbiddenError(EXPERTISE_ADMINS_ONLY);
  await assertOwnPassword(deps, input.currentPassword, 'Too many wrong current passwords.');
  if (input.email !== me.email) {
    const taken = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (taken) throw new ConflictError(EMAIL_TAKEN);
  }
  const { user, rotated } = await db.$transaction(async (tx) => {
    const before = await tx.user.findUniqueOrThrow({ where: { id: me.id }, select: { email: true, organization: true } });
    // A new organization or address may tie a reviewer to a seller: such a seat is withdrawn below, as a declared conflict's is (ADR 0049).
    const affiliationChanged = input.email !== before.email || (input.organization !== undefined && input.organization !== before.organization);
    if (affiliationChanged) await lockPanelsOf(tx, me.id);
    const updated = await tx.user.update({
      where: { id: me.id },
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        businessName: input.businessName,
        phoneNumber: input.phoneNumber,
        ...(input.organization !== undefined ? { organization: input.organization } : {}),
        ...(input.expertise !== undefined ? { expertise: input.expertise } : {}),
        ...(input.newPassword ? { password: await hashPassword(input.newPassword) } : {}),
      },
      select: sessionUserSelect,
    });
    const withdrawn = affiliationChanged ? await withdrawConflictsAfterProfileChange(tx, me.id, deps.now) : [];
    await logActivity(tx, meta, {
      userId: me.id,
      action: 'user.profile_updated',
      targetType: 'user',
      targetId: me.id,
      details: {
        emailChanged: input.email !== me.email,
        passwordChanged: !!input.newPassword,
        ...(withdrawn.length > 0 ? { conflictWithdrawals: withdrawn } : {}),
      },
    });
    if (!input.newPassword) return { user: updated, rotated: null };
    await tx.passwordResetToken.deleteMany({ where: { userId: me.id } });
    await tx.twoFactorChallenge.deleteMany({ where: { userId: me.id } });
    await invalidateUserSessions(tx, me.id, sessionId);
    return { user: updated, rotated: await rotateSessionToken(tx, sessionId) };
  });
  if (rotated) cookie.set(rotated.token, rotated.session.expiresAt);
  return { user: toCurrentUser(user, session, config, deps.now) };
}
