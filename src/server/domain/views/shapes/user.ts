// What the API returns for a user: the current user and the admin's list row (user-view.ts derives its types).
import { z } from 'zod';
import { ROLES, USER_STATUSES } from '~/shared/constants.ts';
import { timestamp, uuid } from './common.ts';

export const currentUser = z.strictObject({
  id: uuid,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  organization: z.string().nullable(),
  /** Energy types (administrators: reviewer suggestions; empty for sellers). */
  expertise: z.array(z.string()),
  role: z.enum(ROLES),
  isVerified: z.boolean(),
  /** Effective status: a restriction whose time has passed reads "active". */
  status: z.enum(USER_STATUSES),
  banReason: z.string().nullable(),
  restrictedUntil: timestamp.nullable(),
  /** A running suspension's end (null: not suspended). */
  suspendedUntil: timestamp.nullable(),
  adminNotes: z.string().nullable(),
  emailNotifications: z.boolean(),
  /** When two-factor sign-in was turned on (null: off). */
  twoFactorEnabledAt: timestamp.nullable(),
  /** An admin held back until they turn on two-factor sign-in (ADMIN_REQUIRE_2FA). */
  twoFactorSetupRequired: z.boolean(),
  /** An enrolled admin held back because this session was opened without the second factor (ADR 0038). */
  twoFactorSignInRequired: z.boolean(),
  createdAt: timestamp,
});
export const userEnvelope = z.strictObject({ user: currentUser });
/** The password was right; the account needs its second factor (POST /api/login/2fa). */
export const twoFactorRequired = z.strictObject({ twoFactorRequired: z.literal(true) });

export const adminUser = currentUser.omit({ emailNotifications: true, twoFactorSetupRequired: true, twoFactorSignInRequired: true });
