import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_LENGTH, safeRedirect } from './safe-redirect.ts';

const SITE = 'https://atomix.example';

describe('safeRedirect', () => {
  it('keeps same-site paths with their query and fragment', () => {
    expect(safeRedirect('/messages?thread=abc')).toBe('/messages?thread=abc');
    expect(safeRedirect('/prototypes/12#docs')).toBe('/prototypes/12#docs');
    expect(safeRedirect('/admin-panel')).toBe('/admin-panel');
    expect(safeRedirect('/prototype-submission')).toBe('/prototype-submission');
    expect(safeRedirect('/messages?id=4&q=a%2Fb')).toBe('/messages?id=4&q=a%2Fb');
    // A query that itself names another site is only data for the screen.
    expect(safeRedirect('/profile?next=%2F%2Fevil.test')).toBe('/profile?next=%2F%2Fevil.test');
  });

  it('normalises dot segments', () => {
    expect(safeRedirect('/prototypes/../messages?id=1')).toBe('/messages?id=1');
  });

  it('refuses other sites, however they are written', () => {
    for (const value of [
      'https://evil.test',
      'http://evil.test/messages',
      '//evil.test',
      '//evil.test/messages',
      '/\\evil.test',
      '\\\\evil',
      '\\/evil.test',
      '/..//evil.test',
      '/.//evil.test',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.test',
      'messages',
      ' /messages',
      '/%2F%2Fevil.test',
      '/%2f%2fevil.test',
      '/%252F%252Fevil.test',
      '/%5Cevil.test',
      '/%5C%5Cevil.test',
      '/%E0%A4%A',
    ]) {
      expect(safeRedirect(value), value).toBeNull();
    }
  });

  it('refuses control characters, raw or encoded in the path', () => {
    for (const value of ['/\tmessages', '/\n/evil.test', '/messages\r', '/mess\u0000ages', '/\u0085x', '/%09/evil.test', '/%0A/evil.test']) {
      expect(safeRedirect(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('refuses the sign-in screens (a loop) and paths that are not screens', () => {
    for (const value of [
      '/login',
      '/login/',
      '/LOGIN?redirect=/messages',
      '/%6Cogin',
      '/messages/../login',
      '/register',
      '/forgot-password',
      '/reset-password?token=abc',
      '/api/login',
      '/api/documents/5',
      '/trpc/auth.me',
    ]) {
      expect(safeRedirect(value), value).toBeNull();
    }
    expect(safeRedirect('/login-help')).toBe('/login-help');
  });

  it('refuses values that are not text, empty or over-long', () => {
    expect(safeRedirect(undefined)).toBeNull();
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect(42)).toBeNull();
    expect(safeRedirect(['/messages'])).toBeNull();
    expect(safeRedirect('')).toBeNull();
    const longest = `/messages?q=${'a'.repeat(MAX_REDIRECT_LENGTH - '/messages?q='.length)}`;
    expect(safeRedirect(longest)).toBe(longest);
    expect(safeRedirect(`${longest}a`)).toBeNull();
  });

  it('whatever the input, the answer stays on this site and is stable', () => {
    const input = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc
        .array(fc.constantFrom('/', '\\', '.', '%', '2F', '2f', '5C', '?', '#', ':', '@', 'evil.test', 'login', '\t', ' '), {
          maxLength: 12,
        })
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(input, (value) => {
        const result = safeRedirect(value);
        if (result === null) return;
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(result.includes('\\')).toBe(false);
        // Resolved the way a browser resolves a link on this site, it stays on this site.
        expect(new URL(result, SITE).origin).toBe(SITE);
        expect(safeRedirect(result)).toBe(result);
      }),
      { numRuns: 1000 },
    );
  });
});
