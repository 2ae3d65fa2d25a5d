// Capabilities per user (issue 15, point 6; ADR 0019): what a user may do, and the overrides that
// grant or revoke one (routers/permissions.ts).
import { permissionChangeInput, permissionOverrideIdInput, permissionUserInput } from '~/shared/schemas/permissions.ts';
import { permissionOverride, userPermissions } from '../../domain/views/shapes/permission.ts';
import { defineRoute, successBody } from '../define-route.ts';

const tag = 'Admin';

export const permissionRoutes = [
  defineRoute('GET /api/admin/users/:id/permissions', {
    access: 'admin',
    tag,
    summary: "A user's effective capabilities and every override (expired ones marked)",
    description: 'Needs `permissions.manage`. Each capability comes from the role or from the newest unexpired override.',
    params: permissionUserInput,
    output: { shape: userPermissions, description: 'Capabilities and overrides' },
    handler: ({ caller, input }) => caller.permissions.forUser(input),
  }),
  defineRoute('POST /api/admin/users/:id/permissions', {
    access: 'admin',
    tag,
    summary: 'Grant or revoke one capability for one user, with a reason and an optional end',
    description:
      'Needs `permissions.manage`. 400 for an administrator capability on a non-administrator, or an expiry not in the future; 403 for your own permissions; 409 when no administrator would keep `permissions.manage`. The user is notified.',
    input: permissionChangeInput,
    status: 201,
    output: { shape: permissionOverride, description: 'The override' },
    errors: [409],
    handler: ({ caller, input }) => caller.permissions.change(input),
  }),
  defineRoute('DELETE /api/admin/permissions/:id', {
    access: 'admin',
    tag,
    summary: 'Remove an override: the role default (or an older override) decides again',
    description: 'Needs `permissions.manage`. 403 for your own; 409 when no administrator would keep `permissions.manage`.',
    params: permissionOverrideIdInput,
    output: { shape: successBody, description: 'Removed' },
    errors: [409],
    handler: ({ caller, input }) => caller.permissions.remove(input),
  }),
];
