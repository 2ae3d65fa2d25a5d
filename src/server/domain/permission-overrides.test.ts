// The last permission manager and the order of overrides (issue 30, point 3; ADR 0033): only an admin
// who keeps permissions.manage with no end counts, and between overrides the one committed last
// decides, whatever time each request started at.
import { describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '../test/factories.ts';
import { useTestDatabase } from '../test/harness.ts';
import { testServices } from '../test/services.ts';
import type { Capability } from '~/shared/capabilities.ts';
import { ConflictError, ForbiddenError } from './errors.ts';
import { LAST_PERMISSION_MANAGER, changePermission, keepsForGood, permissionsOfUser, removePermissionOverride } from './permission-overrides.ts';
import { decideCapability } from './permissions.ts';

const t = useTestDatabase();

const T = new Date('2026-11-26T10:00:00.000Z');
const at = (ms: number) => new Date(T.getTime() + ms);
const MINUTE = 60_000;

type Admin = Awaited<ReturnType<typeof createAdmin>>;

/** One change by `actor` as a request that started at `now`. */
function change(actor: Admin, now: Date, input: { userId: string; permission?: Capability; granted: boolean; expiresAt?: Date | null }) {
  return changePermission(
    { db: t.db.prisma, meta: { ip: '203.0.113.9', userAgent: 'vitest' }, mailer: testServices(t.db.prisma).mailer, actor, now },
    { permission: 'permissions.manage', reason: 'Rotation', expiresAt: null, ...input },
  );
}

const holds = async (user: Admin, now: Date) => (await decideCapability(t.db.prisma, user, 'permissions.manage', now)).allowed;

describe('keepsForGood', () => {
  const grant = (expiresAt: Date | null) => ({ granted: true, expiresAt });
  const revoke = (expiresAt: Date | null) => ({ granted: false, expiresAt });

  it('holds for good by role or by a grant with no end; not by a grant that ends over a revocation that does not', () => {
    expect(keepsForGood([], T)).toBe(true);
    expect(keepsForGood([grant(null), revoke(null)], T)).toBe(true);
    expect(keepsForGood([grant(at(MINUTE))], T)).toBe(true); // the role's default comes back
    expect(keepsForGood([grant(at(MINUTE)), revoke(null)], T)).toBe(false);
    expect(keepsForGood([grant(at(MINUTE)), grant(null), revoke(null)], T)).toBe(true);
    expect(keepsForGood([revoke(null)], T)).toBe(false);
    // Revoked for a while: not a holder now, even though it comes back.
    expect(keepsForGood([revoke(at(MINUTE))], T)).toBe(false);
    // Held now, but a longer revocation under a shorter grant takes over when the grant ends.
    expect(keepsForGood([grant(at(MINUTE)), revoke(at(2 * MINUTE))], T)).toBe(false);
  });
});

describe('the last permission manager', () => {
  it('an admin whose grant ends in a minute does not count: revoking the last holder for good is 409, and someone still manages after the minute', async () => {
    const [a, b, c] = [await createAdmin(t.db.prisma), await createAdmin(t.db.prisma), await createAdmin(t.db.prisma)];
    await change(a, T, { userId: c.id, granted: false });
    await change(a, T, { userId: b.id, granted: false });
    await change(a, T, { userId: b.id, granted: true, expiresAt: at(MINUTE) });
    expect(await holds(b, T)).toBe(true);

    // Everyone but b, whose grant ends in a minute: refused.
    const refused = change(b, at(1000), { userId: a.id, granted: false });
    await expect(refused).rejects.toThrow(ConflictError);
    await expect(refused).rejects.toThrow(LAST_PERMISSION_MANAGER);
    expect(await holds(a, at(2 * MINUTE))).toBe(true);

    // With a grant with no end, b counts, and then a may go.
    await change(a, at(2000), { userId: b.id, granted: true });
    await change(b, at(3000), { userId: a.id, granted: false });
    expect([await holds(a, at(2 * MINUTE)), await holds(b, at(2 * MINUTE)), await holds(c, at(2 * MINUTE))]).toEqual([false, true, false]);
  });

  it('removing the grant with no end that keeps the last holder is 409 when only an ending grant would remain', async () => {
    const [a, b] = [await createAdmin(t.db.prisma), await createAdmin(t.db.prisma)];
    await change(a, T, { userId: b.id, granted: false });
    const forGood = await change(a, T, { userId: b.id, granted: true });
    await change(b, T, { userId: a.id, granted: false });
    await change(b, T, { userId: a.id, granted: true, expiresAt: at(MINUTE) });
    // a holds now (its grant ends in a minute) and tries to take b's lasting grant away.
    const deps = { db: t.db.prisma, meta: { ip: '203.0.113.9', userAgent: 'vitest' }, mailer: testServices(t.db.prisma).mailer, actor: a, now: at(1000) };
    await expect(removePermissionOverride(deps, forGood.id)).rejects.toThrow(LAST_PERMISSION_MANAGER);
    expect(await holds(b, at(2 * MINUTE))).toBe(true);
  });
});

describe('which override decides', () => {
  it('the change committed last decides, even when its request started first', async () => {
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    // The revocation's request started at T + 10 s and committed first; the grant's started at T
    // (it was slower) and committed after it.
    await change(admin, at(10_000), { userId: seller.id, permission: 'prototypes.submit', granted: false });
    const grant = await change(admin, T, { userId: seller.id, permission: 'prototypes.submit', granted: true });
    const now = at(20_000);
    expect(await decideCapability(t.db.prisma, seller, 'prototypes.submit', now)).toMatchObject({ allowed: true, override: { id: grant.id } });
    const view = await permissionsOfUser(t.db.prisma, seller.id, now);
    expect(view.capabilities.find((c) => c.permission === 'prototypes.submit')).toMatchObject({ allowed: true, overrideId: grant.id });
    expect(view.overrides.map((o) => [o.granted, o.deciding])).toEqual([
      [true, true],
      [false, false],
    ]);
  });

  it(
    '30 parallel grants and revocations (some ending in a minute): the last committed decides, and someone manages now and after every end',
    { tags: ['engine'] },
    async () => {
      const admins = await Promise.all([0, 1, 2, 3].map(() => createAdmin(t.db.prisma)));
      // Each request started a second before the one sent after it: start times run against the
      // order the changes reach the lock.
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => {
          const actor = admins[i % 4]!;
          const target = admins[(i + 1 + (i % 3)) % 4]!;
          const now = at((30 - i) * 1000);
          const kind = i % 3;
          return change(actor, now, {
            userId: target.id,
            granted: kind !== 0,
            expiresAt: kind === 1 ? at(31_000 + MINUTE) : null,
          });
        }),
      );
      for (const result of results) {
        if (result.status === 'rejected') expect(result.reason).toSatisfy((e) => e instanceof ConflictError || e instanceof ForbiddenError);
      }
      expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(0);

      // Commit order, as the audit log (written under the same lock, in the same transaction) saw it.
      const log = await t.db.prisma.userActivityLog.findMany({
        where: { action: { in: ['admin.permission.grant', 'admin.permission.revoke'] } },
        orderBy: { id: 'asc' },
        select: { targetId: true, details: true },
      });
      const lastCommitted = new Map<string, number>();
      for (const entry of log) lastCommitted.set(entry.targetId!, (entry.details as { overrideId: number }).overrideId);
      const now = at(31_000);
      for (const admin of admins) {
        const { override } = await decideCapability(t.db.prisma, admin, 'permissions.manage', now);
        expect(override?.id ?? null).toBe(lastCommitted.get(admin.id) ?? null);
      }

      for (const moment of [now, at(31_000 + MINUTE), at(24 * 60 * MINUTE)]) {
        const holders = [];
        for (const admin of admins) if (await holds(admin, moment)) holders.push(admin.id);
        expect(holders.length, `holders at ${moment.toISOString()}`).toBeGreaterThanOrEqual(1);
      }
    },
  );
});
