// Row builders shared by the demo seed (demo-data.ts, prisma/seed.ts) and the tests (test/factories.ts):
// real rows through Prisma with sensible defaults, the demo password hashed once.
import { randomUUID } from 'node:crypto';
import type { Prisma } from '~/generated/prisma/client.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/index.ts';

export const DEFAULT_PASSWORD = 'password123';
let cachedHash: Promise<string> | null = null;

/** Argon2 is slow by design; factories reuse one hash of DEFAULT_PASSWORD unless told otherwise. */
async function passwordHash(password: string | undefined) {
  if (password === undefined || password === DEFAULT_PASSWORD) {
    cachedHash ??= hashPassword(DEFAULT_PASSWORD);
    return cachedHash;
  }
  return hashPassword(password);
}

export async function createUser(db: Db, overrides: Partial<Prisma.UserCreateInput> & { password?: string } = {}) {
  const { password, ...rest } = overrides;
  return db.user.create({
    data: {
      email: `user-${randomUUID().slice(0, 8)}@example.test`,
      firstName: 'Test',
      lastName: 'User',
      ...rest,
      password: await passwordHash(password),
    },
  });
}

export function createAdmin(db: Db, overrides: Partial<Prisma.UserCreateInput> & { password?: string } = {}) {
  return createUser(db, { role: 'admin', firstName: 'Admin', isVerified: true, ...overrides });
}

export async function createPrototype(db: Db, sellerId: string, overrides: Partial<Prisma.PrototypeUncheckedCreateInput> = {}) {
  return db.prototype.create({
    data: {
      sellerId,
      inventorName: 'Dr. Test Inventor',
      prototypeName: `Prototype ${randomUUID().slice(0, 6)}`,
      energyType: 'solar',
      description: 'A prototype used in tests.',
      powerOutput: 120,
      efficiency: 42,
      ...overrides,
    },
  });
}
