// Sessions keep the request's time (ctx.clock): sign-in stamps it, the session check slides and ends
// the session by it, so moving the clock moves every expiry with it, without waiting.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../test/services.ts';
import { DEFAULT_PASSWORD, createUser } from '../test/factories.ts';
import { restClient, testEnv, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;

describe('sessions by the clock', () => {
  it('sign-in at the clock’s time; the check extends the session by it and ends it once the clock passes the expiry', async () => {
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    const clock = fixedClock(start);
    const client = restClient(t.db, { services: { clock } });
    const user = await createUser(t.db.prisma);
    expect((await client.request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD })).status).toBe(200);
    const days = testEnv.SESSION_DAYS;
    expect(await t.db.prisma.session.findFirstOrThrow({ where: { userId: user.id }, select: { createdAt: true, expiresAt: true } })).toEqual({
      createdAt: start,
      expiresAt: new Date(start.getTime() + days * DAY),
    });

    // Less than half of its life left by the clock: used now, it is extended from now.
    const later = new Date(start.getTime() + (days - 1) * DAY);
    clock.set(later);
    expect((await client.request('GET', '/api/auth/user')).status).toBe(200);
    expect((await t.db.prisma.session.findFirstOrThrow({ where: { userId: user.id }, select: { expiresAt: true } })).expiresAt).toEqual(
      new Date(later.getTime() + days * DAY),
    );

    clock.set(new Date(later.getTime() + days * DAY + 1000));
    expect((await client.request('GET', '/api/auth/user')).status).toBe(401);
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });
});
