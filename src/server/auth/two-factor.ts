// Two-factor sign-in: TOTP codes (RFC 6238 through oslo), single-use recovery codes stored as SHA-256,
// and the short-lived challenge that sits between a correct password and the second factor.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { decodeBase32, encodeBase32 } from 'oslo/encoding';
import { createTOTPKeyURI, generateHOTP } from 'oslo/otp';
import type { Prisma } from '~/generated/prisma/client.ts';
import type { AppConfig } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { Limiter } from '../domain/rate-limit.ts';
import { type SessionInfo, hashToken, newSecretToken } from './session.ts';
import type { SessionUser } from './session-user.ts';

export const TOTP_ISSUER = 'Atomix Energy';
const TOTP_PERIOD_MS = 30_000;
const TOTP_DIGITS = 6;
/** A code from the step before or after the current one still counts (clocks drift, people type slowly). */
const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_VALID_MS = 10 * 60_000;

/** Codes are throttled like passwords: five wrong ones per account and 15 minutes. */

export const TWO_FACTOR_COOKIE = 'atomix_2fa';
export const twoFactorCookieName = (https: boolean) => (https ? `__Host-${TWO_FACTOR_COOKIE}` : TWO_FACTOR_COOKIE);

/** What admin access needs of a session (ADR 0038): the account's two-factor sign-in, passed in this session. */
export type AdminAssurance = 'enrol' | 'sign_in_again' | null;

/**
 * With ADMIN_REQUIRE_2FA, what an administrator still lacks before admin access opens in this
 * session: enrolment (two-factor sign-in is off), or a sign-in that passes the second factor (this
 * session was opened with the password alone). Null when nothing is missing. Assurance belongs to the
 * session: enrolling from another session does not raise this one.
 */
export function missingAdminAssurance(
  user: Pick<SessionUser, 'role' | 'twoFactorEnabledAt'>,
  session: Pick<SessionInfo, 'secondFactor'> | null,
  config: Pick<AppConfig, 'adminRequireTwoFactor'>,
): AdminAssurance {
  if (user.role !== 'admin' || !config.adminRequireTwoFactor) return null;
  if (!user.twoFactorEnabledAt) return 'enrol';
  return session?.secondFactor ? null : 'sign_in_again';
}

/**
 * The user as role checks should see them: with ADMIN_REQUIRE_2FA an admin whose session lacks the
 * second factor has a seller's reach (their own prototypes, documents and messages) until it has it.
 */
export function withEnrolledRole<User extends Pick<SessionUser, 'role' | 'twoFactorEnabledAt'>>(
  user: User,
  session: Pick<SessionInfo, 'secondFactor'> | null,
  config: Pick<AppConfig, 'adminRequireTwoFactor'>,
): User {
  return missingAdminAssurance(user, session, config) ? { ...user, role: 'user' } : user;
}

export function newTotpSecret(): string {
  return encodeBase32(randomBytes(20), { padding: false });
}

export function totpKeyUri(accountName: string, secret: string): string {
  return createTOTPKeyURI(TOTP_ISSUER, accountName, decodeBase32(secret));
}

export const totpStep = (at: Date) => Math.floor(at.getTime() / TOTP_PERIOD_MS);

export function totpCodeAt(secret: string, step: number): Promise<string> {
  return generateHOTP(decodeBase32(secret), step, TOTP_DIGITS);
}

/** The time step whose code `code` is (current one, or one either side), later than `after`; else null. */
export async function matchTotpStep(secret: string, code: string, now: Date, after: number | null): Promise<number | null> {
  const current = totpStep(now);
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    if (after !== null && step <= after) continue;
    const expected = Buffer.from(await totpCodeAt(secret, step));
    const typed = Buffer.from(code);
    if (typed.length === expected.length && timingSafeEqual(typed, expected)) return step;
  }
  return null;
}

/** What a person types, without spaces, dashes or case. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 16 characters from a 31-letter alphabet (79 bits each): SHA-256 is enough to store them. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeCode(code)).digest('hex');
}

/** Replaces the user's recovery codes; returns the new ones in clear, which are shown once. */
export async function replaceRecoveryCodes(tx: Pick<Prisma.TransactionClient, 'recoveryCode'>, userId: string): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })) });
  return codes;
}

/**
 * Counts one code attempt before the code is looked at, and refuses over the limit (the shared
 * consume-first limiter, ADR 0008), so parallel guesses cannot slip past it.
 */
export function consumeTwoFactorAttempt({ limiter }: { limiter: Limiter }, userId: string) {
  return limiter.consume('twoFactorCodes', userId);
}

export function clearTwoFactorAttempts({ limiter }: { limiter: Limiter }, userId: string) {
  return limiter.clear('twoFactorCodes', userId);
}

/**
 * Checks a second factor for an enrolled user: a TOTP code not used before (the accepted time step
 * only moves forward, in one conditional update, so a code works once even when sent twice at the
 * same moment) or an unused recovery code (spent by the same kind of update).
 */
export async function verifySecondFactor(db: Db, userId: string, code: string, now: Date): Promise<'totp' | 'recovery' | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpSecret: true, totpLastUsedStep: true } });
  if (!user?.totpSecret) return null;
  const typed = normalizeCode(code);
  if (/^\d{6}$/.test(typed)) {
    const step = await matchTotpStep(user.totpSecret, typed, now, user.totpLastUsedStep);
    if (step === null) return null;
    const { count } = await db.user.updateMany({
      where: { id: userId, totpSecret: user.totpSecret, OR: [{ totpLastUsedStep: null }, { totpLastUsedStep: { lt: step } }] },
      data: { totpLastUsedStep: step },
    });
    return count === 1 ? 'totp' : null;
  }
  const { count } = await db.recoveryCode.updateMany({
    where: { userId, codeHash: hashRecoveryCode(typed), usedAt: null },
    data: { usedAt: now },
  });
  return count === 1 ? 'recovery' : null;
}

/** A new challenge for a user whose password was right; its token goes into an HttpOnly cookie. */
export async function createTwoFactorChallenge(db: Db, userId: string, now: Date) {
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + CHALLENGE_VALID_MS);
  // The user's stale challenges go as a new one comes, so the table stays small.
  await db.twoFactorChallenge.deleteMany({ where: { userId, expiresAt: { lte: now } } });
  await db.twoFactorChallenge.create({ data: { id: hashToken(token), userId, expiresAt } });
  return { token, expiresAt };
}

/** The live challenge behind a cookie's token, or null. */
export async function findTwoFactorChallenge(db: Db, token: string | null, now: Date) {
  if (!token) return null;
  const challenge = await db.twoFactorChallenge.findUnique({ where: { id: hashToken(token) }, select: { id: true, userId: true, expiresAt: true } });
  return challenge && challenge.expiresAt > now ? challenge : null;
}

/** Spends the challenge; false when another request already did (single use). */
export async function spendTwoFactorChallenge(db: Db, challengeId: string, now: Date): Promise<boolean> {
  const { count } = await db.twoFactorChallenge.deleteMany({ where: { id: challengeId, expiresAt: { gt: now } } });
  return count === 1;
}
