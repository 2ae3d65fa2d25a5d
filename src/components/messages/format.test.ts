import { describe, expect, it } from 'vitest';
import { preview, replySubject } from './format.ts';

describe('message formatting', () => {
  it('prefixes replies once', () => {
    expect(replySubject('Your prototype')).toBe('Re: Your prototype');
    expect(replySubject('RE: Your prototype')).toBe('RE: Your prototype');
  });
  it('previews on one line', () => {
    expect(preview('a\n\nb   c')).toBe('a b c');
    expect(preview('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
