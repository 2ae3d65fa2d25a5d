// Warnings, suspensions, measures and appeals over REST (issue 15, ADR 0016): the role/ownership/state
// matrix of every path, expiry and suspension end with a controlled clock, sign-in refusal, sessions
// ended, one appeal per measure (also 30 at once), the single-use e-mail link, and the job that ends
// suspensions run by two workers at once.
import { afterEach, describe, expect, it } from 'vitest';
import { newTotpSecret, totpCodeAt, totpStep } from '../auth/two-factor.ts';
import { endDueSuspensions } from '../domain/moderation.ts';
import { SUSPENSION_ENDS_JOB, ensureSuspensionEndsScheduled } from '../domain/suspension-ends.ts';
import { createWorker, jobHandlers } from '../jobs/worker.ts';
import { fixedClock, testMailer } from '../test/services.ts';
import { DEFAULT_PASSWORD, createAdmin, createUser } from '../test/factories.ts';
import { restClient, type RestClient, setTestServices, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

const DAY = 24 * 60 * 60 * 1000;
/** Close to the real time: the session check reads the system clock. */
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const inDays = (days: number, from = NOW) => new Date(from.getTime() + days * DAY);

async function setUp() {
  const clock = fixedClock(NOW);
  setTestServices({ clock });
  const admin = await createAdmin(t.db.prisma, { firstName: 'Dana', lastName: 'Kowalski' });
  const seller = await createUser(t.db.prisma, { firstName: 'Sam' });
  const other = await createUser(t.db.prisma, { firstName: 'Olga' });
  return {
    clock,
    admin,
    seller,
    other,
    adminClient: await signedInClient(t.db, admin),
    sellerClient: await signedInClient(t.db, seller),
    otherClient: await signedInClient(t.db, other),
  };
}

const WARNING = { warningType: 'conduct', severity: 'high', title: 'Abusive messages', description: 'Please keep messages civil.' };
const warn = (client: RestClient, userId: string, body: unknown = WARNING) => client.request('POST', `/api/admin/users/${userId}/warnings`, body);
const suspend = (client: RestClient, userId: string, body: unknown = { reason: 'Spam campaign', endDate: inDays(7).toISOString(), notes: 'Repeated' }) =>
  client.request('POST', `/api/admin/users/${userId}/suspensions`, body);

describe('warnings', () => {
  it('201; the user is notified and e-mailed, sees it until they acknowledge; expired ones stop showing; admins resolve', async () => {
    const { clock, admin, seller, adminClient, sellerClient } = await setUp();
    const res = await warn(adminClient, seller.id, { ...WARNING, expiresAt: inDays(3).toISOString() });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ userId: seller.id, title: 'Abusive messages', severity: 'high', status: 'active', acknowledgedAt: null });
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, type: 'warning_issued' } })).toBe(1);
    expect((await t.db.prisma.emailMessage.findFirstOrThrow({ where: { userId: seller.id } })).textBody).toContain('Please keep messages civil.');
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.warning.issue', userId: admin.id, targetId: seller.id } })).toBe(1);

    const second = await warn(adminClient, seller.id);
    expect((await sellerClient.request('GET', '/api/warnings')).json.map((w: { id: number }) => w.id)).toEqual([second.json.id, res.json.id]);
    // Expiry: three days later the first stops showing, with no write.
    clock.set(inDays(3));
    expect((await sellerClient.request('GET', '/api/warnings')).json.map((w: { id: number }) => w.id)).toEqual([second.json.id]);
    expect((await adminClient.request('PATCH', `/api/admin/warnings/${res.json.id}/resolve`)).status).toBe(409);
    // Acknowledged: gone from the banner; again answers the same; someone else's: 404.
    const ack = await sellerClient.request('PATCH', `/api/warnings/${second.json.id}/acknowledge`);
    expect(ack.status).toBe(200);
    expect(ack.json.acknowledgedAt).toBe(inDays(3).toISOString());
    expect((await sellerClient.request('PATCH', `/api/warnings/${second.json.id}/acknowledge`)).json.acknowledgedAt).toBe(inDays(3).toISOString());
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'warning.acknowledge' } })).toBe(1);
    expect((await sellerClient.request('GET', '/api/warnings')).json).toEqual([]);
    // Resolve: once.
    const resolved = await adminClient.request('PATCH', `/api/admin/warnings/${second.json.id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(resolved.json.status).toBe('resolved');
    expect((await adminClient.request('PATCH', `/api/admin/warnings/${second.json.id}/resolve`)).status).toBe(409);
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, type: 'warning_resolved' } })).toBe(1);
  });

  it('401 guest, 403 seller and admin target, 404 unknown or not yours, 400 bad body or past expiry', async () => {
    const { admin, seller, adminClient, sellerClient, otherClient } = await setUp();
    const guest = restClient(t.db);
    expect((await warn(guest, seller.id)).status).toBe(401);
    expect((await warn(sellerClient, seller.id)).status).toBe(403);
    const adminTarget = await warn(adminClient, admin.id);
    expect(adminTarget.status).toBe(403);
    expect(adminTarget.json.message).toBe('Administrators cannot be warned');
    expect((await warn(adminClient, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await warn(adminClient, seller.id, { ...WARNING, severity: 'extreme' })).status).toBe(400);
    expect((await warn(adminClient, seller.id, { ...WARNING, title: '' })).json.message).toContain('Title is required');
    expect((await warn(adminClient, seller.id, { ...WARNING, title: 'x'.repeat(201) })).status).toBe(400);
    const past = await warn(adminClient, seller.id, { ...WARNING, expiresAt: inDays(-1).toISOString() });
    expect(past.status).toBe(400);
    expect(past.json.message).toContain('future');
    const w = (await warn(adminClient, seller.id)).json;
    expect((await otherClient.request('PATCH', `/api/warnings/${w.id}/acknowledge`)).status).toBe(404);
    expect((await guest.request('GET', '/api/warnings')).status).toBe(401);
    expect((await sellerClient.request('PATCH', `/api/admin/warnings/${w.id}/resolve`)).status).toBe(403);
    expect((await adminClient.request('PATCH', '/api/admin/warnings/999999/resolve')).status).toBe(404);
  });
});

describe('suspensions', () => {
  it('ends every session, refuses sign-in with 403 naming the reason and end date, ends by itself at the end date', async () => {
    const { clock, seller, adminClient, sellerClient } = await setUp();
    const res = await suspend(adminClient, seller.id);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ userId: seller.id, reason: 'Spam campaign', isActive: true, endDate: inDays(7).toISOString() });
    expect(await t.db.prisma.session.count({ where: { userId: seller.id } })).toBe(0);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).suspendedUntil).toEqual(inDays(7));
    expect((await sellerClient.request('GET', '/api/auth/user')).status).toBe(401);
    const login = await restClient(t.db).request('POST', '/api/login', { email: seller.email, password: DEFAULT_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.json.message).toContain('suspended until');
    expect(login.json.message).toContain('Spam campaign');
    // The notice e-mail carries the appeal link, whatever the e-mail setting.
    const notice = await t.db.prisma.emailMessage.findFirstOrThrow({ where: { userId: seller.id, template: 'suspension_notice' } });
    expect(notice.textBody).toMatch(/\/appeal\?token=[\w-]+/);
    // A second one while it runs: 409.
    expect((await suspend(adminClient, seller.id)).status).toBe(409);

    // At the end date the job ends it, once.
    clock.set(inDays(7));
    expect(await endDueSuspensions(t.db.prisma, testMailer(), clock.now())).toBe(1);
    expect(await endDueSuspensions(t.db.prisma, testMailer(), clock.now())).toBe(0);
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } });
    expect(user.suspendedUntil).toBeNull();
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, type: 'suspension_ended' } })).toBe(1);
    expect((await t.db.prisma.userSuspension.findUniqueOrThrow({ where: { id: res.json.id } })).endedAt).toEqual(inDays(7));
    expect((await adminClient.request('PATCH', `/api/admin/suspensions/${res.json.id}/lift`)).status).toBe(409);
  });

  it('a suspension that starts between the password and the two-factor code ends the half-done sign-in; the password step then says why', async () => {
    const { seller, adminClient } = await setUp();
    const secret = newTotpSecret();
    await t.db.prisma.user.update({ where: { id: seller.id }, data: { totpSecret: secret, twoFactorEnabledAt: NOW } });
    const client = restClient(t.db);
    const first = await client.request('POST', '/api/login', { email: seller.email, password: DEFAULT_PASSWORD });
    expect(first.json).toEqual({ twoFactorRequired: true });
    expect((await suspend(adminClient, seller.id)).status).toBe(201);
    const second = await client.request('POST', '/api/login/2fa', { code: await totpCodeAt(secret, totpStep(NOW)) });
    expect(second.status).toBe(401);
    expect(await t.db.prisma.session.count({ where: { userId: seller.id } })).toBe(0);
    const again = await client.request('POST', '/api/login', { email: seller.email, password: DEFAULT_PASSWORD });
    expect(again.status).toBe(403);
    expect(again.json.message).toContain('Spam campaign');
  });

  it('lift early: 200 once then 409; the user signs in again', async () => {
    const { seller, adminClient } = await setUp();
    const { json } = await suspend(adminClient, seller.id);
    const lifted = await adminClient.request('PATCH', `/api/admin/suspensions/${json.id}/lift`);
    expect(lifted.status).toBe(200);
    expect(lifted.json).toMatchObject({ isActive: false, liftedAt: NOW.toISOString(), endedAt: NOW.toISOString() });
    expect((await adminClient.request('PATCH', `/api/admin/suspensions/${json.id}/lift`)).status).toBe(409);
    expect((await restClient(t.db).request('POST', '/api/login', { email: seller.email, password: DEFAULT_PASSWORD })).status).toBe(200);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.suspension.lift' } })).toBe(1);
  });

  it('401 guest, 403 seller and admin target, 404 unknown, 400 past end date or missing reason', async () => {
    const { admin, seller, adminClient, sellerClient } = await setUp();
    expect((await suspend(restClient(t.db), seller.id)).status).toBe(401);
    expect((await suspend(sellerClient, seller.id)).status).toBe(403);
    expect((await suspend(adminClient, admin.id)).status).toBe(403);
    expect((await suspend(adminClient, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const past = await suspend(adminClient, seller.id, { reason: 'x', endDate: inDays(-1).toISOString() });
    expect(past.status).toBe(400);
    expect(past.json.message).toContain('future');
    expect((await suspend(adminClient, seller.id, { endDate: inDays(2).toISOString() })).json.message).toContain('Reason is required');
    expect((await suspend(adminClient, seller.id, { reason: 'x' })).status).toBe(400);
    expect((await adminClient.request('PATCH', '/api/admin/suspensions/424242/lift')).status).toBe(404);
    expect((await sellerClient.request('PATCH', '/api/admin/suspensions/1/lift')).status).toBe(403);
  });

  it('two workers at once with a fixed clock: the suspension ends once, one notification', { tags: ['engine'] }, async () => {
    const { seller, adminClient } = await setUp();
    const { json } = await suspend(adminClient, seller.id);
    const results = await Promise.all(Array.from({ length: 4 }, () => ensureSuspensionEndsScheduled(t.db.prisma, new Date(Date.now() - 1000))));
    expect(results.filter(Boolean)).toHaveLength(1);
    const clock = fixedClock(inDays(8));
    const workers = ['a', 'b'].map((id) => createWorker({ db: t.db.prisma, handlers: jobHandlers(testMailer(), clock), workerId: id, pollMs: 5 }));
    // Two runs due now, one per worker (the scheduler queues one; a second run here stands for an instance's overlap).
    await t.db.prisma.job.create({ data: { kind: SUSPENSION_ENDS_JOB, payload: {}, runAt: new Date(Date.now() - 1000) } });
    await Promise.all(workers.map((w) => w.runOnce()));
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, type: 'suspension_ended' } })).toBe(1);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'suspension.ended' } })).toBe(1);
    expect((await t.db.prisma.userSuspension.findUniqueOrThrow({ where: { id: json.id } })).isActive).toBe(false);
    // The next run is queued a minute later.
    expect(await t.db.prisma.job.count({ where: { kind: SUSPENSION_ENDS_JOB, status: 'queued' } })).toBe(1);
  });
});

describe('restrictions, bans and the history', () => {
  it('status changes write measures; the history lists everything in time order; 403 seller, 404 unknown', async () => {
    const { clock, seller, adminClient, sellerClient } = await setUp();
    await warn(adminClient, seller.id);
    clock.set(inDays(1));
    const status = (body: object) => adminClient.request('PATCH', `/api/admin/users/${seller.id}/status`, body);
    expect((await status({ status: 'restricted', restrictedUntil: inDays(30).toISOString(), adminNotes: 'Cool down' })).status).toBe(200);
    clock.set(inDays(2));
    expect((await status({ status: 'banned', banReason: 'Fraud' })).status).toBe(200);
    const ban = await t.db.prisma.emailMessage.findFirstOrThrow({ where: { userId: seller.id, template: 'ban_notice' } });
    expect(ban.textBody).toMatch(/\/appeal\?token=/);
    clock.set(inDays(3));
    expect((await status({ status: 'active' })).status).toBe(200);
    const measures = await t.db.prisma.accountMeasure.findMany({ where: { userId: seller.id }, orderBy: { id: 'asc' } });
    expect(measures.map((m) => [m.kind, m.reason, m.endedAt])).toEqual([
      ['restriction', 'Cool down', inDays(2)],
      ['ban', 'Fraud', inDays(3)],
    ]);
    const history = await adminClient.request('GET', `/api/admin/users/${seller.id}/moderation`);
    expect(history.status).toBe(200);
    expect(history.json.map((e: { kind: string; status: string }) => [e.kind, e.status])).toEqual([
      ['warning', 'active'],
      ['restriction', 'lifted'],
      ['ban', 'lifted'],
    ]);
    expect((await sellerClient.request('GET', `/api/admin/users/${seller.id}/moderation`)).status).toBe(401); // banned meanwhile: signed out
    const signedInAgain = restClient(t.db);
    expect((await signedInAgain.request('POST', '/api/login', { email: seller.email, password: DEFAULT_PASSWORD })).status).toBe(200);
    expect((await signedInAgain.request('GET', `/api/admin/users/${seller.id}/moderation`)).status).toBe(403);
    expect((await adminClient.request('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/moderation')).status).toBe(404);
  });
});

describe('appeals', () => {
  it('once per measure from the dashboard (30 at once: one 201); 404 not yours; 409 after the window', { tags: ['engine'] }, async () => {
    const { clock, seller, adminClient, sellerClient, otherClient } = await setUp();
    const w = (await warn(adminClient, seller.id)).json;
    const body = { measureType: 'warning', measureId: w.id, message: 'I was quoting the other party.' };
    expect((await otherClient.request('POST', '/api/appeals', body)).status).toBe(404);
    expect((await restClient(t.db).request('POST', '/api/appeals', body)).status).toBe(401);
    expect((await restClient(t.db).request('GET', '/api/measures')).status).toBe(401);
    expect((await sellerClient.request('POST', '/api/appeals', { ...body, message: '' })).status).toBe(400);
    expect((await sellerClient.request('POST', '/api/appeals', { ...body, measureType: 'fine' })).status).toBe(400);
    const all = await Promise.all(Array.from({ length: 30 }, () => sellerClient.request('POST', '/api/appeals', body)));
    expect(all.filter((r) => r.status === 201)).toHaveLength(1);
    expect(all.filter((r) => r.status === 409)).toHaveLength(29);
    const ticket = await t.db.prisma.supportTicket.findFirstOrThrow({ where: { userId: seller.id } });
    expect(ticket).toMatchObject({ category: 'appeal', measureType: 'warning', measureId: w.id, subject: `Appeal: warning #${w.id}`, status: 'open' });
    expect(ticket.awaitingReplySince).toEqual(NOW);
    const mine = await sellerClient.request('GET', '/api/measures');
    expect(mine.json).toMatchObject([{ measureType: 'warning', measureId: w.id, canAppeal: false, appeal: { ticketId: ticket.id } }]);
    // After the 20-day window: 409 with the date.
    const late = (await warn(adminClient, seller.id)).json;
    clock.set(inDays(20));
    const res = await sellerClient.request('POST', '/api/appeals', { ...body, measureId: late.id });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain('appeal window');
    // Past the window the dashboard keeps only the appealed measure, with its appeal.
    expect((await sellerClient.request('GET', '/api/measures')).json).toMatchObject([{ measureId: w.id, appeal: { ticketId: ticket.id } }]);
  });

  it('the single-use link of a suspension notice: 201 once, then 400; decision reversed lifts the suspension and tells the user', async () => {
    const { admin, seller, adminClient, sellerClient } = await setUp();
    const s = (await suspend(adminClient, seller.id)).json;
    const notice = await t.db.prisma.emailMessage.findFirstOrThrow({ where: { userId: seller.id, template: 'suspension_notice' } });
    const token = decodeURIComponent(/\/appeal\?token=([^\s]+)/.exec(notice.textBody)![1]!);
    expect(await t.db.prisma.appealToken.count({ where: { id: token } })).toBe(0); // only the hash is stored
    const guest = restClient(t.db);
    expect((await guest.request('POST', '/api/appeals/by-token', { token: 'made-up', message: 'Hi' })).status).toBe(400);
    const first = await guest.request('POST', '/api/appeals/by-token', { token, message: 'It was a colleague on my account.' });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ measureType: 'suspension', measureId: s.id, status: 'open', outcome: null });
    const again = await guest.request('POST', '/api/appeals/by-token', { token, message: 'Again' });
    expect(again.status).toBe(400);
    expect(again.json.message).toContain('already used');

    const decide = (client: RestClient, body: unknown) => client.request('PATCH', `/api/admin/appeals/${first.json.ticketId}`, body);
    expect((await decide(sellerClient, { outcome: 'reversed', resolution: 'x' })).status).toBe(401); // suspended: signed out
    expect((await decide(adminClient, { outcome: 'reversed' })).json.message).toContain('Resolution is required');
    expect((await adminClient.request('PATCH', '/api/admin/appeals/999999', { outcome: 'upheld', resolution: 'x' })).status).toBe(404);
    const decided = await decide(adminClient, { outcome: 'reversed', resolution: 'We confirmed the account was compromised.' });
    expect(decided.status).toBe(200);
    expect(decided.json).toMatchObject({ outcome: 'reversed', status: 'resolved', resolution: 'We confirmed the account was compromised.' });
    expect((await decide(adminClient, { outcome: 'upheld', resolution: 'x' })).status).toBe(409);
    expect((await t.db.prisma.userSuspension.findUniqueOrThrow({ where: { id: s.id } })).isActive).toBe(false);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).suspendedUntil).toBeNull();
    // Told in-app and by e-mail (it matters even with e-mail notifications off); audited.
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, type: 'appeal_decided' } })).toBe(1);
    expect((await t.db.prisma.emailMessage.findFirstOrThrow({ where: { userId: seller.id, template: 'appeal_decided' } })).textBody).toContain('compromised');
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.appeal.reverse', userId: admin.id } })).toBe(1);
    expect((await restClient(t.db).request('POST', '/api/login', { email: seller.email, password: DEFAULT_PASSWORD })).status).toBe(200);
  });

  it('a ban reversed on appeal makes the user active; upheld leaves it; a link past the 20-day window is refused', async () => {
    const { clock, seller, other, adminClient } = await setUp();
    for (const user of [seller, other]) {
      await adminClient.request('PATCH', `/api/admin/users/${user.id}/status`, { status: 'banned', banReason: 'Fraud' });
    }
    const tokenOf = async (userId: string) => {
      const mail = await t.db.prisma.emailMessage.findFirstOrThrow({ where: { userId, template: 'ban_notice' } });
      return decodeURIComponent(/\/appeal\?token=([^\s]+)/.exec(mail.textBody)![1]!);
    };
    const guest = restClient(t.db);
    const a1 = (await guest.request('POST', '/api/appeals/by-token', { token: await tokenOf(seller.id), message: 'Not me' })).json;
    const a2 = (await guest.request('POST', '/api/appeals/by-token', { token: await tokenOf(other.id), message: 'Not me' })).json;
    expect(a1.measureType).toBe('ban');
    await adminClient.request('PATCH', `/api/admin/appeals/${a1.ticketId}`, { outcome: 'reversed', resolution: 'Cleared' });
    await adminClient.request('PATCH', `/api/admin/appeals/${a2.ticketId}`, { outcome: 'upheld', resolution: 'Confirmed' });
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).status).toBe('active');
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: other.id } })).status).toBe('banned');
    expect(await t.db.prisma.emailMessage.count({ where: { userId: other.id, template: 'appeal_decided' } })).toBe(1);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.appeal.uphold' } })).toBe(1);

    // A new ban's link, used after the window: 400, nothing recorded.
    await adminClient.request('PATCH', `/api/admin/users/${seller.id}/status`, { status: 'banned', banReason: 'Again' });
    const mails = await t.db.prisma.emailMessage.findMany({ where: { userId: seller.id, template: 'ban_notice' }, orderBy: { id: 'desc' }, take: 1 });
    const late = decodeURIComponent(/\/appeal\?token=([^\s]+)/.exec(mails[0]!.textBody)![1]!);
    clock.set(inDays(20));
    const res = await guest.request('POST', '/api/appeals/by-token', { token: late, message: 'Too late' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('expired');
    expect(await t.db.prisma.supportTicket.count({ where: { userId: seller.id } })).toBe(1);
  });
});
