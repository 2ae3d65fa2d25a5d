// Sessions the Lucia way: a random token lives only in the user's cookie; the database keeps its
// SHA-256, so a leaked sessions table cannot be replayed. Expiry slides while the user is active,
// up to an absolute limit counted from sign-in.
import { createHash, randomBytes } from 'node:crypto';
import type { Prisma, SecondFactor } from '~/generated/prisma/client.ts';
import { DAY_MS, addDays } from '~/shared/days.ts';
import type { Db } from '../db/index.ts';
import { effectiveStatus, suspendedAt } from '../domain/user-status.ts';
import { type SessionUser, sessionUserSelect } from './session-user.ts';

/** Over plain HTTP (development, tests). */
export const SESSION_COOKIE = 'atomix_session';
/** Over HTTPS: the prefix makes the browser refuse it unless Secure, Path=/ and without Domain. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const sessionCookieName = (https: boolean) => (https ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/** "Last seen" is this coarse, so a busy session costs one write per few minutes, not one per request. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

export interface SessionLifetime {
  /** Sliding lifetime (SESSION_DAYS). */
  days: number;
  /** Absolute lifetime from sign-in (SESSION_MAX_DAYS). */
  maxDays: number;
}

/** Where a session was last used from, shown in the user's sessions list. */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

/** A random secret for a link or cookie (sessions, invitations, resets, appeals); only its hashToken is stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A single-use token's row while it still works: not used yet and not expired. */
export const usableTokenWhere = (token: string, now: Date) => ({ id: hashToken(token), usedAt: null, expiresAt: { gt: now } });

/** The moment a session ends however active its user is: `maxDays` after sign-in (epoch ms). */
const absoluteEnd = (createdAt: Date, maxDays: number) => addDays(createdAt, maxDays).getTime();

export interface SessionInfo {
  id: string;
  expiresAt: Date;
  /** How this session passed the second factor, or null for a password alone (ADR 0038). */
  secondFactor: SecondFactor | null;
}

const clientColumns = (client: SessionClient | undefined) => ({
  ipAddress: client?.ip?.slice(0, 45) ?? null,
  userAgent: client?.userAgent?.slice(0, 500) ?? null,
});

/**
 * A new session from `at` (the request's clock; tests and scripts may leave it to the system's),
 * recording how it was authenticated: `secondFactor` null for a password alone.
 */
export async function createSession(
  db: Pick<Prisma.TransactionClient, 'session'>,
  userId: string,
  lifetime: number | SessionLifetime,
  client?: SessionClient,
  at: Date = new Date(),
  secondFactor: SecondFactor | null = null,
) {
  const { days, maxDays } = typeof lifetime === 'number' ? { days: lifetime, maxDays: lifetime } : lifetime;
  const token = newSecretToken();
  const now = at.getTime();
  const session = await db.session.create({
    data: {
      id: hashToken(token),
      userId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + Math.min(days, maxDays) * DAY_MS),
      ...clientColumns(client),
      secondFactor,
    },
    select: sessionInfoSelect,
  });
  return { token, session };
}

const sessionInfoSelect = { id: true, expiresAt: true, secondFactor: true } satisfies Prisma.SessionSelect;

/**
 * Gives an existing session a new token (after a password change, or when its second factor changes:
 * `secondFactor`). Its sign-in time, absolute end, handle and device stay; the old token stops working
 * at once. The old row is deleted rather than renamed, so streams opened with it end (the sessions
 * trigger) and the tab reconnects as what the session now is.
 */
export async function rotateSessionToken(
  db: Pick<Prisma.TransactionClient, 'session'>,
  sessionId: string,
  changes: { secondFactor?: SecondFactor | null } = {},
) {
  const token = newSecretToken();
  const { id: _old, ...row } = await db.session.delete({ where: { id: sessionId } });
  const session = await db.session.create({ data: { ...row, ...changes, id: hashToken(token) }, select: sessionInfoSelect });
  return { token, session };
}

/** The session with this id and its user (one query: a join), or null. */
function readSession(db: Db, id: string) {
  return db.session.findUnique({
    where: { id },
    select: { expiresAt: true, createdAt: true, lastSeenAt: true, secondFactor: true, user: { select: sessionUserSelect } },
    relationLoadStrategy: 'join',
  });
}

/**
 * The session and its user, or null when the token is unknown, expired (sliding or absolute), or its
 * user is banned (a ban ends every session at once). `renewed` is set when the expiry moved and the
 * cookie must follow. `at` is the request's clock (ctx.clock).
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  { days, maxDays }: SessionLifetime,
  client?: SessionClient,
  at: Date = new Date(),
): Promise<{ session: SessionInfo; user: SessionUser; renewed: boolean } | null> {
  const id = hashToken(token);
  const row = await readSession(db, id);
  if (!row) return null;
  const now = at.getTime();
  const end = absoluteEnd(row.createdAt, maxDays);
  const ended = sessionEnd(row, maxDays, now);
  if (ended === 'expired') {
    await db.session.deleteMany({ where: { id } });
    return null;
  }
  if (ended === 'user_barred') {
    await invalidateUserSessions(db, row.user.id);
    return null;
  }
  let user = row.user;
  if (user.status === 'restricted' && effectiveStatus(user, new Date(now)) === 'active') {
    // The restriction's time has passed: it ends by itself.
    user = await db.user.update({
      where: { id: user.id },
      data: { status: 'active', restrictedUntil: null },
      select: sessionUserSelect,
    });
  }
  const changes: Prisma.SessionUpdateManyMutationInput = {};
  let expiresAt = row.expiresAt;
  // Halfway through its life the session is extended (at most one write per half-period), never past its absolute end.
  const extended = Math.min(now + days * DAY_MS, end);
  if (expiresAt.getTime() - now < (days * DAY_MS) / 2 && extended > expiresAt.getTime()) {
    expiresAt = new Date(extended);
    changes.expiresAt = expiresAt;
  }
  if (now - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    Object.assign(changes, { lastSeenAt: new Date(now) }, client ? clientColumns(client) : {});
  }
  // updateMany: a sign-out racing this request leaves nothing to update, which is no error.
  if (Object.keys(changes).length > 0) await db.session.updateMany({ where: { id }, data: changes });
  return { session: { id, expiresAt, secondFactor: row.secondFactor }, user, renewed: changes.expiresAt !== undefined };
}

/**
 * Why a session no longer admits its user, or null while it does: past its sliding or absolute end,
 * or its user banned or serving a running suspension (users.suspended_until, ADR 0016), which end
 * every session of theirs.
 */
export function sessionEnd(
  row: { expiresAt: Date; createdAt: Date; user: { status: string; suspendedUntil: Date | null } },
  maxDays: number,
  now: number,
): 'expired' | 'user_barred' | null {
  if (row.expiresAt.getTime() <= now || absoluteEnd(row.createdAt, maxDays) <= now) return 'expired';
  if (row.user.status === 'banned' || suspendedAt(row.user, new Date(now))) return 'user_barred';
  return null;
}

/**
 * A live stream's check of the session it was opened with (src/server/live/stream.ts): its current
 * expiry and its user's role and two-factor enrolment (which decide whether the stream hears admin
 * events), or null once it has ended. Reads only; the next ordinary request tidies up.
 */
export async function currentSessionState(db: Db, sessionId: string, maxDays: number, now = Date.now()) {
  const row = await db.session.findUnique({
    where: { id: sessionId },
    select: {
      expiresAt: true,
      createdAt: true,
      secondFactor: true,
      user: { select: { status: true, suspendedUntil: true, role: true, twoFactorEnabledAt: true } },
    },
    relationLoadStrategy: 'join',
  });
  if (!row || sessionEnd(row, maxDays, now)) return null;
  return {
    expiresAt: new Date(Math.min(row.expiresAt.getTime(), absoluteEnd(row.createdAt, maxDays))),
    secondFactor: row.secondFactor,
    user: { role: row.user.role, twoFactorEnabledAt: row.user.twoFactorEnabledAt },
  };
}

export async function invalidateSession(db: Db, sessionId: string) {
  await db.session.deleteMany({ where: { id: sessionId } });
}

export async function invalidateUserSessions(db: Pick<Prisma.TransactionClient, 'session'>, userId: string, exceptSessionId?: string) {
  await db.session.deleteMany({ where: { userId, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) } });
}

/** Expired sessions and two-factor challenges are useless; removed now and then (idempotent, any instance). */
export async function pruneExpiredSessions(db: Db, now = new Date()) {
  await db.session.deleteMany({ where: { expiresAt: { lt: now } } });
  await db.twoFactorChallenge.deleteMany({ where: { expiresAt: { lt: now } } });
}
