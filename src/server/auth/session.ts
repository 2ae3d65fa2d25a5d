// Sessions the Lucia way: a random token lives only in the user's cookie; the database keeps its
// SHA-256, so a leaked sessions table cannot be replayed. Expiry slides while the user is active.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { effectiveStatus } from '../domain/user-status.ts';
import { type SessionUser, sessionUserSelect } from './session-user.ts';

export const SESSION_COOKIE = 'atomix_session';
const DAY_MS = 24 * 60 * 60 * 1000;

export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SessionInfo {
  id: string;
  expiresAt: Date;
}

export async function createSession(db: Db, userId: string, days: number) {
  const token = generateSessionToken();
  const session = await db.session.create({
    data: { id: hashToken(token), userId, expiresAt: new Date(Date.now() + days * DAY_MS) },
    select: { id: true, expiresAt: true },
  });
  return { token, session };
}

/**
 * The session and its user, or null when the token is unknown, expired, or its user is banned
 * (a ban ends every session at once). `renewed` is set when the expiry moved and the cookie must follow.
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  days: number,
): Promise<{ session: SessionInfo; user: SessionUser; renewed: boolean } | null> {
  const id = hashToken(token);
  const row = await db.session.findUnique({
    where: { id },
    select: { id: true, expiresAt: true, user: { select: sessionUserSelect } },
  });
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) {
    await db.session.deleteMany({ where: { id } });
    return null;
  }
  if (row.user.status === 'banned') {
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
  let expiresAt = row.expiresAt;
  let renewed = false;
  // Halfway through its life the session is extended, at most one write per half-period.
  if (expiresAt.getTime() - now < (days * DAY_MS) / 2) {
    expiresAt = new Date(now + days * DAY_MS);
    await db.session.update({ where: { id }, data: { expiresAt } });
    renewed = true;
  }
  return { session: { id, expiresAt }, user, renewed };
}

export async function invalidateSession(db: Db, sessionId: string) {
  await db.session.deleteMany({ where: { id: sessionId } });
}

export async function invalidateUserSessions(db: Db, userId: string, exceptSessionId?: string) {
  await db.session.deleteMany({ where: { userId, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) } });
}
