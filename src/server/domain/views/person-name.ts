// The columns fullName (shared/format.ts) reads: selected wherever a view names a person.
import type { Prisma } from '~/generated/prisma/client.ts';

export const personName = { firstName: true, lastName: true, email: true } as const satisfies Prisma.UserSelect;
