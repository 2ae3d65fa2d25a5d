// The review promise on the admin side (issue 14, point 4): each prototype's due dates, its final
// scores for the list, and "overdue" as one WHERE clause shared by the list filter, the counter and
// the daily job, so that all three always agree with src/shared/review-promise.ts.
import type { Prisma } from '~/generated/prisma/client.ts';
import { FEEDBACK_DAYS, INITIAL_REVIEW_DAYS, addDays, dueDates, milestoneOverdue, startOfUtcDay } from '~/shared/review-promise.ts';

/** Columns the due dates, the milestone flag and the final scores are computed from. */
export const promiseSelect = {
  createdAt: true,
  status: true,
  initialReviewMetAt: true,
  feedbackMetAt: true,
  nextMilestone: true,
  milestoneDate: true,
  technicalFeasibility: true,
  commercialViability: true,
  trl: true,
  riskLevel: true,
  marketPotential: true,
} satisfies Prisma.PrototypeSelect;
type PromiseRow = Prisma.PrototypeGetPayload<{ select: typeof promiseSelect }>;

/** What a list row adds to the admin prototype view: due dates, the milestone flag, the final scores. */
export function promiseFields(row: PromiseRow, now: Date) {
  return {
    dueDates: dueDates(row),
    nextMilestone: row.nextMilestone,
    milestoneDate: row.milestoneDate,
    milestoneOverdue: milestoneOverdue(row, now),
    trl: row.trl,
    technicalFeasibility: row.technicalFeasibility,
    commercialViability: row.commercialViability,
    riskLevel: row.riskLevel,
    marketPotential: row.marketPotential,
  };
}

/** An overdue milestone (`milestoneOverdue`): set, its day over by `now`, the prototype still in development. */
export function milestoneOverdueWhere(now: Date): Prisma.PrototypeWhereInput {
  return { status: 'in_development', nextMilestone: { not: null }, milestoneDate: { lt: startOfUtcDay(now) } };
}

/** An open due date past at `now` (dueState 'overdue'), or an overdue milestone. */
export function overdueWhere(now: Date): Prisma.PrototypeWhereInput {
  return {
    OR: [
      { initialReviewMetAt: null, createdAt: { lt: addDays(now, -INITIAL_REVIEW_DAYS) } },
      { feedbackMetAt: null, createdAt: { lt: addDays(now, -FEEDBACK_DAYS) } },
      milestoneOverdueWhere(now),
    ],
  };
}
