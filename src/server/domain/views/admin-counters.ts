// The admin dashboard's counters (spec section 2, and issue 14's overdue): each a COUNT in the database
// (overdue a sum of three, one per part of the rule: overdueParts).
import type { Db } from '../../db/index.ts';
import { overdueParts } from './review-promise-view.ts';

export async function adminCounters(db: Db, now: Date) {
  const [byStatus, byRole, overdueCounts] = await Promise.all([
    db.prototype.groupBy({ by: ['status'], _count: { _all: true } }),
    db.user.groupBy({ by: ['role'], _count: { _all: true } }),
    Promise.all(overdueParts(now).map((where) => db.prototype.count({ where }))),
  ]);
  const statusCount = (status: string) => byStatus.find((row) => row.status === status)?._count._all ?? 0;
  return {
    totalPrototypes: byStatus.reduce((sum, row) => sum + row._count._all, 0),
    pendingReview: statusCount('under_review'),
    approved: statusCount('approved'),
    rejected: statusCount('rejected'),
    totalUsers: byRole.reduce((sum, row) => sum + row._count._all, 0),
    activeUsers: byRole.find((row) => row.role === 'user')?._count._all ?? 0,
    /** Prototypes with an open due date past or an overdue milestone (review-promise-view.ts). */
    overdue: overdueCounts.reduce((sum, count) => sum + count, 0),
  };
}
export type AdminCounters = Awaited<ReturnType<typeof adminCounters>>;
