// The demo permissions (db:seed): the reviewer has no payouts, the seller may not submit for a week.
import { describe, expect, it } from 'vitest';
import { decideCapability } from '../domain/permissions.ts';
import { createAdmin, createUser } from '../test/factories.ts';
import { useTestDatabase } from '../test/harness.ts';
import { seedPermissionsDemo } from './permissions-demo.ts';

const t = useTestDatabase();

describe('seedPermissionsDemo', () => {
  it('narrows the reviewer (no payouts) and the seller (no submission until a week later), with the seller told', async () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    const [first, reviewer, seller] = await Promise.all([createAdmin(t.db.prisma), createAdmin(t.db.prisma), createUser(t.db.prisma)]);
    await seedPermissionsDemo(t.db.prisma, { firstAdminId: first.id, reviewerId: reviewer.id, sellerId: seller.id, now });
    expect((await decideCapability(t.db.prisma, reviewer, 'payouts.manage', now)).allowed).toBe(false);
    expect((await decideCapability(t.db.prisma, reviewer, 'prototypes.review', now)).allowed).toBe(true);
    expect((await decideCapability(t.db.prisma, seller, 'prototypes.submit', now)).allowed).toBe(false);
    expect((await decideCapability(t.db.prisma, seller, 'prototypes.submit', new Date(now.getTime() + 8 * 86_400_000))).allowed).toBe(true);
    expect(await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id } })).toMatchObject({ type: 'permission_revoked' });
  });
});
