// A user's effective capabilities and the overrides that decide them.
import { z } from 'zod';
import { ROLES } from '~/shared/constants.ts';
import { CAPABILITIES } from '~/shared/capabilities.ts';
import { id, timestamp, uuid } from './common.ts';

export const effectiveCapability = z.strictObject({
  permission: z.enum(CAPABILITIES),
  label: z.string(),
  allowed: z.boolean(),
  source: z.enum(['role', 'override']),
  overrideId: id.nullable(),
  until: timestamp.nullable(),
  /** The deciding override's reason (the user reads it too). */
  reason: z.string().nullable(),
});
export const permissionOverride = z.strictObject({
  id,
  userId: uuid,
  /** A capability name (rows written before a name was retired keep it). */
  permission: z.string(),
  granted: z.boolean(),
  reason: z.string().nullable(),
  expiresAt: timestamp.nullable(),
  createdAt: timestamp,
  grantedBy: uuid.nullable(),
  grantedByName: z.string().nullable(),
  expired: z.boolean(),
  deciding: z.boolean(),
});
export const userPermissions = z.strictObject({
  userId: uuid,
  role: z.enum(ROLES),
  capabilities: z.array(effectiveCapability),
  overrides: z.array(permissionOverride),
});
