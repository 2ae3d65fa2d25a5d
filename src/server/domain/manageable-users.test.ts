// "May this admin act on this user?", written once (manageable-users.ts): never on an administrator,
// and only on a user who exists. Checked on the rule and through each action that asks it.
import { describe, expect, it } from 'vitest';
import { WARNING_SEVERITIES, WARNING_TYPES } from '~/shared/moderation.ts';
import { createAdmin, createUser } from '../test/factories.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';
import { ADMIN_TARGET, USER_NOT_FOUND, assertMayActOnUser, manageableUsers, mayActOnUser } from './manageable-users.ts';

const t = useTestDatabase();
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('mayActOnUser', () => {
  it('a user: yes; an administrator: no', () => {
    expect(mayActOnUser({ role: 'user' })).toBe(true);
    expect(mayActOnUser({ role: 'admin' })).toBe(false);
  });

  it('the condition for conditional updates matches exactly the users the rule allows', async () => {
    const user = await createUser(t.db.prisma);
    const admin = await createAdmin(t.db.prisma);
    const matched = await t.db.prisma.user.findMany({ where: { id: { in: [user.id, admin.id] }, ...manageableUsers }, select: { id: true } });
    expect(matched.map((u) => u.id)).toEqual([user.id]);
  });

  it('assertMayActOnUser: the user, 403 for an administrator (naming the action), 404 for nobody', async () => {
    const user = await createUser(t.db.prisma);
    const admin = await createAdmin(t.db.prisma);
    await expect(assertMayActOnUser(t.db.prisma, user.id, 'deleted')).resolves.toMatchObject({ id: user.id, role: 'user' });
    await expect(assertMayActOnUser(t.db.prisma, admin.id, 'deleted')).rejects.toThrow(new ForbiddenError(ADMIN_TARGET('deleted')));
    await expect(assertMayActOnUser(t.db.prisma, MISSING, 'deleted')).rejects.toThrow(new NotFoundError(USER_NOT_FOUND));
  });

  it('every action on a user refuses another administrator, and changes nothing', async () => {
    const actor = await createAdmin(t.db.prisma);
    const target = await createAdmin(t.db.prisma);
    const asAdmin = await callerAs(t.db, actor.id);
    const before = await t.db.prisma.user.findUniqueOrThrow({ where: { id: target.id }, select: { status: true, password: true } });
    const refusals = [
      [() => asAdmin.admin.updateUserStatus({ id: target.id, status: 'banned', banReason: 'x' }), 'restricted or banned'],
      [() => asAdmin.admin.resetPassword({ id: target.id, newPassword: 'another-password-1' }), 'given a new password here'],
      [() => asAdmin.admin.deleteUser({ id: target.id }), 'deleted'],
      [
        () => asAdmin.moderation.warn({ id: target.id, warningType: WARNING_TYPES[0], severity: WARNING_SEVERITIES[0], title: 'Warning', description: 'x' }),
        'warned',
      ],
      [() => asAdmin.moderation.suspend({ id: target.id, reason: 'x', endDate: new Date(Date.now() + 86_400_000) }), 'suspended'],
    ] as const;
    for (const [action, what] of refusals) {
      await expect(action()).rejects.toMatchObject({ code: 'FORBIDDEN', message: ADMIN_TARGET(what) });
    }
    const after = await t.db.prisma.user.findUniqueOrThrow({ where: { id: target.id }, select: { status: true, password: true } });
    expect(after).toEqual(before);
    expect(await t.db.prisma.userWarning.count({ where: { userId: target.id } })).toBe(0);
  });
});
