// Makes sure the site has an administrator at start-up (README "First admin").
import { randomInt } from 'node:crypto';
import { GENERATED_PASSWORD_ALPHABET } from '~/shared/constants.ts';
import { hashPassword, verifyPassword } from './auth/password.ts';
import { invalidateUserSessions } from './auth/session.ts';
import type { Db } from './db/index.ts';

export function generatePassword(length: number): string {
  let password = '';
  for (let i = 0; i < length; i++) password += GENERATED_PASSWORD_ALPHABET[randomInt(GENERATED_PASSWORD_ALPHABET.length)];
  return password;
}

export type FirstAdminResult =
  | { action: 'ensured'; email: string }
  | { action: 'generated'; email: string; password: string }
  | { action: 'none' };

/**
 * With ADMIN_EMAIL and ADMIN_PASSWORD: that account exists, is an active admin and has that
 * password (created, or promoted and re-passworded; its old sessions end when the password changes).
 * Without them and with no admin at all: one is created with a generated password, returned once.
 */
export async function ensureFirstAdmin(db: Db, adminEmail?: string, adminPassword?: string): Promise<FirstAdminResult> {
  if (adminEmail && adminPassword) {
    const email = adminEmail.trim().toLowerCase();
    const existing = await db.user.findUnique({ where: { email }, select: { id: true, password: true } });
    if (!existing) {
      await db.user.create({
        data: {
          email,
          password: await hashPassword(adminPassword),
          role: 'admin',
          firstName: 'Site',
          lastName: 'Administrator',
          isVerified: true,
        },
      });
      return { action: 'ensured', email };
    }
    await db.user.update({
      where: { id: existing.id },
      data: { role: 'admin', status: 'active', banReason: null, restrictedUntil: null },
    });
    // Only a different password is re-hashed (and ends old sessions): restarts keep the admin signed in.
    if (!(await verifyPassword(existing.password, adminPassword))) {
      await db.user.update({ where: { id: existing.id }, data: { password: await hashPassword(adminPassword) } });
      await invalidateUserSessions(db, existing.id);
    }
    return { action: 'ensured', email };
  }
  if (await db.user.findFirst({ where: { role: 'admin' }, select: { id: true } })) return { action: 'none' };
  const email = 'admin@atomix.local';
  const password = generatePassword(16);
  await db.user.upsert({
    where: { email },
    create: { email, password: await hashPassword(password), role: 'admin', firstName: 'Site', lastName: 'Administrator', isVerified: true },
    update: { role: 'admin', status: 'active', password: await hashPassword(password) },
  });
  return { action: 'generated', email, password };
}
