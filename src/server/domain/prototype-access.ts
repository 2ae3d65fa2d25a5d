// Who may do what with prototypes: rules the procedures and the document routes share.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { ForbiddenError } from './errors.ts';
import { effectiveStatus } from './user-status.ts';
import { formatUtcStamp } from '~/shared/format.ts';

export const PROTOTYPE_NOT_FOUND = 'Prototype not found';

/** Restricted (until their time passes) and banned users may not submit or upload. */
export function assertMaySubmit(user: Pick<SessionUser, 'status' | 'restrictedUntil' | 'banReason'>, now: Date): void {
  const status = effectiveStatus(user, now);
  if (status === 'banned') {
    throw new ForbiddenError(`Your account has been banned${user.banReason ? `: ${user.banReason}` : ''}. You cannot submit prototypes or upload documents.`);
  }
  if (status === 'restricted') {
    const until = user.restrictedUntil ? ` until ${formatUtcStamp(user.restrictedUntil)}` : '';
    throw new ForbiddenError(`Your account is restricted${until}. You cannot submit prototypes or upload documents while it is restricted.`);
  }
}

/**
 * Who may see which prototypes, written once (its detail, documents, information requests, document
 * access list, messages about it): a seller their own; admins every prototype. `user` is the
 * signed-in user as the procedures see it, so an admin whose session lacks the second factor
 * ADMIN_REQUIRE_2FA asks for (withEnrolledRole) sees only their own.
 */
export function visiblePrototypes(user: { id: string; role: string }): Prisma.PrototypeWhereInput {
  return user.role === 'admin' ? {} : { sellerId: user.id };
}
