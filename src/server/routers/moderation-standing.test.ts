// A suspended or banned user's way to their measure and appeal (issue 34 point 3, ADR 0035): the
// right password gives a restricted proof (the standing cookie), a wrong one reveals nothing, the proof
// opens the measure page and one appeal and nothing else, and a tab signed out by the measure keeps one.
import { afterEach, describe, expect, it } from 'vitest';
import { createSession, hashToken } from '../auth/session.ts';
import { createContextInner, type SessionCookie } from '../context.ts';
import { createApp } from '../app.ts';
import { createCaller } from './_app.ts';
import { fixedClock, testServices } from '../test/services.ts';
import { DEFAULT_PASSWORD, createAdmin, createUser } from '../test/factories.ts';
import { callerAs, setTestServices, testEnv, useTestDatabase } from '../test/harness.ts';
import { APPEAL_LINK_MEASURE_ENDED } from '~/shared/schemas/moderation.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

/** A guest caller that records the cookies a procedure sets, as a browser would keep them. */
function guest(standingToken: string | null = null, ip = '203.0.113.20', at = NOW) {
  const set: { standing: string | null; session: string | null } = { standing: null, session: null };
  const cookie: SessionCookie = {
    set: (token) => (set.session = token),
    clear: () => undefined,
    setTwoFactorChallenge: () => undefined,
    clearTwoFactorChallenge: () => undefined,
    setStanding: (token) => (set.standing = token),
  };
  const caller = createCaller(
    createContextInner({ ...testServices(t.db.prisma, { clock: fixedClock(at) }), db: t.db.prisma, meta: { ip, userAgent: 'vitest' }, cookie, standingToken }),
  );
  return { caller, set };
}

async function suspended() {
  setTestServices({ clock: fixedClock(NOW) });
  const admin = await createAdmin(t.db.prisma);
  const seller = await createUser(t.db.prisma);
  const asAdmin = await callerAs(t.db, admin.id);
  const suspension = await asAdmin.moderation.suspend({ id: seller.id, reason: 'Spam in messages', endDate: new Date(NOW.getTime() + 7 * DAY), notes: null });
  return { admin, seller, asAdmin, suspension };
}

describe('signing in while suspended or banned', () => {
  it('a wrong password answers as for an unknown account and gives no proof', async () => {
    const { seller } = await suspended();
    const wrong = guest();
    await expect(wrong.caller.auth.login({ email: seller.email, password: 'not-the-password' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
    const unknown = guest();
    await expect(unknown.caller.auth.login({ email: 'nobody@example.test', password: 'not-the-password' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
    expect(wrong.set).toEqual({ standing: null, session: null });
  });

  it('the right password gives no session but a proof that reads the measure (once UTC) and appeals once', async () => {
    const { seller, suspension } = await suspended();
    const signIn = guest();
    const refusal = await signIn.caller.auth.login({ email: seller.email, password: DEFAULT_PASSWORD }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'FORBIDDEN' });
    expect((refusal as Error).message).toMatch(/suspended until .* UTC\. Reason: Spam in messages/);
    expect((refusal as Error).message).not.toContain('UTC UTC');
    expect(signIn.set.session).toBeNull();
    expect(signIn.set.standing).toEqual(expect.any(String));

    const proof = guest(signIn.set.standing);
    const standing = await proof.caller.moderation.standing({});
    expect(standing).toMatchObject({
      measureType: 'suspension',
      reason: 'Spam in messages',
      until: suspension.endDate,
      running: true,
      canAppeal: true,
      appeal: null,
    });

    await proof.caller.moderation.appealByToken({ message: 'I sent one message to a colleague.' });
    expect(await proof.caller.moderation.standing({})).toMatchObject({ canAppeal: false, appeal: { status: 'open', outcome: null } });
    await expect(proof.caller.moderation.appealByToken({ message: 'Again' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('the proof opens nothing else: no signed-in procedure, no other user', async () => {
    const { seller } = await suspended();
    const signIn = guest();
    await signIn.caller.auth.login({ email: seller.email, password: DEFAULT_PASSWORD }).catch(() => undefined);
    const proof = guest(signIn.set.standing);
    expect(await proof.caller.auth.me()).toBeNull();
    await expect(proof.caller.moderation.myMeasures()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(proof.caller.notifications.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // Over HTTP, as a session cookie, it is no session either.
    const app = createApp({
      db: t.db.prisma,
      env: testEnv,
      log: () => undefined,
      services: { documentStore: testServices(t.db.prisma).documentStore, clock: fixedClock(NOW) },
    });
    const res = await app.request(
      'http://localhost/api/auth/user',
      { headers: { cookie: `atomix_session=${signIn.set.standing}` } },
      { incoming: { socket: { remoteAddress: '198.51.100.1' } } },
    );
    expect(res.status).toBe(401);
    // A made-up proof reads nothing.
    expect(await guest('made-up-token').caller.moderation.standing({})).toBeNull();
    expect(await guest().caller.moderation.standing({})).toBeNull();
  });

  it('a banned user is given the same proof, for the ban', async () => {
    setTestServices({ clock: fixedClock(NOW) });
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    await (await callerAs(t.db, admin.id)).admin.updateUserStatus({ id: seller.id, status: 'banned', banReason: 'Fraudulent documents' });
    const signIn = guest();
    await expect(signIn.caller.auth.login({ email: seller.email, password: DEFAULT_PASSWORD })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await guest(signIn.set.standing).caller.moderation.standing({})).toMatchObject({
      measureType: 'ban',
      reason: 'Fraudulent documents',
      until: null,
      running: true,
      canAppeal: true,
    });
  });
});

describe('a tab that was open when the measure was taken', () => {
  it('its session cookie becomes the standing cookie, which shows the suspension', async () => {
    setTestServices({ clock: fixedClock(NOW) });
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const { token } = await createSession(t.db.prisma, seller.id, 30);
    await (await callerAs(t.db, admin.id)).moderation.suspend({ id: seller.id, reason: 'Spam', endDate: new Date(NOW.getTime() + DAY), notes: null });
    const app = createApp({
      db: t.db.prisma,
      env: testEnv,
      log: () => undefined,
      services: { documentStore: testServices(t.db.prisma).documentStore, clock: fixedClock(NOW) },
    });
    const res = await app.request(
      'http://localhost/api/auth/user',
      { headers: { cookie: `atomix_session=${token}` } },
      { incoming: { socket: { remoteAddress: '198.51.100.2' } } },
    );
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`atomix_standing=${token};`))).toBe(true);
    expect(await guest(token).caller.moderation.standing({})).toMatchObject({ measureType: 'suspension', reason: 'Spam', running: true });
  });
});

describe('the e-mailed appeal link (point 13)', () => {
  it('a used link reads as used before anything is written: the appeal is shown, not the form', async () => {
    const { seller } = await suspended();
    const link = 'link-token-for-test';
    const suspension = await t.db.prisma.userSuspension.findFirstOrThrow({ where: { userId: seller.id }, select: { id: true } });
    const { hashToken } = await import('../auth/session.ts');
    await t.db.prisma.appealToken.create({
      data: { id: hashToken(link), userId: seller.id, measureType: 'suspension', measureId: suspension.id, expiresAt: new Date(NOW.getTime() + DAY) },
    });
    const visitor = guest();
    expect(await visitor.caller.moderation.standing({ token: link })).toMatchObject({ canAppeal: true, appeal: null });
    await visitor.caller.moderation.appealByToken({ token: link, message: 'Please reconsider.' });
    expect(await visitor.caller.moderation.standing({ token: link })).toMatchObject({ canAppeal: false, appeal: { message: 'Please reconsider.' } });
  });
});

/** An e-mailed appeal link of the suspension, as the notice gives one (valid two weeks). */
async function linkOf(userId: string, suspensionId: number) {
  const link = `link-${suspensionId}`;
  await t.db.prisma.appealToken.create({
    data: { id: hashToken(link), userId, measureType: 'suspension', measureId: suspensionId, expiresAt: new Date(NOW.getTime() + 14 * DAY) },
  });
  return link;
}

describe('an appeal link once its measure is over (issue 30, point 7; ADR 0040)', () => {
  it('stops working once the measure is lifted: the page says so, the appeal is refused and nothing is written; the dashboard still takes it', async () => {
    const { seller, asAdmin, suspension } = await suspended();
    const link = await linkOf(seller.id, suspension.id);
    await asAdmin.moderation.liftSuspension({ id: suspension.id, reason: 'A mistake' });
    const visitor = guest();
    expect(await visitor.caller.moderation.standing({ token: link })).toMatchObject({ running: false, lifted: true, canAppeal: false, appeal: null });
    await expect(visitor.caller.moderation.appealByToken({ token: link, message: 'Please.' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: APPEAL_LINK_MEASURE_ENDED,
    });
    expect(await t.db.prisma.supportTicket.count({ where: { userId: seller.id } })).toBe(0);
    // Still unused: the refusal wrote nothing.
    expect(await t.db.prisma.appealToken.count({ where: { userId: seller.id, usedAt: { not: null } } })).toBe(0);
    // Signed in again, the user appeals the lifted suspension from the dashboard (appeals are a right).
    const asSeller = await callerAs(t.db, seller.id);
    expect(await asSeller.moderation.appeal({ measureType: 'suspension', measureId: suspension.id, message: 'For the record.' })).toMatchObject({
      status: 'open',
    });
  });

  it('stops working once the measure has run out', async () => {
    const { seller, suspension } = await suspended();
    const link = await linkOf(seller.id, suspension.id);
    const later = guest(null, '203.0.113.21', new Date(suspension.endDate.getTime() + 1000));
    expect(await later.caller.moderation.standing({ token: link })).toMatchObject({ running: false, lifted: false, canAppeal: false });
    await expect(later.caller.moderation.appealByToken({ token: link, message: 'Please.' })).rejects.toMatchObject({ message: APPEAL_LINK_MEASURE_ENDED });
    // While it ran, the same link took the appeal.
    await guest().caller.moderation.appealByToken({ token: link, message: 'Please.' });
    expect(await t.db.prisma.supportTicket.count({ where: { userId: seller.id, category: 'appeal' } })).toBe(1);
  });
});

describe('appeals with tickets.open revoked (issue 30, point 7; ADR 0040)', () => {
  it('are still taken (appeals are a right), from the dashboard and by link; the support desk stays closed', async () => {
    const { admin, seller, asAdmin, suspension } = await suspended();
    await t.db.prisma.userPermission.create({ data: { userId: seller.id, permission: 'tickets.open', granted: false, grantedBy: admin.id, reason: 'Spam' } });
    const link = await linkOf(seller.id, suspension.id);
    expect(await guest().caller.moderation.appealByToken({ token: link, message: 'Not spam.' })).toMatchObject({ status: 'open' });

    await asAdmin.moderation.liftSuspension({ id: suspension.id, reason: 'Served' });
    const warning = await asAdmin.moderation.warn({ id: seller.id, warningType: 'conduct', severity: 'low', title: 'Links', description: 'Too many links' });
    const asSeller = await callerAs(t.db, seller.id);
    expect(await asSeller.moderation.appeal({ measureType: 'warning', measureId: warning.id, message: 'They were mine.' })).toMatchObject({ status: 'open' });
    expect((await asSeller.moderation.myMeasures()).filter((m) => m.appeal)).toHaveLength(2);
    await expect(asSeller.support.open({ category: 'account', subject: 'Hello', description: 'A question' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('lifting a suspension (point 10)', () => {
  it('takes a reason the user reads and closes an open appeal as decided', async () => {
    const { seller, asAdmin, suspension } = await suspended();
    const asSeller = await callerAs(t.db, seller.id);
    // The seller appealed from the dashboard before the suspension ran (as a proof could).
    await t.db.prisma.user.update({ where: { id: seller.id }, data: { suspendedUntil: null } });
    const appeal = await asSeller.moderation.appeal({ measureType: 'suspension', measureId: suspension.id, message: 'Please lift it.' });
    await asAdmin.moderation.liftSuspension({ id: suspension.id, reason: 'The spam came from a compromised password' });
    const ticket = await t.db.prisma.supportTicket.findUniqueOrThrow({
      where: { id: appeal.ticketId },
      select: { appealOutcome: true, status: true, resolution: true },
    });
    expect(ticket).toEqual({ appealOutcome: 'reversed', status: 'resolved', resolution: expect.stringContaining('compromised password') });
    await expect(asAdmin.moderation.decideAppeal({ id: appeal.ticketId, outcome: 'upheld', resolution: 'No' })).rejects.toMatchObject({ code: 'CONFLICT' });
    const notice = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id, type: 'suspension_ended' }, select: { message: true } });
    expect(notice.message).toContain('Reason: The spam came from a compromised password');
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id }, select: { suspendedUntil: true } })).suspendedUntil).toBeNull();
  });
});
