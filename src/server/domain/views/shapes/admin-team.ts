// An invitation to join as an administrator, as the admin team screen and GET /api/admin/invitations read it.
import { z } from 'zod';
import { id, timestamp, uuid } from './common.ts';

export const INVITATION_STATES = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const adminInvitation = z.strictObject({
  id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Pending until accepted, revoked or past `expiresAt`. */
  status: z.enum(INVITATION_STATES),
  invitedByName: z.string().nullable(),
  createdAt: timestamp,
  expiresAt: timestamp,
  acceptedAt: timestamp.nullable(),
  /** The administrator account it made (null once that account is deleted). */
  acceptedUserId: uuid.nullable(),
  revokedAt: timestamp.nullable(),
});

/** What the invitation page shows before the invitee chooses a password. */
export const invitationPreview = z.strictObject({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  expiresAt: timestamp,
});
