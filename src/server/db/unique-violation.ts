// A write refused by a unique index: two requests raced to create the same row, or the row exists.
import { Prisma } from '~/generated/prisma/client.ts';

/** Prisma's P2002: the row would break a unique index (trpc.ts answers 409 where a rule does not say more). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}
