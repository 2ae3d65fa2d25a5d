// User status rules (spec section 4): active, restricted (optionally until a time), banned.
import type { UserStatus } from '~/shared/constants.ts';

/** A restriction with a past end time has ended by itself. */
export function effectiveStatus(user: { status: UserStatus; restrictedUntil: Date | null }, now: Date): UserStatus {
  if (user.status === 'restricted' && user.restrictedUntil && user.restrictedUntil.getTime() <= now.getTime()) {
    return 'active';
  }
  return user.status;
}
