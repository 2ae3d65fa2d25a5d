import { describe, expect, it } from 'vitest';
import { FEEDBACK_WINDOW, INITIAL_REVIEW_WINDOW, daysInWords } from './review-window.ts';

describe('daysInWords', () => {
  it('words whole weeks as weeks and the rest as days', () => {
    expect(daysInWords(14)).toBe('2 weeks');
    expect(daysInWords(7)).toBe('1 week');
    expect(daysInWords(30)).toBe('30 days');
    expect(daysInWords(1)).toBe('1 day');
  });

  it('words the review promise as the spec does', () => {
    expect(`within ${INITIAL_REVIEW_WINDOW}, within ${FEEDBACK_WINDOW}`).toBe('within 2 weeks, within 30 days');
  });
});
