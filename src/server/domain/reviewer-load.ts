// Balanced reviewer load (issue 33, point 3; ADR 0049): how many open assignments (prototypes not yet
// decided) each reviewer holds, the cap REVIEW_LOAD_MAX enforced under a per-reviewer lock, and the
// ranked suggestions the assignment dialog shows.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { PrototypeStatus } from '~/shared/constants.ts';
import { fullName } from '~/shared/format.ts';
import type { Db } from '../db/index.ts';
import { conflictsWithSeller } from './conflicts-of-interest.ts';
import { ConflictError, NotFoundError } from './errors.ts';
import { personName } from './views/person-name.ts';
import { reviewersWhere } from './user-status.ts';

type Tx = Prisma.TransactionClient;

/** A prototype not yet decided (neither approved, quoted nor rejected): its reviewers still owe work. */
export const OPEN_REVIEW_STATUSES = ['submitted', 'under_review'] as const satisfies readonly PrototypeStatus[];

/** Each admin's open assignments (0 for none). */
export async function openLoads(db: Pick<Tx, 'prototypeReviewer'>, adminIds: readonly string[], exceptPrototypeId?: number): Promise<Map<string, number>> {
  const rows = await db.prototypeReviewer.groupBy({
    by: ['reviewerId'],
    where: {
      reviewerId: { in: [...adminIds] },
      prototype: { status: { in: [...OPEN_REVIEW_STATUSES] } },
      ...(exceptPrototypeId !== undefined ? { prototypeId: { not: exceptPrototypeId } } : {}),
    },
    _count: { _all: true },
  });
  const loads = new Map(adminIds.map((id) => [id, 0]));
  for (const row of rows) loads.set(row.reviewerId, row._count._all);
  return loads;
}

/**
 * Before adding `reviewerIds` to prototype `prototypeId`: takes each one's load lock (in one order, so
 * two panels cannot deadlock) until the transaction ends, then refuses (409) when any already holds
 * `max` open assignments elsewhere. Parallel assignments of one reviewer thus queue on the lock and
 * exactly `max` succeed.
 */
export async function lockLoadsBelowCap(tx: Tx, reviewerIds: readonly string[], prototypeId: number, max: number): Promise<void> {
  const ids = [...new Set(reviewerIds)].sort();
  if (ids.length === 0) return;
  for (const id of ids) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`review-load:${id}`}, 0))`;
  const loads = await openLoads(tx, ids, prototypeId);
  const full = ids.filter((id) => (loads.get(id) ?? 0) >= max);
  if (full.length === 0) return;
  const names = await tx.user.findMany({ where: { id: { in: full } }, select: personName });
  throw new ConflictError(
    `${names.map(fullName).join(', ')} already ${full.length === 1 ? 'holds' : 'hold'} ${max} open reviews, the most one reviewer may hold: choose another reviewer`,
  );
}

/**
 * The admins who may review this prototype, ranked: no conflict with its seller, then those whose
 * expertise includes its energy type, then the lowest open load, then by name.
 */
export async function reviewerSuggestions(db: Db, prototypeId: number, now: Date) {
  const prototype = await db.prototype.findUnique({ where: { id: prototypeId }, select: { sellerId: true, energyType: true } });
  if (!prototype) throw new NotFoundError('Prototype not found');
  const [admins, conflicts] = await Promise.all([
    db.user.findMany({ where: reviewersWhere(now), select: { id: true, firstName: true, lastName: true, email: true, expertise: true } }),
    conflictsWithSeller(db, prototype.sellerId, { reviewersAt: now }),
  ]);
  const eligible = admins.filter((admin) => !conflicts.has(admin.id));
  const loads = await openLoads(
    db,
    eligible.map((a) => a.id),
    prototypeId,
  );
  return eligible
    .map((admin) => ({
      adminId: admin.id,
      name: fullName(admin),
      expertiseMatch: admin.expertise.includes(prototype.energyType),
      openLoad: loads.get(admin.id) ?? 0,
    }))
    .sort(
      (a, b) =>
        Number(b.expertiseMatch) - Number(a.expertiseMatch) || a.openLoad - b.openLoad || a.name.localeCompare(b.name) || a.adminId.localeCompare(b.adminId),
    );
}
