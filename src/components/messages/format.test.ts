import { describe, expect, it } from 'vitest';
import { formatMessageDate, preview, replySubject } from './format.ts';

describe('message formatting', () => {
  it('shows month day, year and time', () => {
    expect(formatMessageDate(new Date(2026, 10, 22, 15, 5))).toBe('November 22, 2026 at 3:05 PM');
    expect(formatMessageDate(new Date(2027, 0, 3, 9, 30))).toBe('January 3, 2027 at 9:30 AM');
  });
  it('prefixes replies once', () => {
    expect(replySubject('Your prototype')).toBe('Re: Your prototype');
    expect(replySubject('RE: Your prototype')).toBe('RE: Your prototype');
  });
  it('previews on one line', () => {
    expect(preview('a\n\nb   c')).toBe('a b c');
    expect(preview('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
