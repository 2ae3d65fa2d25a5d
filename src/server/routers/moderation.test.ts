// Moderation procedures (issue 15, ADR 0016) beyond the REST matrix: the session check refuses a
// suspended user, one running suspension whatever arrives at once, the 'users.manage' capability
// decides, and reversed appeals lift restrictions and warnings.
import { afterEach, describe, expect, it } from 'vitest';
import { createSession, validateSessionToken } from '../auth/session.ts';
import { seedModerationDemo } from '../demo/moderation-demo.ts';
import { fixedClock } from '../test/services.ts';
import { createAdmin, createUser } from '../test/factories.ts';
import { callerAs, setTestServices, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const lifetime = { days: 30, maxDays: 30 };

async function setUp() {
  const clock = fixedClock(NOW);
  setTestServices({ clock });
  const admin = await createAdmin(t.db.prisma);
  const seller = await createUser(t.db.prisma);
  return { clock, admin, seller, asAdmin: await callerAs(t.db, admin.id), asSeller: await callerAs(t.db, seller.id) };
}

describe('the session check', () => {
  it('treats a user whose suspended_until is in the future as signed out, and signs them in again once it has passed', async () => {
    const { seller } = await setUp();
    const { token } = await createSession(t.db.prisma, seller.id, lifetime);
    expect(await validateSessionToken(t.db.prisma, token, lifetime)).not.toBeNull();
    await t.db.prisma.user.update({ where: { id: seller.id }, data: { suspendedUntil: new Date(Date.now() + DAY) } });
    expect(await validateSessionToken(t.db.prisma, token, lifetime)).toBeNull();
    expect(await t.db.prisma.session.count({ where: { userId: seller.id } })).toBe(0);
    await t.db.prisma.user.update({ where: { id: seller.id }, data: { suspendedUntil: new Date(Date.now() - 1000) } });
    const fresh = await createSession(t.db.prisma, seller.id, lifetime);
    expect((await validateSessionToken(t.db.prisma, fresh.token, lifetime))?.user.id).toBe(seller.id);
  });
});

describe('suspensions', () => {
  it('ten at once for one user: exactly one runs', { tags: ['engine'] }, async () => {
    const { admin, seller } = await setUp();
    const callers = await Promise.all(Array.from({ length: 10 }, () => callerAs(t.db, admin.id)));
    const results = await Promise.allSettled(
      callers.map((c, i) => c.moderation.suspend({ id: seller.id, reason: `Attempt ${i}`, endDate: new Date(NOW.getTime() + DAY) })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(9).fill('CONFLICT'));
    expect(await t.db.prisma.userSuspension.count({ where: { userId: seller.id, isActive: true } })).toBe(1);
  });
});

describe('the users.manage capability', () => {
  it('an admin whose users.manage was revoked is refused with 403 naming it', async () => {
    const { admin, seller } = await setUp();
    await t.db.prisma.userPermission.create({ data: { userId: admin.id, permission: 'users.manage', granted: false, reason: 'Separation of duties' } });
    const asAdmin = await callerAs(t.db, admin.id);
    await expect(
      asAdmin.moderation.warn({ id: seller.id, warningType: 'other', severity: 'low', title: 'T', description: 'D', expiresAt: null }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('users.manage') });
    await expect(asAdmin.moderation.history({ id: seller.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('appeals reversed', () => {
  it('a reversed restriction appeal makes the user active and ends the measure; a reversed warning appeal resolves it', async () => {
    const { admin, seller, asAdmin, asSeller } = await setUp();
    await asAdmin.admin.updateUserStatus({ id: seller.id, status: 'restricted', restrictedUntil: null, adminNotes: 'Payout review' });
    const warning = await asAdmin.moderation.warn({
      id: seller.id,
      warningType: 'payment',
      severity: 'critical',
      title: 'T',
      description: 'D',
      expiresAt: null,
    });
    const [measure] = await asSeller.moderation.myMeasures();
    expect(measure).toMatchObject({ canAppeal: true });
    const restriction = await t.db.prisma.accountMeasure.findFirstOrThrow({ where: { userId: seller.id } });
    const a1 = await asSeller.moderation.appeal({ measureType: 'restriction', measureId: restriction.id, message: 'Details fixed' });
    const a2 = await asSeller.moderation.appeal({ measureType: 'warning', measureId: warning.id, message: 'Paid' });
    // The wrong kind for an id names nothing: 404.
    await expect(asSeller.moderation.appeal({ measureType: 'ban', measureId: restriction.id, message: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await asAdmin.moderation.decideAppeal({ id: a1.ticketId, outcome: 'reversed', resolution: 'Verified' });
    await asAdmin.moderation.decideAppeal({ id: a2.ticketId, outcome: 'reversed', resolution: 'Confirmed' });
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id }, select: { status: true } })).toEqual({ status: 'active' });
    expect((await t.db.prisma.accountMeasure.findUniqueOrThrow({ where: { id: restriction.id } })).endedAt).toEqual(NOW);
    expect((await t.db.prisma.userWarning.findUniqueOrThrow({ where: { id: warning.id } })).status).toBe('resolved');
    const history = await asAdmin.moderation.history({ id: seller.id });
    expect(history.filter((e) => e.kind === 'appeal').map((e) => e.status)).toEqual(['reversed', 'reversed']);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.appeal.reverse', userId: admin.id } })).toBe(2);
  });
});

describe('demo data', () => {
  it('shows a warning to acknowledge, an appeal awaiting a decision, an ended restriction and an upheld suspension appeal', async () => {
    const { admin, seller, asAdmin, asSeller } = await setUp();
    const sofia = await createUser(t.db.prisma);
    await seedModerationDemo(t.db.prisma, { adminId: admin.id, kenjiId: seller.id, sofiaId: sofia.id, now: NOW });
    expect((await asSeller.moderation.myWarnings()).map((w) => w.title)).toEqual(['Unverified efficiency claims']);
    const history = await asAdmin.moderation.history({ id: seller.id });
    expect(history.map((e) => [e.kind, e.status])).toEqual([
      ['restriction', 'lifted'],
      ['warning', 'acknowledged'],
      ['appeal', 'open'],
      ['warning', 'active'],
    ]);
    expect((await asAdmin.moderation.history({ id: sofia.id })).map((e) => [e.kind, e.status])).toEqual([
      ['suspension', 'ended'],
      ['appeal', 'upheld'],
    ]);
  });
});
