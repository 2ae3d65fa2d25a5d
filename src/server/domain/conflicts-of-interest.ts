// Conflicts of interest between reviewers and sellers (issue 33, point 1; ADR 0049): a shared
// organizational e-mail domain, the same organization, or a conflict the reviewer declared. One rule,
// read by the assignment (422), the prototype's conflict list, the reviewer suggestions and the
// confidential-content gate; a declaration takes its author off the seller's panels at once, and so
// does a profile change (organization, e-mail) that creates a conflict.
import type { z } from 'zod';
import type { Prisma } from '~/generated/prisma/client.ts';
import { fullName } from '~/shared/format.ts';
import { organizationKey, sharedOrganizationDomain } from '~/shared/mail-domains.ts';
import type { declareConflictInput } from '~/shared/schemas/conflicts.ts';
import type { Db } from '../db/index.ts';
import type { Clock } from '../services.ts';
import { logActivity } from './activity-log.ts';
import type { ConfidentialAccessCheck } from './confidential-access.ts';
import { InvalidInputError, NotFoundError, UnprocessableError } from './errors.ts';
import { recordTimelineEvent } from './prototype-timeline.ts';
import type { DomainDeps } from './deps.ts';
import { newestFirst } from './keyset.ts';
import { reviewersWhere } from './user-status.ts';

type Tx = Prisma.TransactionClient;
type Reader = Pick<Tx, 'user' | 'reviewerConflict'>;
type Locker = Pick<Tx, '$executeRaw'>;

export type ConflictKind = 'email_domain' | 'organization' | 'declared';
export type ConflictReason = { kind: ConflictKind; message: string };

export const SELLER_NOT_FOUND = 'Seller not found';
export const CONFLICT_NOT_FOUND = 'Conflict not found';
const PROTOTYPE_NOT_FOUND = 'Prototype not found';

const personSelect = { id: true, email: true, organization: true, firstName: true, lastName: true } as const satisfies Prisma.UserSelect;
/** A person as the conflict rule compares them (an admin with a seller). */
export type ConflictPerson = Prisma.UserGetPayload<{ select: typeof personSelect }>;

/** Why `admin` may not review `seller`'s prototypes (empty: no conflict). `declared` is the admin's stated reason, if any. */
export function conflictReasons(admin: ConflictPerson, seller: ConflictPerson, declared: string | null): ConflictReason[] {
  const reasons: ConflictReason[] = [];
  const domain = sharedOrganizationDomain(admin.email, seller.email);
  if (domain) reasons.push({ kind: 'email_domain', message: `Shares the e-mail domain ${domain} with the seller` });
  const key = organizationKey(admin.organization);
  if (key !== '' && key === organizationKey(seller.organization)) {
    reasons.push({ kind: 'organization', message: `Works at the seller's organization (${admin.organization})` });
  }
  if (declared !== null) reasons.push({ kind: 'declared', message: `Declared a conflict with the seller: ${declared}` });
  return reasons;
}

/**
 * Each admin's conflicts with the seller (only those with at least one reason): of the admins named,
 * or of every admin who may review at a time (`reviewersWhere`).
 */
export async function conflictsWithSeller(
  db: Reader,
  sellerId: string,
  among: readonly string[] | { reviewersAt: Date },
): Promise<Map<string, ConflictReason[]>> {
  const [admins, declaredBy] =
    'reviewersAt' in among ? [reviewersWhere(among.reviewersAt), {}] : [{ role: 'admin' as const, id: { in: [...among] } }, { adminId: { in: [...among] } }];
  const [seller, people, declared] = await Promise.all([
    db.user.findUnique({ where: { id: sellerId }, select: personSelect }),
    db.user.findMany({ where: admins, select: personSelect }),
    db.reviewerConflict.findMany({ where: { sellerId, ...declaredBy }, select: { adminId: true, reason: true } }),
  ]);
  const found = new Map<string, ConflictReason[]>();
  if (!seller) return found;
  const declaredReasons = new Map(declared.map((d) => [d.adminId, d.reason]));
  for (const admin of people) {
    const reasons = conflictReasons(admin, seller, declaredReasons.get(admin.id) ?? null);
    if (reasons.length > 0) found.set(admin.id, reasons);
  }
  return found;
}

/** Refuses (422) when any of `adminIds` is in conflict with the seller, naming who and why. */
export async function assertNoConflicts(db: Reader & Locker, sellerId: string, adminIds: readonly string[]): Promise<void> {
  // The people's rows stay as read until the seat is committed: a profile change or a declaration
  // that would create a conflict waits for it, and then withdraws the seat it can now see.
  await db.$executeRaw`SELECT 1 FROM users WHERE id = ANY(${[sellerId, ...adminIds]}::uuid[]) FOR SHARE`;
  const conflicts = await conflictsWithSeller(db, sellerId, adminIds);
  if (conflicts.size === 0) return;
  const names = await db.user.findMany({ where: { id: { in: [...conflicts.keys()] } }, select: { id: true, firstName: true, lastName: true, email: true } });
  const text = names
    .map((admin) => `${fullName(admin)} has a conflict of interest with this seller (${(conflicts.get(admin.id) ?? []).map((r) => r.message).join('; ')})`)
    .join('. ');
  throw new UnprocessableError(`${text}. Choose another reviewer.`);
}

/** `GET /api/admin/prototypes/{id}/conflicts`: each active admin's conflicts with this prototype's seller. */
export async function prototypeConflicts(db: Db, prototypeId: number, now: Date) {
  const prototype = await db.prototype.findUnique({ where: { id: prototypeId }, select: { sellerId: true } });
  if (!prototype) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
  const conflicts = await conflictsWithSeller(db, prototype.sellerId, { reviewersAt: now });
  return [...conflicts].map(([adminId, reasons]) => ({ adminId, reasons })).sort((a, b) => a.adminId.localeCompare(b.adminId));
}

const conflictSelect = {
  id: true,
  sellerId: true,
  reason: true,
  createdAt: true,
  seller: { select: { firstName: true, lastName: true, email: true, businessName: true } },
} as const satisfies Prisma.ReviewerConflictSelect;
type ConflictRow = Prisma.ReviewerConflictGetPayload<{ select: typeof conflictSelect }>;

function toConflictView({ seller, ...row }: ConflictRow) {
  return { ...row, sellerName: fullName(seller), sellerEmail: seller.email, sellerBusiness: seller.businessName };
}

/** The caller's declared conflicts, newest first. */
export async function ownConflicts(db: Db, adminId: string) {
  const rows = await db.reviewerConflict.findMany({ where: { adminId }, select: conflictSelect, orderBy: newestFirst() });
  return rows.map(toConflictView);
}

export interface ConflictRequest extends DomainDeps {
  clock: Clock;
  actorId: string;
}

/**
 * Declares a conflict with a seller (409 when already declared). In the same transaction the
 * declarer leaves every panel of that seller's prototypes: their scorecard stays for the record,
 * marked and left out of every aggregate, and a lead seat they held is left empty.
 */
export async function declareConflict(request: ConflictRequest, input: z.output<typeof declareConflictInput>) {
  const { db, meta, clock, actorId } = request;
  const sellerId = input.sellerId.toLowerCase();
  if (sellerId === actorId) throw new InvalidInputError('You cannot declare a conflict with yourself');
  const seller = await db.user.findUnique({ where: { id: sellerId }, select: { role: true } });
  if (!seller || seller.role !== 'user') throw new NotFoundError(SELLER_NOT_FOUND);
  return db.$transaction(async (tx) => {
    // The seller's panels in id order, as a panel change locks its own first (lockPanelFor): a seat
    // being given right now is committed before the panels are read below, and then withdrawn.
    await tx.$executeRaw`SELECT 1 FROM prototypes WHERE seller_id = ${sellerId}::uuid ORDER BY id FOR UPDATE`;
    const created = await tx.reviewerConflict.create({ data: { adminId: actorId, sellerId, reason: input.reason }, select: conflictSelect });
    const panels = await tx.prototype.findMany({
      where: { sellerId, OR: [{ reviewers: { some: { reviewerId: actorId } } }, { assignedTo: actorId }] },
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    const now = clock.now();
    for (const { id } of panels) {
      await withdrawFromPanel(tx, { prototypeId: id, adminId: actorId, performedBy: actorId, now, cause: 'declared' });
    }
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.conflict.declared',
      targetType: 'user',
      targetId: sellerId,
      details: { conflictId: created.id, withdrawnFrom: panels.map((p) => p.id) },
    });
    return toConflictView(created);
  });
}

const WITHDRAWAL_TEXT = {
  declared: 'A reviewer withdrew: conflict of interest declared',
  profile_change: 'A reviewer was withdrawn: a profile change made a conflict of interest',
} as const;

/**
 * Takes a conflicted admin off one prototype's panel: out of the reviewers, out of a lead seat they
 * held, their scorecard kept for the record but marked and left out of every aggregate. The one
 * removal path for a declared conflict and one that a profile change brought about (ADR 0049).
 */
async function withdrawFromPanel(
  tx: Tx,
  withdrawal: { prototypeId: number; adminId: string; performedBy: string; now: Date; cause: keyof typeof WITHDRAWAL_TEXT },
) {
  const { prototypeId: id, adminId, performedBy, now, cause } = withdrawal;
  await tx.prototypeReviewer.deleteMany({ where: { prototypeId: id, reviewerId: adminId } });
  await tx.prototype.updateMany({ where: { id, assignedTo: adminId }, data: { assignedTo: null } });
  const { count } = await tx.scorecard.updateMany({
    where: { prototypeId: id, reviewerId: adminId, conflictExcludedAt: null },
    data: { conflictExcludedAt: now },
  });
  await recordTimelineEvent(tx, {
    prototypeId: id,
    event: 'reviewer_withdrawn',
    description: WITHDRAWAL_TEXT[cause],
    performedBy,
    metadata: { reason: 'conflict_of_interest', scorecardExcluded: count > 0, ...(cause === 'declared' ? {} : { cause }) },
  });
}

/**
 * After `userId` changed their organization or e-mail (in the profile's transaction): every panel
 * seat now in conflict is withdrawn as a declared conflict's would be. For an admin, the panels they
 * sit on; for a seller, the panels of their prototypes. Returns what was withdrawn, for the audit row.
 */
/**
 * Before a profile change that may create conflicts: locks, in id order, the panels the user sits on
 * and their own prototypes, as a panel change locks its prototype before the people (assertNoConflicts),
 * so the two wait for each other instead of deadlocking.
 */
export async function lockPanelsOf(tx: Locker, userId: string) {
  await tx.$executeRaw`
    SELECT 1 FROM prototypes
    WHERE seller_id = ${userId}::uuid OR assigned_to = ${userId}::uuid
       OR id IN (SELECT prototype_id FROM prototype_reviewers WHERE reviewer_id = ${userId}::uuid)
    ORDER BY id FOR UPDATE`;
}

export async function withdrawConflictsAfterProfileChange(tx: Tx, userId: string, now: Date) {
  const prototypes = await tx.prototype.findMany({
    where: { OR: [{ sellerId: userId }, { reviewers: { some: { reviewerId: userId } } }, { assignedTo: userId }] },
    select: { id: true, sellerId: true, assignedTo: true, reviewers: { select: { reviewerId: true } } },
    orderBy: { id: 'asc' },
  });
  // Who sits on each panel that the change concerns: all of them on the user's own prototypes, only the user elsewhere.
  const seats = prototypes.map((p) => {
    const panel = new Set([...p.reviewers.map((r) => r.reviewerId), ...(p.assignedTo ? [p.assignedTo] : [])]);
    return { id: p.id, sellerId: p.sellerId, admins: p.sellerId === userId ? [...panel] : panel.has(userId) ? [userId] : [] };
  });
  const bySeller = new Map<string, Set<string>>();
  for (const seat of seats) for (const admin of seat.admins) bySeller.set(seat.sellerId, (bySeller.get(seat.sellerId) ?? new Set()).add(admin));
  const conflicted = new Map<string, Map<string, ConflictReason[]>>();
  for (const [sellerId, admins] of bySeller) conflicted.set(sellerId, await conflictsWithSeller(tx, sellerId, [...admins]));
  const withdrawn: { prototypeId: number; adminId: string }[] = [];
  for (const seat of seats) {
    for (const adminId of seat.admins.sort()) {
      if (!conflicted.get(seat.sellerId)?.has(adminId)) continue;
      await withdrawFromPanel(tx, { prototypeId: seat.id, adminId, performedBy: userId, now, cause: 'profile_change' });
      withdrawn.push({ prototypeId: seat.id, adminId });
    }
  }
  return withdrawn;
}

/** Removes one of the caller's own declarations (404 for anyone else's). Panels left stay left. */
export async function removeConflict(request: ConflictRequest, id: number): Promise<void> {
  const { db, meta, actorId } = request;
  await db.$transaction(async (tx) => {
    const row = await tx.reviewerConflict.findFirst({ where: { id, adminId: actorId }, select: { sellerId: true } });
    if (!row) throw new NotFoundError(CONFLICT_NOT_FOUND);
    await tx.reviewerConflict.deleteMany({ where: { id, adminId: actorId } });
    await logActivity(tx, meta, { userId: actorId, action: 'admin.conflict.removed', targetType: 'user', targetId: row.sellerId, details: { conflictId: id } });
  });
}

/** What a prototype's row needs for conflictedPrototypes: its seller, with the conflict `viewerId` declared with them (at most one). */
export const sellerConflictSelect = (viewerId: string) =>
  ({ seller: { select: { ...personSelect, conflictsAgainst: { where: { adminId: viewerId }, select: { reason: true } } } } }) satisfies Prisma.PrototypeSelect;
type WithSellerConflict = Prisma.PrototypeGetPayload<{ select: ReturnType<typeof sellerConflictSelect> }>;

/** The admin as the conflict rule compares them with a seller. */
export function conflictPersonOf(db: Db, adminId: string): Promise<ConflictPerson | null> {
  return db.user.findUnique({ where: { id: adminId }, select: personSelect });
}

/** Of `prototypes`, those whose seller `admin` is in conflict with, and why. */
export function conflictedPrototypes(
  admin: ConflictPerson | null,
  prototypes: readonly (WithSellerConflict & { id: number })[],
): Map<number, ConflictReason[]> {
  const found = new Map<number, ConflictReason[]>();
  if (!admin) return found;
  for (const { id, seller } of prototypes) {
    const reasons = conflictReasons(admin, seller, seller.conflictsAgainst[0]?.reason ?? null);
    if (reasons.length > 0) found.set(id, reasons);
  }
  return found;
}

/**
 * The confidential-content gate's conflict rule (confidential-access.ts): an admin in conflict with a
 * prototype's seller does not open its confidential content or documents.
 */
export const conflictOfInterestCheck: ConfidentialAccessCheck = async (facts, prototypeIds) => {
  const denials = new Map<number, { reason: 'conflict_of_interest'; message: string }>();
  for (const [id, reasons] of await facts.conflicts(prototypeIds)) {
    const why = reasons.map((r) => r.message.charAt(0).toLowerCase() + r.message.slice(1)).join('; ');
    denials.set(id, {
      reason: 'conflict_of_interest',
      message: `You have a conflict of interest with this prototype's seller (${why}), so its confidential content and documents stay closed to you.`,
    });
  }
  return denials;
};
