// The admin's changes to a user account (spec sections 4-8): status (restrict, ban, lift), verified,
// a new password, delete. Each is one transaction with its audit row; restrict, ban, re-password and
// delete go through the one rule of manageable-users.ts (never an administrator).
import type { z } from 'zod';
import type { Prisma } from '~/generated/prisma/client.ts';
import type { userStatusInput } from '~/shared/schemas/admin.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { invalidateUserSessions } from '../auth/session.ts';
import type { Logger } from '../services.ts';
import type { DocumentStore } from '../storage/document-store.ts';
import { logActivity } from './activity-log.ts';
import { NotFoundError } from './errors.ts';
import { USER_NOT_FOUND, assertMayActOnUser, manageableUsers } from './manageable-users.ts';
import { recordStatusMeasure, sendBanNotice } from './moderation.ts';
import { adminUserSelect, toAdminUserView } from './views/user-view.ts';
import type { DomainDeps } from './deps.ts';
import { teamWhere } from './user-status.ts';

export interface UserManagementDeps extends DomainDeps {
  mailer: EmailLinks;
  actorId: string;
  now: Date;
}

export type UserStatusChange = z.output<typeof userStatusInput>;

/** Restrict, ban or lift; the measure history records it (ADR 0016) and a ban ends every session. */
export async function changeUserStatus(deps: UserManagementDeps, input: UserStatusChange) {
  const { db, meta, mailer, actorId, now } = deps;
  const data = {
    status: input.status,
    banReason: input.status === 'banned' ? input.banReason : null,
    restrictedUntil: input.status === 'restricted' ? input.restrictedUntil : null,
    // Lifting a restriction or ban clears its note, unless the admin writes a new one.
    ...(input.adminNotes !== undefined ? { adminNotes: input.adminNotes } : input.status === 'active' ? { adminNotes: null } : {}),
  };
  const user = await db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id: input.id, ...manageableUsers }, data });
    if (count === 0) await assertMayActOnUser(tx, input.id, 'restricted or banned');
    await logActivity(tx, meta, {
      userId: actorId,
      action: `admin.user.${input.status === 'active' ? 'activate' : input.status === 'banned' ? 'ban' : 'restrict'}`,
      targetType: 'user',
      targetId: input.id,
      details: { ...data, restrictedUntil: data.restrictedUntil?.toISOString() ?? null },
    });
    // The measure history (ADR 0016): the previous restriction or ban ends, a new one starts; a ban's notice carries the appeal link.
    const measure = await recordStatusMeasure(tx, {
      userId: input.id,
      adminId: actorId,
      status: input.status,
      reason: data.banReason ?? input.adminNotes ?? null,
      until: data.restrictedUntil,
      now,
    });
    if (measure?.kind === 'ban') await sendBanNotice(tx, mailer, measure, input.id, data.banReason);
    return tx.user.findUniqueOrThrow({ where: { id: input.id }, select: adminUserSelect });
  });
  // A ban ends every session at once (a restriction does not).
  if (input.status === 'banned') await invalidateUserSessions(db, input.id);
  return toAdminUserView(user, now);
}

/** Marks any user (administrators too) verified or not. */
export async function setUserVerified(deps: UserManagementDeps, input: { id: string; isVerified: boolean }) {
  const { db, meta, actorId, now } = deps;
  return db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id: input.id }, data: { isVerified: input.isVerified } });
    if (count === 0) throw new NotFoundError(USER_NOT_FOUND);
    await logActivity(tx, meta, {
      userId: actorId,
      action: input.isVerified ? 'admin.user.verify' : 'admin.user.unverify',
      targetType: 'user',
      targetId: input.id,
    });
    return toAdminUserView(await tx.user.findUniqueOrThrow({ where: { id: input.id }, select: adminUserSelect }), now);
  });
}

/**
 * A new password (already hashed, after the rule said yes: Argon2 never runs for a refused target).
 * The old password's reset links, half-done two-factor sign-ins and sessions end with it.
 */
export async function setUserPassword(deps: Pick<UserManagementDeps, 'db' | 'meta' | 'actorId'>, id: string, password: string) {
  const { db, meta, actorId } = deps;
  await db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id, ...manageableUsers }, data: { password } });
    if (count === 0) await assertMayActOnUser(tx, id, NEW_PASSWORD_ACTION);
    await logActivity(tx, meta, { userId: actorId, action: 'admin.user.password_reset', targetType: 'user', targetId: id });
    await tx.passwordResetToken.deleteMany({ where: { userId: id } });
    await tx.twoFactorChallenge.deleteMany({ where: { userId: id } });
    await invalidateUserSessions(tx, id);
  });
  return { success: true as const };
}
export const NEW_PASSWORD_ACTION = 'given a new password here';

/**
 * Removes the user with their prototypes, documents, bids, messages and transactions (the rows
 * cascade in one transaction; in PostgreSQL the documents' bytes go with them); files on disk go
 * after the commit, and a file that cannot be removed is logged, never blocking.
 */
export async function deleteUser(deps: Pick<UserManagementDeps, 'db' | 'meta' | 'actorId'> & { documentStore: DocumentStore; log: Logger }, id: string) {
  const { db, meta, actorId } = deps;
  const storageKeys = await db.$transaction(async (tx) => {
    await assertMayActOnUser(tx, id, 'deleted');
    const documents = await tx.prototypeDocument.findMany({ where: { prototype: { sellerId: id } }, select: { storageKey: true } });
    const removed = await tx.user.deleteMany({ where: { id, ...manageableUsers } });
    if (removed.count === 0) await assertMayActOnUser(tx, id, 'deleted');
    await logActivity(tx, meta, { userId: actorId, action: 'admin.user.delete', targetType: 'user', targetId: id, details: { documents: documents.length } });
    return documents.map((d) => d.storageKey);
  });
  await removeStoredFiles(deps.documentStore, storageKeys, deps.log);
  return { success: true as const };
}

/** After a commit: a file that cannot be removed is logged for cleanup, never an error for the admin. */
export async function removeStoredFiles(store: DocumentStore, keys: string[], log: Logger) {
  for (const key of keys) {
    try {
      await store.delete(key);
    } catch (error) {
      log({ level: 'error', msg: 'document file not removed', key, error: String(error) });
    }
  }
}

/** Administrators a prototype can be assigned to: the team. */
export function assignableAdmins(db: Pick<Prisma.TransactionClient, 'user'>) {
  return db.user.findMany({
    where: teamWhere,
    select: { id: true, email: true, firstName: true, lastName: true },
    orderBy: { email: 'asc' },
    take: 200,
  });
}

/**
 * Whom the prototype list's reviewer filter offers: the team, then anyone who left it (demoted or
 * banned) but still sits on a panel, marked `offTeam`, so that their prototypes can still be found.
 */
export async function reviewerFilterChoices(db: Pick<Prisma.TransactionClient, 'user'>) {
  const [team, offTeam] = await Promise.all([
    assignableAdmins(db),
    db.user.findMany({
      where: { NOT: teamWhere, reviewAssignments: { some: {} } },
      select: { id: true, email: true, firstName: true, lastName: true },
      orderBy: { email: 'asc' },
      take: 200,
    }),
  ]);
  return [...team.map((person) => ({ ...person, offTeam: false })), ...offTeam.map((person) => ({ ...person, offTeam: true }))];
}

/** One user as the admin users list shows them (the admin user page's profile). */
export async function adminUserProfile(db: Pick<Prisma.TransactionClient, 'user'>, id: string, now: Date) {
  const row = await db.user.findUnique({ where: { id }, select: adminUserSelect });
  if (!row) throw new NotFoundError(USER_NOT_FOUND);
  return toAdminUserView(row, now);
}
