import { describe, expect, it } from 'vitest';
import { verifyPassword } from './auth/password.ts';
import { createSession } from './auth/session.ts';
import { ensureFirstAdmin } from './first-admin.ts';
import { createAdmin, createUser } from './test/factories.ts';
import { useTestDatabase } from './test/harness.ts';

const t = useTestDatabase();

describe('ensureFirstAdmin', () => {
  it('creates ADMIN_EMAIL as an admin with ADMIN_PASSWORD', async () => {
    expect(await ensureFirstAdmin(t.db.prisma, 'Boss@Atomix.test', 'a-strong-password')).toEqual({ action: 'ensured', email: 'boss@atomix.test' });
    const admin = await t.db.prisma.user.findUniqueOrThrow({ where: { email: 'boss@atomix.test' } });
    expect(admin.role).toBe('admin');
    expect(await verifyPassword(admin.password, 'a-strong-password')).toBe(true);
  });

  it('promotes and re-passwords an existing account, ending its old sessions', async () => {
    const user = await createUser(t.db.prisma, { email: 'boss@atomix.test', status: 'banned', banReason: 'x' });
    await createSession(t.db.prisma, user.id, 30);
    await ensureFirstAdmin(t.db.prisma, 'boss@atomix.test', 'a-new-password');
    const admin = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(admin).toMatchObject({ role: 'admin', status: 'active', banReason: null });
    expect(await verifyPassword(admin.password, 'a-new-password')).toBe(true);
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it('keeps sessions when the password is unchanged (restarts do not sign the admin out)', async () => {
    await ensureFirstAdmin(t.db.prisma, 'boss@atomix.test', 'same-password');
    const admin = await t.db.prisma.user.findUniqueOrThrow({ where: { email: 'boss@atomix.test' } });
    await createSession(t.db.prisma, admin.id, 30);
    await ensureFirstAdmin(t.db.prisma, 'boss@atomix.test', 'same-password');
    expect(await t.db.prisma.session.count({ where: { userId: admin.id } })).toBe(1);
  });

  it('without settings, creates one admin with a generated password only when none exists', async () => {
    const result = await ensureFirstAdmin(t.db.prisma);
    expect(result.action).toBe('generated');
    if (result.action !== 'generated') return;
    const admin = await t.db.prisma.user.findUniqueOrThrow({ where: { email: result.email } });
    expect(await verifyPassword(admin.password, result.password)).toBe(true);
    expect(await ensureFirstAdmin(t.db.prisma)).toEqual({ action: 'none' });
    expect(await t.db.prisma.user.count({ where: { role: 'admin' } })).toBe(1);
  });

  it('two instances starting together on an empty database: one admin, one printed password', { tags: ['engine'] }, async () => {
    const results = await Promise.all([ensureFirstAdmin(t.db.prisma), ensureFirstAdmin(t.db.prisma)]);
    expect(results.map((r) => r.action).sort()).toEqual(['generated', 'none']);
    const generated = results.find((r) => r.action === 'generated');
    const admins = await t.db.prisma.user.findMany({ where: { role: 'admin' }, select: { password: true } });
    expect(admins).toHaveLength(1);
    // The one password printed is the one that works.
    if (generated?.action === 'generated') expect(await verifyPassword(admins[0]!.password, generated.password)).toBe(true);
  });

  it('two instances starting together with ADMIN_EMAIL both succeed and leave one account', { tags: ['engine'] }, async () => {
    const results = await Promise.all([
      ensureFirstAdmin(t.db.prisma, 'boss@atomix.test', 'a-strong-password'),
      ensureFirstAdmin(t.db.prisma, 'boss@atomix.test', 'a-strong-password'),
    ]);
    expect(results).toEqual([
      { action: 'ensured', email: 'boss@atomix.test' },
      { action: 'ensured', email: 'boss@atomix.test' },
    ]);
    const admins = await t.db.prisma.user.findMany({ where: { role: 'admin' }, select: { email: true, password: true } });
    expect(admins.map((a) => a.email)).toEqual(['boss@atomix.test']);
    expect(await verifyPassword(admins[0]!.password, 'a-strong-password')).toBe(true);
  });

  it('does nothing when an admin already exists', async () => {
    await createAdmin(t.db.prisma);
    expect(await ensureFirstAdmin(t.db.prisma)).toEqual({ action: 'none' });
  });
});

describe('compliance.manage for the first administrator (issue 32, ADR 0050)', () => {
  const holdsCompliance = async (userId: string) =>
    (await t.db.prisma.userPermission.count({ where: { userId, permission: 'compliance.manage', granted: true, expiresAt: null } })) === 1;

  it('the admin created on an empty database holds it, with or without ADMIN_EMAIL; a later ADMIN_EMAIL admin does not', async () => {
    const generated = await ensureFirstAdmin(t.db.prisma);
    const first = await t.db.prisma.user.findFirstOrThrow({ where: { role: 'admin' } });
    expect(generated.action).toBe('generated');
    expect(await holdsCompliance(first.id)).toBe(true);
    await ensureFirstAdmin(t.db.prisma, 'second@atomix.test', 'a-strong-password');
    const second = await t.db.prisma.user.findUniqueOrThrow({ where: { email: 'second@atomix.test' } });
    expect(await holdsCompliance(second.id)).toBe(false);
  });

  it('ADMIN_EMAIL on an empty database: that admin holds it', async () => {
    await ensureFirstAdmin(t.db.prisma, 'boss@atomix.test', 'a-strong-password');
    const admin = await t.db.prisma.user.findUniqueOrThrow({ where: { email: 'boss@atomix.test' } });
    expect(await holdsCompliance(admin.id)).toBe(true);
    // Restarting with the same settings grants nothing twice.
    await ensureFirstAdmin(t.db.prisma, 'boss@atomix.test', 'a-strong-password');
    expect(await t.db.prisma.userPermission.count({ where: { userId: admin.id } })).toBe(1);
  });
});
