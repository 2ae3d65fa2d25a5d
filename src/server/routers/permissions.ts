// Capabilities per user (issue 15, point 6; ADR 0019): the caller's own (for screens to hide what
// they cannot do), and the admin's view and changes. Thin: validate, call domain/permission-overrides.ts.
import { permissionChangeInput, permissionOverrideIdInput, permissionUserInput } from '~/shared/schemas/permissions.ts';
import { actionDeps } from '../context.ts';
import { changePermission, effectiveCapabilities, permissionsOfUser, removePermissionOverride } from '../domain/permission-overrides.ts';
import { capabilityProcedure, protectedProcedure, router } from '../trpc.ts';

const manageProcedure = capabilityProcedure('permissions.manage');

export const permissionsRouter = router({
  /** What the caller may do now, capability by capability. */
  mine: protectedProcedure.query(({ ctx }) => effectiveCapabilities(ctx.db, ctx.user, ctx.clock.now())),

  /** GET /api/admin/users/{id}/permissions */
  forUser: manageProcedure.input(permissionUserInput).query(({ ctx, input }) => permissionsOfUser(ctx.db, input.id, ctx.clock.now())),

  /** POST /api/admin/users/{id}/permissions */
  change: manageProcedure.input(permissionChangeInput).mutation(({ ctx, input }) =>
    changePermission(actionDeps(ctx), {
      userId: input.id,
      permission: input.permission,
      granted: input.granted,
      reason: input.reason,
      expiresAt: input.expiresAt ?? null,
    }),
  ),

  /** DELETE /api/admin/permissions/{id} */
  remove: manageProcedure.input(permissionOverrideIdInput).mutation(({ ctx, input }) => removePermissionOverride(actionDeps(ctx), input.id)),
});
