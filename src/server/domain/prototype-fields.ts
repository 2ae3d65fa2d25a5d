// The admin's changes to a prototype that are not status transitions (priority, assignee, reviewer
// comments): one update, its timeline row and audit row, in one transaction.
import type { Prisma } from '~/generated/prisma/client.ts';
import { logActivity } from './activity-log.ts';
import { NotFoundError } from './errors.ts';
import { PROTOTYPE_NOT_FOUND } from './prototype-access.ts';
import { assertNoConflicts } from './conflicts-of-interest.ts';
import { recordTimelineEvent } from './prototype-timeline.ts';
import { lockPanelFor, rememberPanelMembers } from './review-panel.ts';
import { adminPrototypeSelect, toAdminPrototypeView } from './views/prototype-view.ts';
import type { DomainDeps } from './deps.ts';
import { assertTeamMember } from './user-status.ts';

export const ASSIGNEE_NOT_FOUND = 'Assignee not found';
export const ASSIGNEE_NOT_ADMIN = 'Prototypes can only be assigned to administrators';

export interface PrototypeFieldDeps extends DomainDeps {
  actorId: string;
}

type FieldChange =
  | { action: 'priority_changed'; data: { priority: 'low' | 'medium' | 'high' } }
  | { action: 'assigned'; data: { assignedTo: string | null } }
  | { action: 'comments_updated'; data: { reviewerComments: string | null } };

async function updatePrototypeField(
  deps: PrototypeFieldDeps,
  id: number,
  { action, data }: FieldChange,
  before?: (tx: Prisma.TransactionClient) => Promise<void>,
) {
  const { db, meta, actorId } = deps;
  return db.$transaction(async (tx) => {
    await before?.(tx);
    const { count } = await tx.prototype.updateMany({ where: { id }, data });
    if (count === 0) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
    await recordTimelineEvent(tx, { prototypeId: id, event: action, performedBy: actorId, metadata: data });
    await logActivity(tx, meta, { userId: actorId, action: `admin.prototype.${action}`, targetType: 'prototype', targetId: id, details: data });
    return toAdminPrototypeView(await tx.prototype.findUniqueOrThrow({ where: { id }, select: adminPrototypeSelect }));
  });
}

export const setPriority = (deps: PrototypeFieldDeps, id: number, priority: 'low' | 'medium' | 'high') =>
  updatePrototypeField(deps, id, { action: 'priority_changed', data: { priority } });

export const setReviewerComments = (deps: PrototypeFieldDeps, id: number, reviewerComments: string | null) =>
  updatePrototypeField(deps, id, { action: 'comments_updated', data: { reviewerComments } });

/**
 * Assigns the prototype to an administrator (its lead reviewer), or to no one. The lead seat is part
 * of the panel (ADR 0049): only the current lead changes it, never to an admin in conflict with the
 * seller, and whoever takes it is remembered as a panel member.
 */
export async function assignPrototype(deps: PrototypeFieldDeps, id: number, assignedTo: string | null) {
  return updatePrototypeField(deps, id, { action: 'assigned', data: { assignedTo } }, async (tx) => {
    const panel = await lockPanelFor(tx, id, deps.actorId);
    if (!assignedTo) return;
    const assignee = await tx.user.findUnique({ where: { id: assignedTo }, select: { role: true, status: true } });
    if (!assignee) throw new NotFoundError(ASSIGNEE_NOT_FOUND);
    assertTeamMember(assignee, ASSIGNEE_NOT_ADMIN);
    await assertNoConflicts(tx, panel.sellerId, [assignedTo]);
    await rememberPanelMembers(tx, id, [assignedTo]);
  });
}
