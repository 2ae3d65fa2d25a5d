// The one capability check (issue 15, src/shared/capabilities.ts): a role's defaults, overridden per
// user by the newest user_permissions row for that capability that has not expired. Newest is the
// highest id: ids are taken under the lock every change holds, so they follow commit order (ADR 0033).
import type { Prisma } from '~/generated/prisma/client.ts';
import { type Capability, ROLE_CAPABILITIES } from '~/shared/capabilities.ts';
import { ForbiddenError } from './errors.ts';
import { formatUtcStamp } from '~/shared/format.ts';

type PermissionReader = Pick<Prisma.TransactionClient, 'userPermission'>;

/** An override still in force at `now`: without an end, or ending later. */
export const unexpired = (now: Date) => ({ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }) satisfies Prisma.UserPermissionWhereInput;

export interface CapabilityHolder {
  id: string;
  role: 'user' | 'admin';
}

interface Decision {
  allowed: boolean;
  /** The override that decided, if one did. */
  override: { id: number; granted: boolean; expiresAt: Date | null } | null;
}

/** Whether `user` holds `capability` at `now`, and which override (if any) decided it. */
export async function decideCapability(db: PermissionReader, user: CapabilityHolder, capability: Capability, now: Date): Promise<Decision> {
  const override = await db.userPermission.findFirst({
    where: { userId: user.id, permission: capability, ...unexpired(now) },
    orderBy: { id: 'desc' },
    select: { id: true, granted: true, expiresAt: true },
  });
  const byRole = ROLE_CAPABILITIES[user.role].includes(capability);
  return { allowed: override ? override.granted : byRole, override };
}

/** Refuses with 403, naming the capability and, for a time-limited revocation, until when. */
export async function assertCapability(db: PermissionReader, user: CapabilityHolder, capability: Capability, now: Date): Promise<void> {
  const { allowed, override } = await decideCapability(db, user, capability, now);
  if (allowed) return;
  const until = override?.expiresAt ? ` until ${formatUtcStamp(override.expiresAt)}` : '';
  throw new ForbiddenError(`You do not have the "${capability}" permission${until}.`);
}
