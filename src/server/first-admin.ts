// Makes sure the site has an administrator at start-up (README "First admin").
import type { Prisma } from '~/generated/prisma/client.ts';
import { GRANTED_ONLY_CAPABILITIES } from '~/shared/capabilities.ts';
import { generateRandomPassword } from '~/shared/generate-password.ts';
import { hashPassword, verifyPassword } from './auth/password.ts';
import { invalidateUserSessions } from './auth/session.ts';
import type { Db } from './db/index.ts';

/**
 * The first administrator of a database holds what no role holds by default (compliance.manage,
 * ADR 0050), by a grant with no end, so someone can grant it to the compliance officers.
 */
async function grantFirstAdminCapabilities(tx: Prisma.TransactionClient, adminId: string) {
  await tx.userPermission.createMany({
    data: GRANTED_ONLY_CAPABILITIES.map((permission) => ({
      userId: adminId,
      permission,
      granted: true,
      reason: 'The first administrator of this database',
    })),
  });
}

export type FirstAdminResult = { action: 'ensured'; email: string } | { action: 'generated'; email: string; password: string } | { action: 'none' };

/** Held (per transaction) while the admin is checked and written: "admin!" as a number. */
const FIRST_ADMIN_LOCK_ID = 0x61646d696e21;

/**
 * With ADMIN_EMAIL and ADMIN_PASSWORD: that account exists, is an active admin and has that
 * password (created, or promoted and re-passworded; its old sessions end when the password changes).
 * Without them and with no admin at all: one is created with a generated password, returned once.
 * Instances starting together take turns under an advisory lock, so the later one sees what the
 * earlier one wrote: no unique-constraint error, one admin, one generated password returned.
 */
export async function ensureFirstAdmin(db: Db, adminEmail?: string, adminPassword?: string): Promise<FirstAdminResult> {
  if (adminEmail && adminPassword) {
    const email = adminEmail.trim().toLowerCase();
    const passwordChangedFor = await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_ID})`;
      const firstAdmin = !(await tx.user.findFirst({ where: { role: 'admin' }, select: { id: true } }));
      const existing = await tx.user.findUnique({ where: { email }, select: { id: true, password: true } });
      if (!existing) {
        const created = await tx.user.create({
          data: {
            email,
            password: await hashPassword(adminPassword),
            role: 'admin',
            firstName: 'Site',
            lastName: 'Administrator',
            isVerified: true,
          },
          select: { id: true },
        });
        if (firstAdmin) await grantFirstAdminCapabilities(tx, created.id);
        return null;
      }
      await tx.user.update({
        where: { id: existing.id },
        data: { role: 'admin', status: 'active', banReason: null, restrictedUntil: null },
      });
      if (firstAdmin) await grantFirstAdminCapabilities(tx, existing.id);
      // Only a different password is re-hashed (and ends old sessions): restarts keep the admin signed in.
      if (await verifyPassword(existing.password, adminPassword)) return null;
      await tx.user.update({ where: { id: existing.id }, data: { password: await hashPassword(adminPassword) } });
      return existing.id;
    });
    if (passwordChangedFor) await invalidateUserSessions(db, passwordChangedFor);
    return { action: 'ensured', email };
  }
  // The usual start (an admin exists) needs neither the lock nor a hash.
  if (await db.user.findFirst({ where: { role: 'admin' }, select: { id: true } })) return { action: 'none' };
  const email = 'admin@atomix.local';
  const password = generateRandomPassword(16);
  const hashed = await hashPassword(password);
  const created = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_ID})`;
    if (await tx.user.findFirst({ where: { role: 'admin' }, select: { id: true } })) return false;
    const admin = await tx.user.upsert({
      where: { email },
      create: { email, password: hashed, role: 'admin', firstName: 'Site', lastName: 'Administrator', isVerified: true },
      update: { role: 'admin', status: 'active', password: hashed },
      select: { id: true },
    });
    await grantFirstAdminCapabilities(tx, admin.id);
    return true;
  });
  return created ? { action: 'generated', email, password } : { action: 'none' };
}
