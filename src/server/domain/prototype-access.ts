// Who may do what with prototypes: rules the procedures and the document routes share.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { ForbiddenError } from './errors.ts';
import { effectiveStatus } from './user-status.ts';

export const PROTOTYPE_NOT_FOUND = 'Prototype not found';

/** Restricted (until their time passes) and banned users may not submit or upload. */
export function assertMaySubmit(user: Pick<SessionUser, 'status' | 'restrictedUntil' | 'banReason'>): void {
  const status = effectiveStatus(user);
  if (status === 'banned') {
    throw new ForbiddenError(`Your account has been banned${user.banReason ? `: ${user.banReason}` : ''}. You cannot submit prototypes or upload documents.`);
  }
  if (status === 'restricted') {
    const until = user.restrictedUntil ? ` until ${user.restrictedUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
    throw new ForbiddenError(`Your account is restricted${until}. You cannot submit prototypes or upload documents while it is restricted.`);
  }
}

/** A seller sees their own prototypes; admins see every prototype. */
export function visiblePrototypes(user: Pick<SessionUser, 'id' | 'role'>): Prisma.PrototypeWhereInput {
  return user.role === 'admin' ? {} : { sellerId: user.id };
}
