// The review promise's windows as the seller-facing copy words them: "within 2 weeks", "within 30 days".
import { FEEDBACK_DAYS, INITIAL_REVIEW_DAYS } from '~/shared/review-promise.ts';

/** A number of days in words: whole weeks as weeks ("2 weeks"), otherwise days ("30 days"). */
export function daysInWords(days: number): string {
  if (days % 7 === 0) return days === 7 ? '1 week' : `${days / 7} weeks`;
  return days === 1 ? '1 day' : `${days} days`;
}

export const INITIAL_REVIEW_WINDOW = daysInWords(INITIAL_REVIEW_DAYS);
export const FEEDBACK_WINDOW = daysInWords(FEEDBACK_DAYS);
