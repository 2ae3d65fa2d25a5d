// Access ends, by the seller's hand (issue 31, point 5, ADR 0045): the seller withdraws one admin's
// access to their prototype's documents and confidential content, and may restore it. Each change is
// a row in the access record, in the same transaction.
import type { Db } from '../db/index.ts';
import { firstNameAndInitial } from '~/shared/format.ts';
import { appendAccessRecord } from './access-record.ts';
import { logActivity } from './activity-log.ts';
import { attestationsOf } from './attestations.ts';
import type { ConfidentialAccessCheck } from './confidential-access.ts';
import { NotFoundError } from './errors.ts';
import { PROTOTYPE_NOT_FOUND } from './prototype-access.ts';
import type { DomainDeps } from './deps.ts';

export const ADMIN_NOT_FOUND = 'Administrator not found';
export const ACCESS_REVOKED_MESSAGE = "The seller has withdrawn your access to this prototype's confidential content.";

export interface RevocationDeps extends DomainDeps {
  sellerId: string;
  now: Date;
}

/** The seller's own prototype, or 404 (another seller's is not found either). */
async function ownPrototype(db: Db, sellerId: string, prototypeId: number) {
  const row = await db.prototype.findFirst({ where: { id: prototypeId, sellerId }, select: { id: true } });
  if (!row) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
  return row;
}

export async function revokeAccess(deps: RevocationDeps, prototypeId: number, adminId: string) {
  const { db, meta, sellerId, now } = deps;
  await ownPrototype(db, sellerId, prototypeId);
  const admin = await db.user.findFirst({ where: { id: adminId, role: 'admin' }, select: { id: true } });
  if (!admin) throw new NotFoundError(ADMIN_NOT_FOUND);
  return db.$transaction(async (tx) => {
    const existing = await tx.dataRoomRevocation.findUnique({
      where: { prototypeId_adminId: { prototypeId, adminId } },
      select: { revokedAt: true },
    });
    if (existing) return { adminId, revokedAt: existing.revokedAt };
    // Two revocations at once: the second insert does nothing.
    await tx.dataRoomRevocation.createMany({ data: [{ prototypeId, adminId, revokedAt: now, revokedBy: sellerId }], skipDuplicates: true });
    await appendAccessRecord(tx, { at: now, kind: 'revocation', userId: sellerId, prototypeId, details: { adminId } });
    await logActivity(tx, meta, { userId: sellerId, action: 'prototype.access_revoked', targetType: 'prototype', targetId: prototypeId, details: { adminId } });
    return { adminId, revokedAt: now };
  });
}

/** Restores the admin's access (nothing to do when it was not withdrawn). */
export async function restoreAccess(deps: RevocationDeps, prototypeId: number, adminId: string) {
  const { db, meta, sellerId, now } = deps;
  await ownPrototype(db, sellerId, prototypeId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.dataRoomRevocation.deleteMany({ where: { prototypeId, adminId } });
    if (count === 0) return;
    await appendAccessRecord(tx, { at: now, kind: 'restoration', userId: sellerId, prototypeId, details: { adminId } });
    await logActivity(tx, meta, {
      userId: sellerId,
      action: 'prototype.access_restored',
      targetType: 'prototype',
      targetId: prototypeId,
      details: { adminId },
    });
  });
}

/** Of `prototypeIds`, those the admin's access was withdrawn from. */
export async function revokedPrototypes(db: Db, adminId: string, prototypeIds: readonly number[]) {
  const rows = await db.dataRoomRevocation.findMany({ where: { adminId, prototypeId: { in: [...prototypeIds] } }, select: { prototypeId: true } });
  return new Set(rows.map((r) => r.prototypeId));
}

/** The gate's rule: a withdrawn admin opens nothing confidential of that prototype. Nothing they do lifts it. */
export const accessRevokedCheck: ConfidentialAccessCheck = async (facts, prototypeIds) => {
  const revoked = await facts.revoked(prototypeIds);
  return new Map([...revoked].map((id) => [id, { reason: 'access_revoked' as const, message: ACCESS_REVOKED_MESSAGE }]));
};

/**
 * The seller's data room panel: each admin who attested or whose access was withdrawn (as "Dana K."),
 * their latest attestation (when, which terms version) and whether their access is withdrawn.
 */
export async function dataRoomOf(db: Db, sellerId: string, prototypeId: number) {
  await ownPrototype(db, sellerId, prototypeId);
  const [attestations, revocations] = await Promise.all([
    attestationsOf(db, prototypeId),
    db.dataRoomRevocation.findMany({
      where: { prototypeId },
      orderBy: { revokedAt: 'desc' },
      take: 500,
      select: { adminId: true, revokedAt: true, admin: { select: { firstName: true, lastName: true } } },
    }),
  ]);
  const revokedAt = new Map(revocations.map((r) => [r.adminId, r.revokedAt]));
  const admins = attestations.map((a) => ({
    adminId: a.adminId,
    name: a.name,
    attestedAt: a.attestedAt as Date | null,
    termsVersion: a.termsVersion as number | null,
    revokedAt: revokedAt.get(a.adminId) ?? null,
  }));
  const listed = new Set(admins.map((a) => a.adminId));
  for (const r of revocations) {
    if (!listed.has(r.adminId))
      admins.push({ adminId: r.adminId, name: firstNameAndInitial(r.admin), attestedAt: null, termsVersion: null, revokedAt: r.revokedAt });
  }
  return { admins };
}
