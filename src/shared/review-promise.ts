// The spec's promise to sellers ("initial review within 2 weeks, detailed feedback and next steps
// within 30 days") as dates: due counted from submission (createdAt), met when recorded on the
// prototype (initialReviewMetAt when it leaves initial_review; feedbackMetAt when the seller gets a
// decision or a released evaluation). Pure: admins' badges, the seller's page and the daily job
// all read this.
import { DAY_MS, addDays, startOfUtcDay } from './days.ts';

export const INITIAL_REVIEW_DAYS = 14;
export const FEEDBACK_DAYS = 30;
/** The daily job warns this many days before a due date, and again on the day. */
export const REMINDER_DAYS_BEFORE = 2;

export interface DueDate {
  dueAt: Date;
  metAt: Date | null;
}

export interface DueDates {
  initialReview: DueDate;
  feedback: DueDate;
}

export function dueDates(p: { createdAt: Date; initialReviewMetAt: Date | null; feedbackMetAt: Date | null }): DueDates {
  return {
    initialReview: { dueAt: addDays(p.createdAt, INITIAL_REVIEW_DAYS), metAt: p.initialReviewMetAt },
    feedback: { dueAt: addDays(p.createdAt, FEEDBACK_DAYS), metAt: p.feedbackMetAt },
  };
}

export type DueState = 'met' | 'met_late' | 'open' | 'due_soon' | 'overdue';

/** Where a due date stands at `now`: due_soon within REMINDER_DAYS_BEFORE days. */
export function dueState(due: DueDate, now: Date): DueState {
  if (due.metAt) return due.metAt.getTime() <= due.dueAt.getTime() ? 'met' : 'met_late';
  if (now.getTime() > due.dueAt.getTime()) return 'overdue';
  if (due.dueAt.getTime() - now.getTime() <= REMINDER_DAYS_BEFORE * DAY_MS) return 'due_soon';
  return 'open';
}

/**
 * A development milestone whose day has ended while the prototype is still in development: "by
 * Nov 26" is overdue from Nov 27 (UTC), that is once its date is before today's midnight.
 * `milestoneOverdueWhere` (server) is the same rule in SQL.
 */
export function milestoneOverdue(p: { status: string; nextMilestone: string | null; milestoneDate: Date | string | null }, now: Date): boolean {
  if (p.status !== 'in_development' || !p.nextMilestone || p.milestoneDate === null) return false;
  return new Date(p.milestoneDate).getTime() < startOfUtcDay(now).getTime();
}
