// User management through the documented REST paths: status, password, delete (with files),
// messages, verify; admins are never the target of a restriction, ban, reset or delete.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, onTestFinished } from 'vitest';
import { capturingLogger } from '../test/services.ts';
import { createDiskDocumentStore } from '../storage/disk-store.ts';
import type { DocumentStore } from '../storage/document-store.ts';
import { DEFAULT_PASSWORD, createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, restClient, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();

const validBodies = (id: string) => [
  { method: 'PATCH', path: `/api/admin/users/${id}/status`, body: { status: 'restricted', restrictedUntil: null } },
  { method: 'PUT', path: `/api/admin/users/${id}/password`, body: { newPassword: 'brand-new-pass' } },
  { method: 'DELETE', path: `/api/admin/users/${id}`, body: undefined },
  { method: 'POST', path: '/api/admin/messages', body: { userId: id, subject: 'Hello', content: 'World' } },
];

describe('who may call the admin user paths', () => {
  it('guest 401, seller 403, unknown user 404 on every path', async () => {
    const target = await createUser(t.db.prisma);
    const guest = await signedInClient(t.db, null);
    const seller = await signedInClient(t.db, 'user');
    const admin = await signedInClient(t.db, 'admin');
    for (const { method, path: p, body } of validBodies(target.id)) {
      expect((await guest.request(method, p, body)).status, `${method} ${p}`).toBe(401);
      expect((await seller.request(method, p, body)).status, `${method} ${p}`).toBe(403);
    }
    const unknown = randomUUID();
    for (const { method, path: p, body } of validBodies(unknown)) {
      const res = await admin.request(method, p, body);
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.json.message).toBe('User not found');
    }
    expect(await t.db.prisma.user.count({ where: { id: target.id, status: 'active' } })).toBe(1);
  });

  it('refuses to restrict, ban, re-password or delete an administrator (403, nothing changes)', async () => {
    const client = await signedInClient(t.db, 'admin');
    const other = await createAdmin(t.db.prisma);
    const attempts = [
      ['PATCH', `/api/admin/users/${other.id}/status`, { status: 'banned', banReason: 'x' }, 'Administrators cannot be restricted or banned'],
      ['PATCH', `/api/admin/users/${other.id}/status`, { status: 'restricted' }, 'Administrators cannot be restricted or banned'],
      ['PUT', `/api/admin/users/${other.id}/password`, { newPassword: 'whatever-1' }, 'Administrators cannot be given a new password here'],
      ['DELETE', `/api/admin/users/${other.id}`, undefined, 'Administrators cannot be deleted'],
    ] as const;
    for (const [method, p, body, message] of attempts) {
      const res = await client.request(method, p, body);
      expect(res.status, `${method} ${p}`).toBe(403);
      expect(res.json.message).toBe(message);
    }
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: other.id } });
    expect(stored).toMatchObject({ status: 'active', role: 'admin' });
  });

  it('answers bad bodies with 400', async () => {
    const client = await signedInClient(t.db, 'admin');
    const target = await createUser(t.db.prisma);
    const bad = [
      ['PATCH', `/api/admin/users/${target.id}/status`, { status: 'deleted' }, 'status'],
      ['PATCH', `/api/admin/users/${target.id}/status`, { status: 'banned' }, 'Please provide a reason for the ban'],
      ['PATCH', `/api/admin/users/${target.id}/status`, { status: 'restricted', restrictedUntil: 'not a date' }, 'Invalid date'],
      ['PATCH', `/api/admin/users/${target.id}/status`, { status: 'restricted', restrictedUntil: '2001-01-01T00:00:00Z' }, 'must end in the future'],
      ['PUT', `/api/admin/users/${target.id}/password`, { newPassword: '12345' }, 'Password must be at least 6 characters'],
      ['POST', '/api/admin/messages', { userId: target.id, subject: '', content: 'x' }, 'Subject is required'],
      ['POST', '/api/admin/messages', { userId: 'nope', subject: 's', content: 'x' }, 'Invalid user id'],
    ] as const;
    for (const [method, p, body, message] of bad) {
      const res = await client.request(method, p, body);
      expect(res.status, `${method} ${p} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json.message).toContain(message);
    }
    // A path naming no possible user is a missing resource, as for any other path.
    const notAUser = await client.request('PATCH', '/api/admin/users/not-a-uuid/status', { status: 'active' });
    expect(notAUser.status).toBe(404);
    expect(notAUser.json).toEqual({ message: 'Not found' });
  });
});

describe('status, password and verification', () => {
  it('restrict until a time, then reactivate; a restriction keeps the session', async () => {
    const sellerClient = await signedInClient(t.db, 'user', { fields: { businessName: 'Volta Labs' } });
    const seller = sellerClient.user;
    const client = await signedInClient(t.db, 'admin');
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const res = await client.request('PATCH', `/api/admin/users/${seller.id}/status`, {
      status: 'restricted',
      banReason: null,
      restrictedUntil: until,
      adminNotes: 'Spam submissions',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'restricted', restrictedUntil: until, adminNotes: 'Spam submissions' });
    expect(res.json).not.toHaveProperty('password');
    expect((await sellerClient.request('GET', '/api/auth/user')).json.status).toBe('restricted');
    const back = await client.request('PATCH', `/api/admin/users/${seller.id}/status`, { status: 'active', restrictedUntil: null });
    // Lifting the restriction clears its note; a note written while lifting is kept.
    expect(back.json).toMatchObject({ status: 'active', restrictedUntil: null, adminNotes: null });
    const noted = await client.request('PATCH', `/api/admin/users/${seller.id}/status`, { status: 'active', adminNotes: 'Warned by phone' });
    expect(noted.json).toMatchObject({ status: 'active', adminNotes: 'Warned by phone' });
    const audit = await t.db.prisma.userActivityLog.findMany({ where: { targetId: seller.id, action: { startsWith: 'admin.' } }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['admin.user.restrict', 'admin.user.activate', 'admin.user.activate']);
  });

  it('a restriction whose time passed shows as active in the list', async () => {
    const seller = await createUser(t.db.prisma, { status: 'restricted', restrictedUntil: new Date(Date.now() - 1000) });
    const caller = await callerAs(t.db, (await createAdmin(t.db.prisma)).id);
    const page = await caller.admin.users({ status: 'active' });
    expect(page.items.find((u) => u.id === seller.id)).toMatchObject({ status: 'active', restrictedUntil: null });
    expect((await caller.admin.users({ status: 'restricted' })).items).toHaveLength(0);
  });

  it("ban with a reason ends the user's sessions", async () => {
    const sellerClient = await signedInClient(t.db, 'user', { fields: { businessName: 'Volta Labs' } });
    const seller = sellerClient.user;
    const client = await signedInClient(t.db, 'admin');
    const res = await client.request('PATCH', `/api/admin/users/${seller.id}/status`, { status: 'banned', banReason: 'Fraud', restrictedUntil: null });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'banned', banReason: 'Fraud' });
    expect(await t.db.prisma.session.count({ where: { userId: seller.id } })).toBe(0);
    expect((await sellerClient.request('GET', '/api/auth/user')).status).toBe(401);
  });

  it('password reset: new password works, old one and old sessions do not', async () => {
    const sellerClient = await signedInClient(t.db, 'user', { fields: { businessName: 'Volta Labs' } });
    const seller = sellerClient.user;
    const client = await signedInClient(t.db, 'admin');
    const res = await client.request('PUT', `/api/admin/users/${seller.id}/password`, { newPassword: 'Xy7!ab' });
    expect(res.status).toBe(200);
    expect((await sellerClient.request('GET', '/api/auth/user')).status).toBe(401);
    const fresh = restClient(t.db, { ip: '198.51.100.20' });
    expect((await fresh.request('POST', '/api/login', { email: seller.email, password: DEFAULT_PASSWORD })).status).toBe(401);
    expect((await fresh.request('POST', '/api/login', { email: seller.email, password: 'Xy7!ab' })).status).toBe(200);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.user.password_reset', targetId: seller.id } })).toBe(1);
  });

  it('verify sets isVerified', async () => {
    const seller = await createUser(t.db.prisma);
    const caller = await callerAs(t.db, (await createAdmin(t.db.prisma)).id);
    expect((await caller.admin.verifyUser({ id: seller.id })).isVerified).toBe(true);
    expect((await caller.admin.verifyUser({ id: seller.id, isVerified: false })).isVerified).toBe(false);
    await expect(caller.admin.verifyUser({ id: randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('removes the user with prototypes, documents (files too), messages, transactions and sessions', async () => {
    const sellerClient = await signedInClient(t.db, 'user', { fields: { businessName: 'Volta Labs' } });
    const seller = sellerClient.user;
    const other = await createUser(t.db.prisma);
    const keep = await createPrototype(t.db.prisma, other.id);
    const prototype = await createPrototype(t.db.prisma, seller.id, { status: 'accepted', atomixQuote: 100, finalAmount: 100 });
    // A directory of this test's own: the delete must remove the file from the app's store, and nothing under ./data.
    const documentsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-delete-user-'));
    onTestFinished(() => fs.rmSync(documentsDir, { recursive: true, force: true }));
    const store = createDiskDocumentStore(documentsDir, t.db.prisma);
    const key = `prototypes/${prototype.id}/${randomUUID()}`;
    await store.save(key, Readable.from([Buffer.from('%PDF-1.4 test')]), (tx, fileSize) =>
      tx.prototypeDocument.create({
        data: { prototypeId: prototype.id, fileName: 'spec.pdf', fileType: 'application/pdf', fileSize, storageKey: key, uploadedBy: seller.id },
      }),
    );
    const file = path.join(documentsDir, ...key.split('/'));
    expect(fs.existsSync(file)).toBe(true);
    await t.db.prisma.transaction.create({
      data: { prototypeId: prototype.id, sellerId: seller.id, amount: 100, platformFee: 10, sellerPayout: 90 },
    });
    const client = await signedInClient(t.db, 'admin', { services: { documentStore: store } });
    const admin = client.user;
    await client.request('POST', '/api/admin/messages', { userId: seller.id, subject: 'Hi', content: 'Before delete' });

    const res = await client.request('DELETE', `/api/admin/users/${seller.id}`);
    expect(res.status).toBe(200);
    expect(await t.db.prisma.user.count({ where: { id: seller.id } })).toBe(0);
    expect(await t.db.prisma.prototype.count({ where: { sellerId: seller.id } })).toBe(0);
    expect(await t.db.prisma.prototypeDocument.count()).toBe(0);
    expect(await t.db.prisma.transaction.count()).toBe(0);
    expect(await t.db.prisma.adminMessage.count()).toBe(0);
    expect(await t.db.prisma.session.count({ where: { userId: seller.id } })).toBe(0);
    expect(fs.existsSync(file)).toBe(false);
    expect(await t.db.prisma.prototype.count({ where: { id: keep.id } })).toBe(1);
    expect((await sellerClient.request('GET', '/api/auth/user')).status).toBe(401);
    const audit = await t.db.prisma.userActivityLog.findFirstOrThrow({ where: { action: 'admin.user.delete' } });
    expect(audit).toMatchObject({ userId: admin!.id, targetId: seller.id, details: { documents: 1 } });
    expect((await client.request('DELETE', `/api/admin/users/${seller.id}`)).status).toBe(404);
  });

  it('a file that cannot be removed does not block the delete; the others still go and the failure is logged', async () => {
    const seller = await createUser(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id);
    const documentsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-delete-stuck-'));
    onTestFinished(() => fs.rmSync(documentsDir, { recursive: true, force: true }));
    const disk = createDiskDocumentStore(documentsDir, t.db.prisma);
    const keys = [`prototypes/${prototype.id}/${randomUUID()}`, `prototypes/${prototype.id}/${randomUUID()}`];
    for (const key of keys) {
      await disk.save(key, Readable.from([Buffer.from('%PDF-1.4 test')]), (tx, fileSize) =>
        tx.prototypeDocument.create({
          data: { prototypeId: prototype.id, fileName: 'spec.pdf', fileType: 'application/pdf', fileSize, storageKey: key, uploadedBy: seller.id },
        }),
      );
    }
    const fileOf = (key: string) => path.join(documentsDir, ...key.split('/'));
    // The first file cannot be removed (a disk that refuses, a bucket that is down).
    const stuck: DocumentStore = {
      ...disk,
      delete: (key) => (key === keys[0] ? Promise.reject(new Error('EACCES: permission denied')) : disk.delete(key)),
    };
    const log = capturingLogger();
    const caller = await callerAs(t.db, (await createAdmin(t.db.prisma)).id, undefined, { documentStore: stuck, log });

    await expect(caller.admin.deleteUser({ id: seller.id })).resolves.toEqual({ success: true });
    expect(await t.db.prisma.user.count({ where: { id: seller.id } })).toBe(0);
    expect(fs.existsSync(fileOf(keys[0]!))).toBe(true);
    expect(fs.existsSync(fileOf(keys[1]!))).toBe(false);
    expect(log.lines).toEqual([expect.objectContaining({ level: 'error', msg: 'document file not removed', key: keys[0] })]);
  });
});

describe('POST /api/admin/messages', () => {
  it('stores an admin_to_user message without parent and notifies the user', async () => {
    const seller = await createUser(t.db.prisma);
    const client = await signedInClient(t.db, 'admin');
    const admin = client.user;
    const res = await client.request('POST', '/api/admin/messages', { userId: seller.id, subject: 'Your submission', content: 'Please send the test data.' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      subject: 'Your submission',
      message: 'Please send the test data.',
      messageType: 'admin_to_user',
      parentMessageId: null,
      isRead: false,
    });
    const stored = await t.db.prisma.adminMessage.findFirstOrThrow();
    expect(stored).toMatchObject({ adminId: admin!.id, userId: seller.id, parentMessageId: null, messageType: 'admin_to_user' });
    const note = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id } });
    expect(note).toMatchObject({ type: 'admin_message', actionUrl: '/messages' });
  });
});
