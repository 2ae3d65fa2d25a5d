// The review promise on the admin side (issue 14, point 4): each prototype's due dates, its final
// scores for the list, and "overdue" written once for the list filter, the counter and the daily job
// (its milestone part), so that all three always agree with src/shared/review-promise.ts.
import type { Prisma } from '~/generated/prisma/client.ts';
import { FEEDBACK_DAYS, INITIAL_REVIEW_DAYS, dueDates, milestoneOverdue } from '~/shared/review-promise.ts';
import { addDays, startOfUtcDay } from '~/shared/days.ts';

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

/**
 * "Overdue" (an open due date past at `now`, dueState 'overdue', or an overdue milestone) as three
 * conditions no prototype meets twice: its initial review past due; else its feedback past due (a
 * feedback date passes after the initial one, so an unmet initial review is counted as such); else
 * its milestone. The counter counts each on its own partial index and adds them up, which a single
 * OR cannot do: the planner guesses most unmet dates old, and reads the whole table instead.
 */
export function overdueParts(now: Date): Prisma.PrototypeWhereInput[] {
  const initialReview = { initialReviewMetAt: null, createdAt: { lt: addDays(now, -INITIAL_REVIEW_DAYS) } } satisfies Prisma.PrototypeWhereInput;
  const feedback = {
    initialReviewMetAt: { not: null },
    feedbackMetAt: null,
    createdAt: { lt: addDays(now, -FEEDBACK_DAYS) },
  } satisfies Prisma.PrototypeWhereInput;
  return [initialReview, feedback, { AND: [milestoneOverdueWhere(now), { NOT: initialReview }, { NOT: feedback }] }];
}

/** The list filter: any of the parts. */
export function overdueWhere(now: Date): Prisma.PrototypeWhereInput {
  return { OR: overdueParts(now) };
}
