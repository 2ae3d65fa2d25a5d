// Per-user capability overrides (issue 15, point 6; ADR 0019): an admin grants or revokes one
// capability for one user with a reason and an optional end. The same schemas drive the form.
import { z } from 'zod';
import { CAPABILITIES } from '../capabilities.ts';
import { recordId, storableDate, uuidId } from './bounds.ts';
import { requiredText } from './text.ts';

export const PERMISSION_REASON_MAX = 1000;

export const capabilityName = z.enum(CAPABILITIES, {
  errorMap: () => ({ message: `Unknown capability: use one of ${CAPABILITIES.join(', ')}` }),
});

/** GET /api/admin/users/{id}/permissions */
export const permissionUserInput = z.object({ id: uuidId('user') });

/** POST /api/admin/users/{id}/permissions: `granted: false` revokes; no `expiresAt` means until removed. */
export const permissionChangeInput = z.object({
  id: uuidId('user'),
  permission: capabilityName,
  granted: z.boolean({ required_error: 'granted is required', invalid_type_error: 'granted must be true or false' }),
  reason: requiredText('Reason', PERMISSION_REASON_MAX),
  expiresAt: storableDate('Invalid expiry date').nullish(),
});
export type PermissionChangeInput = z.input<typeof permissionChangeInput>;

/** DELETE /api/admin/permissions/{id} */
export const permissionOverrideIdInput = z.object({ id: recordId('permission') });
