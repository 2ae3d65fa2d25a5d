// Who may change a prototype's review panel, and who has ever sat on it (issue 33, point 2; ADR 0049).
// Only the lead changes the panel (while there is no lead, any admin the procedure lets review). Every
// reviewer and lead is remembered as a panel member, so leaving and re-joining the panel, or taking the
// lead, never opens others' scorecards or the final figures before one's own scorecard is in.
import type { Prisma } from '~/generated/prisma/client.ts';
import { fullName } from '~/shared/format.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';
import { isOnTeam } from './user-status.ts';
import { personName } from './views/person-name.ts';

type Tx = Prisma.TransactionClient;

export const ONLY_LEAD_CHANGES_PANEL = 'Only the lead reviewer may change the reviewers or the lead';

/**
 * Locks the prototype's row until the transaction ends (two panel changes run one after the other)
 * and refuses anyone but its lead while it has one on the team (a demoted or banned lead's panel is
 * the team's to change). Returns what the change needs to know.
 */
export async function lockPanelFor(tx: Tx, prototypeId: number, actorId: string) {
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM prototypes WHERE id = ${prototypeId} FOR UPDATE`;
  if (locked.length === 0) throw new NotFoundError('Prototype not found');
  const prototype = await tx.prototype.findUniqueOrThrow({
    where: { id: prototypeId },
    select: { sellerId: true, status: true, assignedTo: true, assignee: { select: { ...personName, role: true, status: true } } },
  });
  if (prototype.assignee && isOnTeam(prototype.assignee) && prototype.assignedTo !== actorId) {
    throw new ForbiddenError(`${ONLY_LEAD_CHANGES_PANEL} (${fullName(prototype.assignee)})`);
  }
  return prototype;
}

/** Remembers `adminIds` as members of the prototype's panel (once each, for good). */
export async function rememberPanelMembers(tx: Tx, prototypeId: number, adminIds: readonly string[]): Promise<void> {
  if (adminIds.length === 0) return;
  await tx.panelMembership.createMany({ data: adminIds.map((adminId) => ({ prototypeId, adminId })), skipDuplicates: true });
}
