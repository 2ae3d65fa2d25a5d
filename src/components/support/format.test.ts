import { describe, expect, it } from 'vitest';
import { formatAge, ticketStatusLabel } from './format.ts';

describe('ticket formats', () => {
  it('ages read coarse: minutes, hours and minutes, days and hours', () => {
    expect(formatAge(30)).toBe('under a minute');
    expect(formatAge(45 * 60)).toBe('45 min');
    expect(formatAge(3 * 3600 + 20 * 60)).toBe('3 h 20 min');
    expect(formatAge(5 * 3600)).toBe('5 h');
    expect(formatAge(2 * 86400 + 4 * 3600 + 59)).toBe('2 d 4 h');
  });
  it('a ticket waiting on the user says so to them', () => {
    expect(ticketStatusLabel('waiting_on_user', 'user')).toBe('Waiting for your reply');
    expect(ticketStatusLabel('waiting_on_user', 'admin')).toBe('Waiting on user');
  });
});
