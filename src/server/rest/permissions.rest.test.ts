// Capabilities per user over REST (issue 15, points 6 and 8; ADR 0019): the grant/revoke/remove
// matrix, the refusal on real procedures until the override ends (controlled clock), the last-admin
// rule under concurrency, and the user's notification and e-mail.
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { restClient, type RestClient, setTestServices, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

const START = new Date('2026-11-23T10:00:00.000Z');
/** A clock the test moves (never sleeps). */
function movableClock() {
  let now = START;
  setTestServices({ clock: { now: () => now } });
  return { set: (date: Date) => void (now = date) };
}

const prototypeBody = {
  inventorName: 'Dr. Lise Meitner',
  prototypeName: 'Fusion Core',
  energyType: 'nuclear',
  description: 'Compact fusion core.',
  powerOutput: 1200,
  efficiency: 64,
};

async function setUp() {
  const admin = await createAdmin(t.db.prisma, { firstName: 'Dana', lastName: 'Kowalski' });
  const seller = await createUser(t.db.prisma, { firstName: 'Sam' });
  return { admin, seller, adminClient: await signedInClient(t.db, admin), sellerClient: await signedInClient(t.db, seller) };
}

const change = (client: RestClient, userId: string, body: Record<string, unknown>) => client.request('POST', `/api/admin/users/${userId}/permissions`, body);
const revokeSubmit = { permission: 'prototypes.submit', granted: false, reason: 'Duplicate submissions under review' };

describe('POST /api/admin/users/:id/permissions', () => {
  it('revoking prototypes.submit until a time: POST /api/prototypes is 403 naming it and the time, then 201 once the clock passes it', async () => {
    const clock = movableClock();
    const { seller, adminClient, sellerClient } = await setUp();
    const until = new Date('2026-11-23T12:00:00.000Z');
    const res = await change(adminClient, seller.id, { ...revokeSubmit, expiresAt: until.toISOString() });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      permission: 'prototypes.submit',
      granted: false,
      expiresAt: until.toISOString(),
      expired: false,
      deciding: true,
      grantedByName: 'Dana Kowalski',
    });

    const refused = await sellerClient.request('POST', '/api/prototypes', prototypeBody);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ message: 'You do not have the "prototypes.submit" permission until 2026-11-23 12:00 UTC.' });
    expect(await t.db.prisma.prototype.count()).toBe(0);
    // Other capabilities are untouched.
    expect((await sellerClient.request('GET', '/api/seller/prototypes')).status).toBe(200);

    clock.set(new Date(until.getTime() + 1000));
    expect((await sellerClient.request('POST', '/api/prototypes', prototypeBody)).status).toBe(201);
    const view = await adminClient.request('GET', `/api/admin/users/${seller.id}/permissions`);
    expect(view.json.overrides[0]).toMatchObject({ expired: true, deciding: false });
    expect(view.json.capabilities.find((c: { permission: string }) => c.permission === 'prototypes.submit')).toMatchObject({
      allowed: true,
      source: 'role',
      until: null,
    });
  });

  it('revoking documents.upload: the document upload path is 403 naming it, other sellers upload', async () => {
    movableClock();
    const { seller, adminClient, sellerClient } = await setUp();
    const prototype = await createPrototype(t.db.prisma, seller.id);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(512, 0x20), Buffer.from('\n%%EOF\n')]);
    const upload = (client: RestClient, prototypeId: number) =>
      client.app.request(`http://localhost/api/prototypes/${prototypeId}/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'spec.pdf', cookie: client.cookie },
        body: new Uint8Array(pdf),
      });
    expect((await change(adminClient, seller.id, { permission: 'documents.upload', granted: false, reason: 'Malware scan pending' })).status).toBe(201);
    const refused = await upload(sellerClient, prototype.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'You do not have the "documents.upload" permission.' });
    expect(await t.db.prisma.prototypeDocument.count()).toBe(0);
    const other = await createUser(t.db.prisma);
    const otherPrototype = await createPrototype(t.db.prisma, other.id);
    expect((await upload(await signedInClient(t.db, other), otherPrototype.id)).status).toBe(201);
  });

  it('an admin without payouts.manage gets 403 on the payouts paths and keeps the rest', async () => {
    movableClock();
    const { adminClient } = await setUp();
    const other = await createAdmin(t.db.prisma);
    const otherClient = await signedInClient(t.db, other);
    expect((await change(adminClient, other.id, { permission: 'payouts.manage', granted: false, reason: 'Separation of duties' })).status).toBe(201);
    const payouts = await otherClient.request('GET', '/api/admin/payouts');
    expect(payouts.status).toBe(403);
    expect(payouts.json.message).toBe('You do not have the "payouts.manage" permission.');
    expect((await otherClient.request('GET', '/api/admin/payouts/totals')).status).toBe(403);
    expect((await otherClient.request('GET', '/api/admin/prototypes')).status).toBe(200);
    expect((await otherClient.request('GET', '/api/admin/users')).status).toBe(200);
    expect((await adminClient.request('GET', '/api/admin/payouts')).status).toBe(200);
  });

  it('notifies the user (notification and e-mail) and audits, for a grant and a revocation', async () => {
    movableClock();
    const { admin, seller, adminClient } = await setUp();
    expect((await change(adminClient, seller.id, { ...revokeSubmit, expiresAt: '2026-11-30T09:30:00.000Z' })).status).toBe(201);
    expect((await change(adminClient, seller.id, { permission: 'prototypes.submit', granted: true, reason: 'Cleared' })).status).toBe(201);
    const notes = await t.db.prisma.notification.findMany({ where: { userId: seller.id }, orderBy: { id: 'asc' } });
    expect(notes.map((n) => n.type)).toEqual(['permission_revoked', 'permission_granted']);
    expect(notes[0]!.message).toBe(
      'An administrator revoked your "Submit prototypes" permission until Nov 30, 2026, 9:30 AM UTC. Reason: Duplicate submissions under review',
    );
    const emails = await t.db.prisma.emailMessage.findMany({ where: { userId: seller.id }, orderBy: { id: 'asc' } });
    expect(emails.map((e) => e.template)).toEqual(['permission_revoked', 'permission_granted']);
    const audit = await t.db.prisma.userActivityLog.findMany({ where: { action: { startsWith: 'admin.permission' } }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.action, a.userId, a.targetId])).toEqual([
      ['admin.permission.revoke', admin.id, seller.id],
      ['admin.permission.grant', admin.id, seller.id],
    ]);
  });

  it('401 guest, 403 seller, 403 on yourself, 404 unknown user, 400 bad body, unknown or admin-only capability, past expiry', async () => {
    movableClock();
    const { admin, seller, adminClient, sellerClient } = await setUp();
    expect((await change(restClient(t.db), seller.id, revokeSubmit)).status).toBe(401);
    const bySeller = await change(sellerClient, seller.id, revokeSubmit);
    expect(bySeller.status).toBe(403);
    const self = await change(adminClient, admin.id, { permission: 'payouts.manage', granted: false, reason: 'Testing' });
    expect(self.status).toBe(403);
    expect(self.json.message).toContain('your own permissions');
    expect((await change(adminClient, '00000000-0000-4000-8000-000000000000', revokeSubmit)).status).toBe(404);
    expect((await change(adminClient, 'not-a-uuid', revokeSubmit)).status).toBe(404);
    const noReason = await change(adminClient, seller.id, { ...revokeSubmit, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toContain('Reason is required');
    const unknown = await change(adminClient, seller.id, { ...revokeSubmit, permission: 'prototypes.delete' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toContain('Unknown capability');
    expect((await change(adminClient, seller.id, { permission: 'prototypes.submit', reason: 'x' })).status).toBe(400);
    expect((await change(adminClient, seller.id, { ...revokeSubmit, reason: 'x'.repeat(1001) })).status).toBe(400);
    const adminOnly = await change(adminClient, seller.id, { permission: 'payouts.manage', granted: true, reason: 'Help out' });
    expect(adminOnly.status).toBe(400);
    expect(adminOnly.json.message).toContain('administrator capability');
    const past = await change(adminClient, seller.id, { ...revokeSubmit, expiresAt: '2026-11-23T09:59:00.000Z' });
    expect(past.status).toBe(400);
    expect(past.json.message).toContain('future');
    expect(await t.db.prisma.userPermission.count()).toBe(0);
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id } })).toBe(0);
  });

  it(
    '409: the last holder of permissions.manage cannot be narrowed; two admins revoking each other at once: one wins, one 409',
    { tags: ['engine'] },
    async () => {
      movableClock();
      const { admin, adminClient } = await setUp();
      const other = await createAdmin(t.db.prisma);
      const otherClient = await signedInClient(t.db, other);
      const revokeManage = { permission: 'permissions.manage', granted: false, reason: 'Rotation' };
      const [a, b] = await Promise.all([change(adminClient, other.id, revokeManage), change(otherClient, admin.id, revokeManage)]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      expect((a.status === 409 ? a : b).json.message).toBe('At least one administrator must keep the "permissions.manage" permission');
      expect(await t.db.prisma.userPermission.count()).toBe(1);
      // The winner is now the only holder: a third admin cannot take it from them either way.
      const winner = a.status === 201 ? admin : other;
      const third = await createAdmin(t.db.prisma);
      await t.db.prisma.userPermission.create({
        data: { userId: third.id, permission: 'permissions.manage', granted: false, reason: 'seed', createdAt: START },
      });
      const winnerClient = a.status === 201 ? adminClient : otherClient;
      const loserClient = a.status === 201 ? otherClient : adminClient;
      expect((await change(loserClient, winner.id, revokeManage)).status).toBe(403);
      const lastOne = await winnerClient.request(
        'DELETE',
        `/api/admin/permissions/${(await t.db.prisma.userPermission.findFirstOrThrow({ where: { userId: third.id } })).id}`,
      );
      expect(lastOne.status).toBe(200);
    },
  );

  it('30 parallel revocations of each other among three admins leave at least one holder of permissions.manage', { tags: ['engine'] }, async () => {
    movableClock();
    const admins = await Promise.all([0, 1, 2].map(() => createAdmin(t.db.prisma)));
    const clients = await Promise.all(admins.map((admin) => signedInClient(t.db, admin)));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const by = i % 3;
        const target = admins[(by + 1 + (i % 2)) % 3]!;
        return change(clients[by]!, target.id, { permission: 'permissions.manage', granted: false, reason: `Round ${i}` });
      }),
    );
    for (const res of results) expect([201, 403, 409]).toContain(res.status);
    const holders = [];
    for (const admin of admins) {
      const newest = await t.db.prisma.userPermission.findFirst({
        where: { userId: admin.id, permission: 'permissions.manage' },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
      if (!newest || newest.granted) holders.push(admin.id);
    }
    expect(holders.length).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/admin/users/:id/permissions and DELETE /api/admin/permissions/:id', () => {
  it('lists effective capabilities with their source and every override; removing one restores the default and tells the user', async () => {
    movableClock();
    const { admin, seller, adminClient, sellerClient } = await setUp();
    const created = await change(adminClient, seller.id, { ...revokeSubmit, permission: 'messages.reply' });
    const view = await adminClient.request('GET', `/api/admin/users/${seller.id}/permissions`);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ userId: seller.id, role: 'user' });
    expect(view.json.capabilities).toHaveLength(12);
    const reply = view.json.capabilities.find((c: { permission: string }) => c.permission === 'messages.reply');
    expect(reply).toMatchObject({ allowed: false, source: 'override', overrideId: created.json.id, until: null });
    expect(view.json.capabilities.find((c: { permission: string }) => c.permission === 'payouts.manage')).toMatchObject({ allowed: false, source: 'role' });
    expect(view.json.overrides).toEqual([expect.objectContaining({ id: created.json.id, grantedBy: admin.id, reason: revokeSubmit.reason })]);

    expect((await restClient(t.db).request('GET', `/api/admin/users/${seller.id}/permissions`)).status).toBe(401);
    expect((await sellerClient.request('GET', `/api/admin/users/${seller.id}/permissions`)).status).toBe(403);
    expect((await adminClient.request('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/permissions')).status).toBe(404);

    expect((await sellerClient.request('DELETE', `/api/admin/permissions/${created.json.id}`)).status).toBe(403);
    expect((await adminClient.request('DELETE', '/api/admin/permissions/999999')).status).toBe(404);
    expect((await adminClient.request('DELETE', '/api/admin/permissions/abc')).status).toBe(404);
    const removed = await adminClient.request('DELETE', `/api/admin/permissions/${created.json.id}`);
    expect(removed.status).toBe(200);
    expect((await adminClient.request('DELETE', `/api/admin/permissions/${created.json.id}`)).status).toBe(404);
    const last = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id }, orderBy: { id: 'desc' } });
    expect(last).toMatchObject({ type: 'permission_granted' });
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.permission.remove', targetId: seller.id } })).toBe(1);
  });

  it('an admin cannot remove an override on themselves (403)', async () => {
    movableClock();
    const { admin, adminClient } = await setUp();
    const row = await t.db.prisma.userPermission.create({
      data: { userId: admin.id, permission: 'payouts.manage', granted: false, reason: 'Duties', createdAt: START },
    });
    expect((await adminClient.request('DELETE', `/api/admin/permissions/${row.id}`)).status).toBe(403);
    expect(await t.db.prisma.userPermission.count()).toBe(1);
  });
});
