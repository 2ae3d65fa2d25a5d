// Granting and revoking capabilities per user (issue 15, point 6; ADRs 0019, 0030). Every change runs
// under one advisory lock and then counts the admins who keep permissions.manage for good (an
// expiring grant does not count), so neither two admins narrowing each other at once nor the clock
// can leave nobody able to manage permissions. The lock also makes the row ids commit order, which
// is what decides between overrides (decideCapability). compliance.manage, which no role holds by
// default, is granted and revoked only by its holders and keeps a holder for good too (ADR 0050).
import type { Prisma } from '~/generated/prisma/client.ts';
import { CAPABILITIES, CAPABILITY_LABELS, type Capability, ROLE_CAPABILITIES, canOverride, isGrantedOnly } from '~/shared/capabilities.ts';
import { formatUtcDateTime, fullName } from '~/shared/format.ts';
import { EXPIRY_IN_PAST, isAfter } from '~/shared/schemas/future-dates.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { logActivity } from './activity-log.ts';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from './errors.ts';
import { notify } from './notifications.ts';
import { type CapabilityHolder, decideCapability, unexpired } from './permissions.ts';
import { personName } from './views/person-name.ts';
import type { DomainDeps } from './deps.ts';
import { teamWhere } from './user-status.ts';

export const USER_NOT_FOUND = 'User not found';
export const OVERRIDE_NOT_FOUND = 'Permission override not found';
export const NOT_YOURSELF = 'You cannot change your own permissions: ask another administrator';
export const LAST_PERMISSION_MANAGER = 'At least one administrator must keep the "permissions.manage" permission';
export const LAST_COMPLIANCE_OFFICER = 'At least one administrator must keep the "compliance.manage" permission';
/** Capabilities that must keep a holder for good, and what a change that would leave none hears (409). */
const KEPT_CAPABILITIES: Partial<Record<Capability, string>> = {
  'permissions.manage': LAST_PERMISSION_MANAGER,
  'compliance.manage': LAST_COMPLIANCE_OFFICER,
};
export const adminOnlyRefusal = (capability: Capability) =>
  `"${capability}" is an administrator capability: it can only be granted to or revoked from administrators`;
/** A user's override history shown at most this long (newest first). */
export const OVERRIDE_LIST_MAX = 200;

/** Serialises every change of user_permissions (the last-admin count must see the others' changes). */
const PERMISSIONS_LOCK = 'user_permissions';

export interface PermissionDeps extends DomainDeps {
  mailer: EmailLinks;
  actor: CapabilityHolder;
  now: Date;
}

const overrideSelect = {
  id: true,
  userId: true,
  permission: true,
  granted: true,
  reason: true,
  expiresAt: true,
  createdAt: true,
  grantedBy: true,
  granter: { select: personName },
} satisfies Prisma.UserPermissionSelect;
type OverrideRow = Prisma.UserPermissionGetPayload<{ select: typeof overrideSelect }>;

/** Newest first by id: assigned under the lock, it is the order the changes committed in (ADR 0033). */
const latestChangeFirst = [{ id: 'desc' }] satisfies Prisma.UserPermissionOrderByWithRelationInput[];

export interface EffectiveCapability {
  permission: Capability;
  label: string;
  allowed: boolean;
  /** `override` when a user_permissions row decides, `role` when the role's default does. */
  source: 'role' | 'override';
  overrideId: number | null;
  /** The end of the deciding override, if it has one. */
  until: Date | null;
  /** The deciding override's reason: the user reads it where a revoked action would be (issue 34, point 4). */
  reason: string | null;
}

/** Every capability as `user` holds it at `now` (one indexed query over their unexpired overrides). */
export async function effectiveCapabilities(
  db: Pick<Prisma.TransactionClient, 'userPermission'>,
  user: CapabilityHolder,
  now: Date,
): Promise<EffectiveCapability[]> {
  const rows = await db.userPermission.findMany({
    where: { userId: user.id, ...unexpired(now) },
    orderBy: latestChangeFirst,
    select: { id: true, permission: true, granted: true, expiresAt: true, reason: true },
  });
  return CAPABILITIES.map((permission) => {
    const override = rows.find((row) => row.permission === permission);
    return {
      permission,
      label: CAPABILITY_LABELS[permission],
      allowed: override ? override.granted : ROLE_CAPABILITIES[user.role].includes(permission),
      source: override ? 'override' : 'role',
      overrideId: override?.id ?? null,
      until: override?.expiresAt ?? null,
      reason: override?.reason ?? null,
    };
  });
}

function toOverrideView(row: OverrideRow, now: Date, deciding: ReadonlySet<number>) {
  const { granter, ...rest } = row;
  return {
    ...rest,
    grantedByName: granter ? fullName(granter) : null,
    expired: row.expiresAt !== null && row.expiresAt <= now,
    /** Whether this row decides the capability now (the newest unexpired one). */
    deciding: deciding.has(row.id),
  };
}
export type PermissionOverrideView = ReturnType<typeof toOverrideView>;

/** GET /api/admin/users/{id}/permissions: effective capabilities and every override (expired ones marked). */
export async function permissionsOfUser(db: Db, userId: string, now: Date) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, role: true } });
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  const [capabilities, rows] = await Promise.all([
    effectiveCapabilities(db, user, now),
    db.userPermission.findMany({ where: { userId }, orderBy: latestChangeFirst, take: OVERRIDE_LIST_MAX, select: overrideSelect }),
  ]);
  const deciding = new Set(capabilities.flatMap((c) => (c.overrideId === null ? [] : [c.overrideId])));
  return { userId: user.id, role: user.role, capabilities, overrides: rows.map((row) => toOverrideView(row, now, deciding)) };
}

export async function lockPermissions(tx: Prisma.TransactionClient) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${PERMISSIONS_LOCK}, 0))`;
}

interface ManageRow {
  granted: boolean;
  expiresAt: Date | null;
}

/**
 * Whether an admin whose unexpired rows for a capability are `rows` (newest first) holds it at `now`
 * and at every later moment: the decision changes only when one of these rows expires, so it is
 * checked at now and at each of their ends (a row ending at `t` no longer decides at `t`). Without a
 * deciding row the role's default (`byDefault`) applies.
 */
export function keepsForGood(rows: readonly ManageRow[], now: Date, byDefault = true): boolean {
  const moments = [now, ...rows.flatMap((row) => (row.expiresAt ? [row.expiresAt] : []))];
  return moments.every((moment) => {
    const deciding = rows.find((row) => row.expiresAt === null || row.expiresAt > moment);
    return deciding ? deciding.granted : byDefault;
  });
}

/** After a change to `capability` (permissions.manage by default), some (not banned) admin must still hold it, with no end. */
export async function assertPermissionManagersRemain(tx: Prisma.TransactionClient, now: Date, capability: Capability = 'permissions.manage') {
  const admins = await tx.user.findMany({ where: teamWhere, select: { id: true } });
  const overrides = await tx.userPermission.findMany({
    where: { userId: { in: admins.map((a) => a.id) }, permission: capability, ...unexpired(now) },
    orderBy: latestChangeFirst,
    select: { userId: true, granted: true, expiresAt: true },
  });
  const rowsOf = new Map<string, ManageRow[]>();
  for (const row of overrides) rowsOf.set(row.userId, [...(rowsOf.get(row.userId) ?? []), row]);
  const byDefault = ROLE_CAPABILITIES.admin.includes(capability);
  if (!admins.some((admin) => keepsForGood(rowsOf.get(admin.id) ?? [], now, byDefault))) {
    throw new ConflictError(KEPT_CAPABILITIES[capability] ?? LAST_PERMISSION_MANAGER);
  }
}

/**
 * A capability no role holds (compliance.manage) is granted and revoked only by its holders: the
 * actor's holding is read under the lock, like assertActorStillManages.
 */
async function assertActorHoldsGrantedOnly(tx: Prisma.TransactionClient, actor: CapabilityHolder, capability: Capability, now: Date) {
  if (!isGrantedOnly(capability)) return;
  const { allowed } = await decideCapability(tx, actor, capability, now);
  if (!allowed) throw new ForbiddenError(`Only an administrator who holds "${capability}" may grant or revoke it.`);
}

/**
 * The actor may have been narrowed, or lost the administrator role, by another admin while they
 * waited for the lock: their role and newest unexpired permissions.manage row are read again under
 * it, in one query (as decideCapability decides).
 */
export async function assertActorStillManages(tx: Prisma.TransactionClient, actor: CapabilityHolder, now: Date) {
  const current = await tx.user.findUnique({
    where: { id: actor.id },
    select: {
      role: true,
      status: true,
      permissions: { where: { permission: 'permissions.manage', ...unexpired(now) }, orderBy: latestChangeFirst, take: 1, select: { granted: true } },
    },
    relationLoadStrategy: 'join',
  });
  const deciding = current?.permissions[0];
  const allowed =
    current?.role === 'admin' && current.status !== 'banned' && (deciding ? deciding.granted : ROLE_CAPABILITIES.admin.includes('permissions.manage'));
  if (!allowed) throw new ForbiddenError('You do not have the "permissions.manage" permission.');
}

function changeNotice(permission: Capability, granted: boolean, expiresAt: Date | null, reason: string | null) {
  const label = CAPABILITY_LABELS[permission];
  // Read by a person: the permission's name and a written date, not its code and an ISO time.
  const until = expiresAt ? ` until ${formatUtcDateTime(expiresAt)}` : '';
  return {
    type: granted ? ('permission_granted' as const) : ('permission_revoked' as const),
    title: granted ? `Permission granted: ${label}` : `Permission revoked: ${label}`,
    message: `An administrator ${granted ? 'granted you the' : 'revoked your'} "${label}" permission${until}.${reason ? ` Reason: ${reason}` : ''}`,
    actionUrl: '/profile',
  };
}

/** POST /api/admin/users/{id}/permissions: one grant or revocation, with a reason and an optional end. */
export async function changePermission(
  deps: PermissionDeps,
  input: { userId: string; permission: Capability; granted: boolean; reason: string; expiresAt: Date | null },
): Promise<PermissionOverrideView> {
  const { db, meta, mailer, actor, now } = deps;
  if (input.expiresAt && !isAfter(input.expiresAt, now)) throw new InvalidInputError(EXPIRY_IN_PAST);
  return db.$transaction(async (tx) => {
    const target = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true, role: true } });
    if (!target) throw new NotFoundError(USER_NOT_FOUND);
    if (target.id === actor.id) throw new ForbiddenError(NOT_YOURSELF);
    // One table with the form (ADR 0036): a role's own capabilities, administrator ones to administrators only.
    if (!canOverride(target.role, input.permission)) throw new InvalidInputError(adminOnlyRefusal(input.permission));
    await lockPermissions(tx);
    await assertActorHoldsGrantedOnly(tx, actor, input.permission, now);
    const row = await tx.userPermission.create({
      data: {
        userId: target.id,
        permission: input.permission,
        granted: input.granted,
        reason: input.reason,
        expiresAt: input.expiresAt,
        grantedBy: actor.id,
        createdAt: now,
      },
      select: overrideSelect,
    });
    if (KEPT_CAPABILITIES[input.permission]) await assertPermissionManagersRemain(tx, now, input.permission);
    await assertActorStillManages(tx, actor, now);
    await notify(tx, mailer, { userId: target.id, ...changeNotice(input.permission, input.granted, input.expiresAt, input.reason) });
    await logActivity(tx, meta, {
      userId: actor.id,
      action: input.granted ? 'admin.permission.grant' : 'admin.permission.revoke',
      targetType: 'user',
      targetId: target.id,
      details: { overrideId: row.id, permission: input.permission, reason: input.reason, expiresAt: input.expiresAt?.toISOString() ?? null },
    });
    return toOverrideView(row, now, new Set([row.id]));
  });
}

/** DELETE /api/admin/permissions/{id}: the override goes; the user is told if what they may do changed. */
export async function removePermissionOverride(deps: PermissionDeps, overrideId: number): Promise<{ success: true }> {
  const { db, meta, mailer, actor, now } = deps;
  return db.$transaction(async (tx) => {
    await lockPermissions(tx);
    const row = await tx.userPermission.findUnique({
      where: { id: overrideId },
      select: { id: true, permission: true, granted: true, reason: true, user: { select: { id: true, role: true } } },
    });
    if (!row) throw new NotFoundError(OVERRIDE_NOT_FOUND);
    if (row.user.id === actor.id) throw new ForbiddenError(NOT_YOURSELF);
    // A stored name outside today's list decides nothing; removing it changes nothing anyone holds.
    const permission = (CAPABILITIES as readonly string[]).includes(row.permission) ? (row.permission as Capability) : null;
    if (permission) await assertActorHoldsGrantedOnly(tx, actor, permission, now);
    const before = permission ? await decideCapability(tx, row.user, permission, now) : null;
    await tx.userPermission.delete({ where: { id: row.id } });
    if (permission && KEPT_CAPABILITIES[permission]) await assertPermissionManagersRemain(tx, now, permission);
    await assertActorStillManages(tx, actor, now);
    if (permission && before) {
      const after = await decideCapability(tx, row.user, permission, now);
      if (after.allowed !== before.allowed) {
        const notice = changeNotice(permission, after.allowed, after.override?.expiresAt ?? null, null);
        await notify(tx, mailer, {
          userId: row.user.id,
          ...notice,
          message: `An administrator removed a ${row.granted ? 'grant' : 'revocation'} of your "${permission}" permission: you ${after.allowed ? 'have' : 'no longer have'} it now.`,
        });
      }
    }
    await logActivity(tx, meta, {
      userId: actor.id,
      action: 'admin.permission.remove',
      targetType: 'user',
      targetId: row.user.id,
      details: { overrideId: row.id, permission: row.permission, granted: row.granted },
    });
    return { success: true as const };
  });
}
