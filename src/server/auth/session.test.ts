import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { recordStatements, useTestDatabase } from '../test/harness.ts';
import { createSession, pruneExpiredSessions, readSession, validateSessionToken } from './session.ts';
import { sessionUserSelect } from './session-user.ts';

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
    expect(statements[0]).toMatch(/FROM sessions s JOIN users u/);
  });
});

describe('readSession (hand-written SQL)', () => {
  it('reads exactly what Prisma would: every field of sessionUserSelect, with the same types', async () => {
    const db = t.db.prisma;
    const user = await createUser(db, { businessName: 'Fusion Ltd', phoneNumber: '+44 20 7946 0000', isVerified: true });
    await db.user.update({
      where: { id: user.id },
      data: {
        adminNotes: 'note',
        banReason: 'reason',
        restrictedUntil: new Date('2031-01-02T03:04:05.678Z'),
        // A suspension that has ended (a running one ends the session): still read, to the millisecond.
        suspendedUntil: new Date('2020-05-06T07:08:09.001Z'),
        twoFactorEnabledAt: new Date(),
      },
    });
    const { session } = await createSession(db, user.id, 30);
    const viaPrisma = await db.session.findUniqueOrThrow({
      where: { id: session.id },
      select: { expiresAt: true, createdAt: true, lastSeenAt: true, user: { select: sessionUserSelect } },
    });
    expect(await readSession(db, session.id)).toEqual(viaPrisma);
    expect(await readSession(db, 'no-such-session')).toBeNull();
  });

  it('prepares its statement again on a new connection, also where connections share one session (PGlite)', async () => {
    const db = t.db.prisma;
    const user = await createUser(db);
    const { session } = await createSession(db, user.id, 30);
    expect((await readSession(db, session.id))?.user.id).toBe(user.id);
    // The connection that prepared it is closed (the pool hands out the one released last).
    (await t.db.pool.connect()).release(true);
    expect((await readSession(db, session.id))?.user.id).toBe(user.id);
  });
});
