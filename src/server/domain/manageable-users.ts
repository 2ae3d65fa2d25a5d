// May this administrator act on this user? (restrict, ban, lift, give a new password, delete, warn,
// suspend). One rule for every such action: administrators are never the target, whatever the
// client sends; the target must exist. Conditional updates use `manageableUsers` in their `where`,
// so a row that changed role meanwhile matches nothing; `assertMayActOnUser` then says why.
import type { Prisma } from '~/generated/prisma/client.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';

export const USER_NOT_FOUND = 'User not found';
/** "Administrators cannot be deleted": `what` names the refused action. */
export const ADMIN_TARGET = (what: string) => `Administrators cannot be ${what}`;

/** The users an administrator may act on, as a condition (for conditional updates and deletes). */
export const manageableUsers = { role: 'user' } as const satisfies Prisma.UserWhereInput;

/** The rule itself. */
export function mayActOnUser(target: { role: string }): boolean {
  return target.role === manageableUsers.role;
}

/** The target, or why not: 404 when it does not exist, 403 when it is an administrator. */
export async function assertMayActOnUser(db: Pick<Prisma.TransactionClient, 'user'>, userId: string, what: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, role: true, email: true, firstName: true } });
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  if (!mayActOnUser(user)) throw new ForbiddenError(ADMIN_TARGET(what));
  return user;
}
