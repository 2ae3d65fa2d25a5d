// User status rules (spec section 4): active, restricted (optionally until a time), banned; and who
// counts as the admin team. Each rule beside its where-clause twin, so that a list and a check agree.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { Role, UserStatus } from '~/shared/constants.ts';
import { InvalidInputError } from './errors.ts';

/** A restriction with a past end time has ended by itself. */
export function effectiveStatus(user: { status: UserStatus; restrictedUntil: Date | null }, now: Date): UserStatus {
  if (user.status === 'restricted' && user.restrictedUntil && user.restrictedUntil.getTime() <= now.getTime()) {
    return 'active';
  }
  return user.status;
}

/** The users whose `effectiveStatus` at `now` is `status`. */
export function effectiveStatusWhere(status: UserStatus, now: Date): Prisma.UserWhereInput {
  if (status === 'banned') return { status: 'banned' };
  if (status === 'restricted') return { status: 'restricted', OR: [{ restrictedUntil: null }, { restrictedUntil: { gt: now } }] };
  return { OR: [{ status: 'active' }, { status: 'restricted', restrictedUntil: { lte: now } }] };
}

/** A suspension running at `now` (users.suspended_until, ADR 0016): it ends every session and refuses sign-in. */
export function suspendedAt(user: { suspendedUntil: Date | null }, now: Date): boolean {
  return user.suspendedUntil !== null && user.suspendedUntil.getTime() > now.getTime();
}

/**
 * The admin team: every administrator not banned. A banned admin can no longer sign in, so nothing
 * is sent to them (notifications carry admin data) and nothing is assigned to them.
 */
export const teamWhere = { role: 'admin', status: { not: 'banned' } } satisfies Prisma.UserWhereInput;

export const BANNED_ADMIN_NOT_ASSIGNABLE = 'A banned administrator cannot be assigned';

/** `teamWhere` for one user. */
export function isOnTeam(user: { role: Role; status: UserStatus }): boolean {
  return user.role === 'admin' && user.status !== 'banned';
}

/** `isOnTeam` for one user about to be assigned something: `notAdmin` says why a non-admin is refused. */
export function assertTeamMember(user: { role: Role; status: UserStatus }, notAdmin: string): void {
  if (user.role !== 'admin') throw new InvalidInputError(notAdmin);
  if (user.status === 'banned') throw new InvalidInputError(BANNED_ADMIN_NOT_ASSIGNABLE);
}

/** Administrators who may review at `now`: active ones (a restricted admin reviews again once the restriction ends). */
export function reviewersWhere(now: Date): Prisma.UserWhereInput {
  return { role: 'admin', ...effectiveStatusWhere('active', now) };
}
