// The current user as the screens read it (spec section 3, "Current user"). Never the password,
// bank details or payment-provider ids.
import type { Prisma } from '~/generated/prisma/client.ts';

export const sessionUserSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  businessName: true,
  phoneNumber: true,
  organization: true,
  expertise: true,
  role: true,
  isVerified: true,
  status: true,
  banReason: true,
  restrictedUntil: true,
  /** A running suspension's end (ADR 0016): while in the future, the session check refuses the user. */
  suspendedUntil: true,
  adminNotes: true,
  emailNotifications: true,
  twoFactorEnabledAt: true,
  createdAt: true,
} satisfies Prisma.UserSelect;

export type SessionUser = Prisma.UserGetPayload<{ select: typeof sessionUserSelect }>;
