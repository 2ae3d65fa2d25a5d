// Concern reports over REST (issue 15, point 5): users report only what they can see (404 otherwise,
// as for what does not exist), one open report per reporter and target (409, also 30 at once), admins
// flag anything and work the queue; the reporter is told the outcome; every step audited.
import { describe, expect, it } from 'vitest';
import { createAdmin, createAdminMessage, createPrototype, createUser } from '../test/factories.ts';
import { restClient, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();

async function setUp() {
  const admin = await createAdmin(t.db.prisma, { firstName: 'Dana', lastName: 'Kowalski' });
  const seller = await createUser(t.db.prisma, { firstName: 'Sam', lastName: 'Seller' });
  const other = await createUser(t.db.prisma, { firstName: 'Olga', lastName: 'Other' });
  const prototype = await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Tidal Kite' });
  const othersPrototype = await createPrototype(t.db.prisma, other.id, { prototypeName: 'Secret Reactor' });
  const message = await createAdminMessage(t.db.prisma, seller.id, { adminId: admin.id, subject: 'Send your bank PIN' });
  const othersMessage = await createAdminMessage(t.db.prisma, other.id, { adminId: admin.id, subject: 'Private to Olga' });
  return {
    admin,
    seller,
    other,
    prototype,
    othersPrototype,
    message,
    othersMessage,
    adminClient: await signedInClient(t.db, admin),
    sellerClient: await signedInClient(t.db, seller),
  };
}

const report = (targetType: string, targetId: string | number, reason = 'harassment') => ({
  targetType,
  targetId,
  reason,
  description: 'Please look at this.',
});

describe('POST /api/reports', () => {
  it('201 for a received message and for the own prototype; audited; the report is pending', async () => {
    const { seller, sellerClient, message, prototype } = await setUp();
    const res = await sellerClient.request('POST', '/api/reports', report('message', message.id));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ targetType: 'message', targetId: String(message.id), reason: 'harassment', status: 'pending', resolution: null });
    const own = await sellerClient.request('POST', '/api/reports', report('prototype', prototype.id, 'ip_dispute'));
    expect(own.status).toBe(201);
    expect(await t.db.prisma.userActivityLog.count({ where: { userId: seller.id, action: 'report.file' } })).toBe(2);
  });

  it('401 guest; 404 for another seller’s prototype or message and for unknown ids (same answer); 403 for a user account; 400 for bad bodies', async () => {
    const { sellerClient, other, othersPrototype, othersMessage } = await setUp();
    expect((await restClient(t.db).request('POST', '/api/reports', report('prototype', othersPrototype.id))).status).toBe(401);
    const hidden = await sellerClient.request('POST', '/api/reports', report('prototype', othersPrototype.id));
    const unknown = await sellerClient.request('POST', '/api/reports', report('prototype', 2_000_000));
    expect(hidden.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(hidden.json.message).toBe(unknown.json.message);
    expect((await sellerClient.request('POST', '/api/reports', report('message', othersMessage.id))).status).toBe(404);
    const user = await sellerClient.request('POST', '/api/reports', report('user', other.id));
    expect(user.status).toBe(403);
    for (const bad of [
      report('prototype', '99999999999'),
      report('user', 'not-a-uuid'),
      report('planet', 1),
      { ...report('prototype', 1), reason: 'boredom' },
      { ...report('prototype', 1), description: '   ' },
      { ...report('prototype', 1), description: 'x'.repeat(15_000) },
    ]) {
      const res = await sellerClient.request('POST', '/api/reports', bad);
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(res.json.message).toBeTruthy();
    }
    expect(await t.db.prisma.contentReport.count()).toBe(0);
  });

  it('409 while the same reporter’s report on the target is open, also for 30 at once; allowed again once it is closed', { tags: ['engine'] }, async () => {
    const { sellerClient, adminClient, prototype } = await setUp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => sellerClient.request('POST', '/api/reports', report('prototype', prototype.id, 'ip_dispute'))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // The rest are duplicates (409) or, past the throttle, 429: never a second report.
    expect(statuses.every((s) => s === 201 || s === 409 || s === 429)).toBe(true);
    expect(await t.db.prisma.contentReport.count()).toBe(1);
    const id = answers.find((a) => a.status === 201)!.json.id;
    const closed = await adminClient.request('PATCH', `/api/admin/reports/${id}`, { status: 'dismissed', resolution: 'The prototype is yours.' });
    expect(closed.status).toBe(200);
    expect((await sellerClient.request('POST', '/api/reports', report('prototype', prototype.id, 'ip_dispute'))).status).toBe(201);
  });

  it('admins flag any prototype or user (audited as a flag)', async () => {
    const { admin, adminClient, othersPrototype, other } = await setUp();
    expect((await adminClient.request('POST', '/api/reports', report('prototype', othersPrototype.id, 'export_control'))).status).toBe(201);
    expect((await adminClient.request('POST', '/api/reports', report('user', other.id, 'safety'))).status).toBe(201);
    expect(await t.db.prisma.userActivityLog.count({ where: { userId: admin.id, action: 'admin.report.flag' } })).toBe(2);
  });
});

describe('the admin queue', () => {
  it('403 for sellers; lists newest first with the target named and linked; filters by status, reason and target type', async () => {
    const { sellerClient, adminClient, message, prototype, other } = await setUp();
    await sellerClient.request('POST', '/api/reports', report('message', message.id));
    await sellerClient.request('POST', '/api/reports', report('prototype', prototype.id, 'ip_dispute'));
    await adminClient.request('POST', '/api/reports', report('user', other.id, 'export_control'));
    expect((await sellerClient.request('GET', '/api/admin/reports')).status).toBe(403);
    const all = await adminClient.request('GET', '/api/admin/reports');
    expect(all.status).toBe(200);
    expect(all.json.map((r: { targetType: string }) => r.targetType)).toEqual(['user', 'prototype', 'message']);
    expect(all.json[1]).toMatchObject({
      target: { label: 'Tidal Kite', href: `/admin-panel/prototypes/${prototype.id}/evaluation` },
      reporter: { name: 'Sam Seller' },
    });
    expect(all.json[0].target).toEqual({ label: 'Olga Other', href: `/admin/users/${other.id}` });
    const byReason = await adminClient.request('GET', '/api/admin/reports?reason=ip_dispute');
    expect(byReason.json).toHaveLength(1);
    const byType = await adminClient.request('GET', '/api/admin/reports?targetType=message&status=pending');
    expect(byType.json.map((r: { targetId: string }) => r.targetId)).toEqual([String(message.id)]);
    expect((await adminClient.request('GET', '/api/admin/reports?status=lost')).status).toBe(400);
  });

  it('PATCH: reviewed keeps it open; resolved needs a resolution (400), tells the reporter in words they already knew, then 409; 404 unknown; 403 seller', async () => {
    const { seller, sellerClient, adminClient, message } = await setUp();
    const { json: filed } = await sellerClient.request('POST', '/api/reports', report('message', message.id));
    expect((await sellerClient.request('PATCH', `/api/admin/reports/${filed.id}`, { status: 'reviewed' })).status).toBe(403);
    expect((await adminClient.request('PATCH', `/api/admin/reports/${filed.id}`, { status: 'reviewed' })).json).toMatchObject({ status: 'reviewed' });
    const missing = await adminClient.request('PATCH', `/api/admin/reports/${filed.id}`, { status: 'resolved' });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toContain('Resolution is required');
    const done = await adminClient.request('PATCH', `/api/admin/reports/${filed.id}`, { status: 'resolved', resolution: 'The sender was warned.' });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ status: 'resolved', resolution: 'The sender was warned.', reviewer: { name: 'Dana Kowalski' } });
    const notice = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id, type: 'report_outcome' } });
    expect(notice.message).toBe('Your report about message "Send your bank PIN" (harassment) was resolved: The sender was warned.');
    expect(await t.db.prisma.emailMessage.count({ where: { userId: seller.id, template: 'report_outcome' } })).toBe(1);
    expect((await adminClient.request('PATCH', `/api/admin/reports/${filed.id}`, { status: 'dismissed', resolution: 'again' })).status).toBe(409);
    expect((await adminClient.request('PATCH', '/api/admin/reports/2000000', { status: 'reviewed' })).status).toBe(404);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.report.update' } })).toBe(2);
  });
});
