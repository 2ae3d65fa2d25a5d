// Removing an administrator's role (issue 30, point 9; ADR 0039): never one's own, never the last
// administrator, never the last to hold permissions.manage for good (ADR 0033). It runs under the
// permissions lock, so two admins removing each other at once cannot both succeed: the second finds
// they are no longer an administrator. The account stays, as a seller's; its sessions end.
import { ADMIN_ONLY_CAPABILITIES } from '~/shared/capabilities.ts';
import { invalidateUserSessions } from '../auth/session.ts';
import { logActivity } from './activity-log.ts';
import { pendingInvitationWhere } from './admin-invitations.ts';
import { ConflictError, ForbiddenError, NotFoundError } from './errors.ts';
import { USER_NOT_FOUND, assertActorStillManages, assertPermissionManagersRemain, lockPermissions } from './permission-overrides.ts';
import { type CapabilityHolder, decideCapability } from './permissions.ts';
import { type AdminUserView, adminUserSelect, toAdminUserView } from './views/user-view.ts';
import type { DomainDeps } from './deps.ts';

export const NOT_YOUR_OWN_ROLE = 'You cannot remove your own administrator role: ask another administrator';
export const NOT_AN_ADMIN = 'This user is not an administrator';

export interface AdminRoleDeps extends DomainDeps {
  actor: CapabilityHolder;
  now: Date;
}

/**
 * DELETE /api/admin/users/{id}/admin-role: the user becomes a seller. Their admin-only permission
 * overrides and the invitations they sent that are still pending go with the role, and every session
 * of theirs ends, in the same transaction.
 */
export async function removeAdminRole(deps: AdminRoleDeps, userId: string): Promise<AdminUserView> {
  const { db, meta, actor, now } = deps;
  if (userId === actor.id) throw new ForbiddenError(NOT_YOUR_OWN_ROLE);
  return db.$transaction(async (tx) => {
    await lockPermissions(tx);
    const target = await tx.user.findUnique({ where: { id: userId }, select: { id: true, role: true } });
    if (!target) throw new NotFoundError(USER_NOT_FOUND);
    // Under the lock: an actor whose own role went a moment ago stops here, so the last administrator
    // (who is always the actor, as nobody removes their own role) keeps it.
    await assertActorStillManages(tx, actor, now);
    if (target.role !== 'admin') throw new ConflictError(NOT_AN_ADMIN);
    const heldCompliance = (await decideCapability(tx, { id: target.id, role: 'admin' }, 'compliance.manage', now)).allowed;
    const user = await tx.user.update({ where: { id: target.id }, data: { role: 'user' }, select: adminUserSelect });
    const overrides = await tx.userPermission.deleteMany({ where: { userId: target.id, permission: { in: [...ADMIN_ONLY_CAPABILITIES] } } });
    await assertPermissionManagersRemain(tx, now);
    // A compliance officer's role goes only while another keeps compliance.manage (ADR 0050).
    if (heldCompliance) await assertPermissionManagersRemain(tx, now, 'compliance.manage');
    const invitations = await tx.adminInvitation.updateMany({
      where: { invitedBy: target.id, ...pendingInvitationWhere(now) },
      data: { revokedAt: now, revokedBy: actor.id },
    });
    await invalidateUserSessions(tx, target.id);
    await logActivity(tx, meta, {
      userId: actor.id,
      action: 'admin.user.admin_role_removed',
      targetType: 'user',
      targetId: target.id,
      details: { overridesRemoved: overrides.count, invitationsRevoked: invitations.count },
    });
    return toAdminUserView(user, now);
  });
}
