import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { recordStatements, useTestDatabase } from '../test/harness.ts';
import { createSession, pruneExpiredSessions, validateSessionToken } from './session.ts';

const t = useTestDatabase();

describe('pruneExpiredSessions', () => {
  it('removes expired sessions and two-factor challenges, keeps live ones', async () => {
    const db = t.db.prisma;
    const user = await createUser(db);
    const live = await createSession(db, user.id, 30);
    const stale = await createSession(db, user.id, 30);
    await db.session.update({ where: { id: stale.session.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await db.twoFactorChallenge.createMany({
      data: [
        { id: 'expired-challenge', userId: user.id, expiresAt: new Date(Date.now() - 1000) },
        { id: 'live-challenge', userId: user.id, expiresAt: new Date(Date.now() + 60_000) },
      ],
    });

    await pruneExpiredSessions(db);

    expect((await db.session.findMany({ select: { id: true } })).map((s) => s.id)).toEqual([live.session.id]);
    expect((await db.twoFactorChallenge.findMany({ select: { id: true } })).map((c) => c.id)).toEqual(['live-challenge']);
  });
});

describe('validateSessionToken', () => {
  it('reads the session and its user in one query (the cost every signed-in request pays)', async () => {
    const db = t.db.prisma;
    const user = await createUser(db, { firstName: 'Quinn' });
    const { token } = await createSession(db, user.id, 30);
    const { result, texts: statements } = await recordStatements(() => validateSessionToken(db, token, { days: 30, maxDays: 30 }));
    expect(result?.user).toMatchObject({ id: user.id, firstName: 'Quinn', status: 'active', suspendedUntil: null });
    expect(result?.user.createdAt).toBeInstanceOf(Date);
    expect(statements).toHaveLength(1);
    // The session joined to its user (Prisma's relation join).
    expect(statements[0]).toMatch(/"sessions".*JOIN.*"users"/s);
  });
});
