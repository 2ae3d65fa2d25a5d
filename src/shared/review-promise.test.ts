// The review promise's pure table: due dates from submission, where a due date stands at a moment
// (the boundaries exactly), and the overdue milestone.
import { describe, expect, it } from 'vitest';
import { dueDates, dueState, milestoneOverdue } from './review-promise.ts';
import { addDays } from './days.ts';

const created = new Date('2026-11-01T10:00:00.000Z');
const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

describe('dueDates', () => {
  it('initial review 14 days and feedback 30 days after submission, with the met dates as recorded', () => {
    const met = new Date('2026-11-05T09:00:00.000Z');
    expect(dueDates({ createdAt: created, initialReviewMetAt: met, feedbackMetAt: null })).toEqual({
      initialReview: { dueAt: new Date('2026-11-15T10:00:00.000Z'), metAt: met },
      feedback: { dueAt: new Date('2026-12-01T10:00:00.000Z'), metAt: null },
    });
  });
});

describe('dueState at the boundaries', () => {
  const dueAt = addDays(created, 14);
  const open = { dueAt, metAt: null };
  it('open until two days before, due_soon from exactly two days before up to the moment itself, overdue a millisecond after', () => {
    expect(dueState(open, ms(addDays(dueAt, -2), -1))).toBe('open');
    expect(dueState(open, addDays(dueAt, -2))).toBe('due_soon');
    expect(dueState(open, dueAt)).toBe('due_soon');
    expect(dueState(open, ms(dueAt, 1))).toBe('overdue');
  });
  it('met on or before the due date is met; after it, met_late; whatever the time now', () => {
    expect(dueState({ dueAt, metAt: dueAt }, addDays(dueAt, 100))).toBe('met');
    expect(dueState({ dueAt, metAt: ms(dueAt, 1) }, created)).toBe('met_late');
  });
});

describe('milestoneOverdue', () => {
  const now = new Date('2026-12-01T00:00:00.000Z');
  const base = { status: 'in_development', nextMilestone: 'Pilot', milestoneDate: ms(now, -1) };
  it('a calendar day: overdue once the day (UTC) has ended, not during it', () => {
    const day = new Date('2026-11-26T00:00:00.000Z');
    expect(milestoneOverdue({ ...base, milestoneDate: day }, new Date('2026-11-26T23:59:59.999Z'))).toBe(false);
    expect(milestoneOverdue({ ...base, milestoneDate: day }, new Date('2026-11-27T00:00:00.000Z'))).toBe(true);
    expect(milestoneOverdue({ ...base, milestoneDate: day.toISOString() }, new Date('2026-12-02T00:00:00.000Z'))).toBe(true);
  });
  it('only in development, with a milestone, dated strictly before now', () => {
    expect(milestoneOverdue(base, now)).toBe(true);
    expect(milestoneOverdue({ ...base, milestoneDate: now }, now)).toBe(false);
    expect(milestoneOverdue({ ...base, status: 'active' }, now)).toBe(false);
    expect(milestoneOverdue({ ...base, nextMilestone: null }, now)).toBe(false);
    expect(milestoneOverdue({ ...base, milestoneDate: null }, now)).toBe(false);
  });
});
