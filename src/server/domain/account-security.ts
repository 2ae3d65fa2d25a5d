// Profile, Security (the user's own account): live sessions and sign-in attempts, and two-factor
// sign-in (TOTP with recovery codes). Sessions leave the server only by their public handle, never by
// the token's hash. Changes that tie the account to a device need the password, throttled like every
// password check; undoing or replacing the second factor also needs a current code. Each change to the
// second factor ends the account's other sessions (ADR 0038).
import type { AuditAction } from '~/shared/event-names.ts';
import { addDays } from '~/shared/days.ts';
import { INVALID_TWO_FACTOR_CODE } from '~/shared/schemas/security.ts';
import type { SessionCookie } from '../context.ts';
import type { Db } from '../db/index.ts';
import { verifyPassword } from '../auth/password.ts';
import { invalidateUserSessions, rotateSessionToken } from '../auth/session.ts';
import {
  clearTwoFactorAttempts,
  consumeTwoFactorAttempt,
  matchTotpStep,
  newTotpSecret,
  replaceRecoveryCodes,
  totpKeyUri,
  verifySecondFactor,
} from '../auth/two-factor.ts';
import { describeUserAgent } from '../auth/user-agent.ts';
import { logActivity } from './activity-log.ts';
import { ConflictError, InvalidInputError, NotFoundError } from './errors.ts';
import type { Limiter } from './rate-limit.ts';
import { consumeSignInAttempt, signInSucceeded } from './sign-in-limits.ts';
import type { DomainDeps } from './deps.ts';
import { newestFirst } from './keyset.ts';

export const SIGN_IN_ATTEMPTS_SHOWN = 20;
const SIGN_IN_ACTIONS = ['auth.login', 'auth.login_failed'];
export const SESSION_NOT_FOUND = 'Session not found';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor authentication is already on';
export const TWO_FACTOR_OFF = 'Two-factor authentication is off';
export const SET_UP_AGAIN = 'Start the set-up again';
export const INVALID_SET_UP_CODE = 'That code is not valid. Check the time on your device and try again.';

/** The signed-in user acting on their own account, in this session. */
export interface AccountDeps extends DomainDeps {
  limiter: Limiter;
  user: { id: string; email: string };
  sessionId: string;
  /** The session's cookie, for when a change to the second factor gives this session a new token. */
  cookie: Pick<SessionCookie, 'set'>;
  now: Date;
}

const audit = (deps: AccountDeps, db: Pick<Db, 'userActivityLog'>, action: AuditAction) =>
  logActivity(db, deps.meta, { userId: deps.user.id, action, targetType: 'user', targetId: deps.user.id });

/** Live sessions (within the sliding and the absolute lifetime), the current one first, then by last use. */
export async function ownSessions(deps: AccountDeps, sessionMaxDays: number) {
  const { db, user, sessionId, now } = deps;
  const rows = await db.session.findMany({
    where: { userId: user.id, expiresAt: { gt: now }, createdAt: { gt: addDays(now, -sessionMaxDays) } },
    select: { id: true, publicId: true, createdAt: true, lastSeenAt: true, ipAddress: true, userAgent: true },
    orderBy: [{ lastSeenAt: 'desc' }, { createdAt: 'desc' }],
  });
  const sessions = rows.map((row) => ({
    handle: row.publicId,
    current: row.id === sessionId,
    ...describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    signedInAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
  }));
  return sessions.sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the user's other sessions; another user's handle (or the current session's) matches nothing. */
export async function endSession(deps: AccountDeps, handle: string) {
  const { count } = await deps.db.session.deleteMany({ where: { publicId: handle, userId: deps.user.id, id: { not: deps.sessionId } } });
  if (count === 0) throw new NotFoundError(SESSION_NOT_FOUND);
  await audit(deps, deps.db, 'auth.session_ended');
  return { success: true as const };
}

export async function endOtherSessions(deps: AccountDeps) {
  await invalidateUserSessions(deps.db, deps.user.id, deps.sessionId);
  await audit(deps, deps.db, 'auth.other_sessions_ended');
  return { success: true as const };
}

/** The last sign-in attempts on this account, from the audit trail. */
export async function signInAttempts(db: Db, userId: string) {
  const rows = await db.userActivityLog.findMany({
    where: { userId, action: { in: SIGN_IN_ACTIONS } },
    select: { id: true, action: true, details: true, ipAddress: true, userAgent: true, createdAt: true },
    orderBy: newestFirst(),
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
}

export async function twoFactorStatus(db: Db, userId: string) {
  const [user, recoveryCodesLeft] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { twoFactorEnabledAt: true } }),
    db.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  return { enabled: !!user.twoFactorEnabledAt, enabledAt: user.twoFactorEnabledAt, recoveryCodesLeft };
}

/** The user's own password, throttled like every password check (counted before Argon2 runs). */
export async function assertOwnPassword(deps: Pick<AccountDeps, 'db' | 'limiter' | 'meta' | 'user'>, password: string, refusal = 'Too many wrong passwords.') {
  await consumeSignInAttempt(deps, deps.user.email, refusal);
  const { password: hash } = await deps.db.user.findUniqueOrThrow({ where: { id: deps.user.id }, select: { password: true } });
  if (!(await verifyPassword(hash, password))) throw new InvalidInputError(CURRENT_PASSWORD_INCORRECT);
  await signInSucceeded(deps, deps.user.email);
}

/** Step 1 of enrolment: a new secret, kept pending until a code from the app confirms it. */
export async function startTwoFactorSetup(deps: AccountDeps, password: string) {
  // The password first: a stolen session alone must not be able to tie the account to another device.
  await assertOwnPassword(deps, password);
  const secret = newTotpSecret();
  const { count } = await deps.db.user.updateMany({ where: { id: deps.user.id, twoFactorEnabledAt: null }, data: { totpPendingSecret: secret } });
  if (count === 0) throw new ConflictError(TWO_FACTOR_ALREADY_ON);
  return { secret, uri: totpKeyUri(deps.user.email, secret) };
}

/**
 * A current second factor of the signed-in user (a code from the app or an unused recovery code),
 * throttled like the sign-in's; the code is spent.
 */
async function assertCurrentCode(deps: AccountDeps, code: string) {
  await consumeTwoFactorAttempt(deps, deps.user.id);
  if (!(await verifySecondFactor(deps.db, deps.user.id, code, deps.now))) throw new InvalidInputError(INVALID_TWO_FACTOR_CODE);
  await clearTwoFactorAttempts(deps, deps.user.id);
}

/**
 * Step 2: a valid code turns two-factor sign-in on and returns ten recovery codes, shown this once.
 * This session passed the second factor by enrolling (it gets a new token, so its live stream reopens
 * as what it now is); every other session of the account ends, as they did not.
 */
export async function confirmTwoFactorSetup(deps: AccountDeps, code: string) {
  const { db, user: me, now } = deps;
  await consumeTwoFactorAttempt(deps, me.id);
  const user = await db.user.findUniqueOrThrow({ where: { id: me.id }, select: { totpPendingSecret: true, twoFactorEnabledAt: true } });
  if (user.twoFactorEnabledAt) throw new ConflictError(TWO_FACTOR_ALREADY_ON);
  if (!user.totpPendingSecret) throw new InvalidInputError(SET_UP_AGAIN);
  const pending = user.totpPendingSecret;
  const step = await matchTotpStep(pending, code, now, null);
  if (step === null) throw new InvalidInputError(INVALID_SET_UP_CODE);
  const { recoveryCodes, rotated } = await db.$transaction(async (tx) => {
    // Only the secret that was shown (a second set-up in another tab replaces it) is turned on.
    const { count } = await tx.user.updateMany({
      where: { id: me.id, totpPendingSecret: pending, twoFactorEnabledAt: null },
      data: { totpSecret: pending, totpPendingSecret: null, twoFactorEnabledAt: now, totpLastUsedStep: step },
    });
    if (count === 0) throw new ConflictError(SET_UP_AGAIN);
    await audit(deps, tx, 'auth.two_factor_enabled');
    await invalidateUserSessions(tx, me.id, deps.sessionId);
    return {
      recoveryCodes: await replaceRecoveryCodes(tx, me.id),
      rotated: await rotateSessionToken(tx, deps.sessionId, { secondFactor: 'enrolment' }),
    };
  });
  deps.cookie.set(rotated.token, rotated.session.expiresAt);
  await clearTwoFactorAttempts(deps, me.id);
  return { recoveryCodes };
}

/** New recovery codes (the old ones stop working); needs the password and a current code, and ends the other sessions. */
export async function regenerateRecoveryCodes(deps: AccountDeps, input: { password: string; code: string }) {
  await assertOwnPassword(deps, input.password);
  const enabled = await deps.db.user.count({ where: { id: deps.user.id, twoFactorEnabledAt: { not: null } } });
  if (!enabled) throw new InvalidInputError(TWO_FACTOR_OFF);
  await assertCurrentCode(deps, input.code);
  const recoveryCodes = await deps.db.$transaction(async (tx) => {
    const stillOn = await tx.user.count({ where: { id: deps.user.id, twoFactorEnabledAt: { not: null } } });
    if (!stillOn) throw new InvalidInputError(TWO_FACTOR_OFF);
    await audit(deps, tx, 'auth.recovery_codes_replaced');
    await invalidateUserSessions(tx, deps.user.id, deps.sessionId);
    return replaceRecoveryCodes(tx, deps.user.id);
  });
  return { recoveryCodes };
}

/**
 * Two-factor sign-in off; needs the password and a current code. The other sessions end, and this one
 * carries on under a new token as a password-only session (so its live stream reopens as one).
 */
export async function disableTwoFactor(deps: AccountDeps, input: { password: string; code: string }) {
  await assertOwnPassword(deps, input.password);
  const userId = deps.user.id;
  const enabled = await deps.db.user.count({ where: { id: userId, twoFactorEnabledAt: { not: null } } });
  if (!enabled) throw new InvalidInputError(TWO_FACTOR_OFF);
  await assertCurrentCode(deps, input.code);
  const rotated = await deps.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { totpSecret: null, totpPendingSecret: null, twoFactorEnabledAt: null, totpLastUsedStep: null } });
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.twoFactorChallenge.deleteMany({ where: { userId } });
    await audit(deps, tx, 'auth.two_factor_disabled');
    await invalidateUserSessions(tx, userId, deps.sessionId);
    return rotateSessionToken(tx, deps.sessionId, { secondFactor: null });
  });
  deps.cookie.set(rotated.token, rotated.session.expiresAt);
  return { success: true as const };
}
