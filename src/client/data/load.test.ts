import { describe, expect, it } from 'vitest';
import { usesData } from './load.ts';

describe('usesData', () => {
  it('is false only for the marketing pages that show no server data', () => {
    for (const path of ['/', '/about', '/services', '/technology', '/contact', '/about/']) expect(usesData(path), path).toBe(false);
    for (const path of ['/login', '/admin', '/prototype-tracker', '/prototypes/12', '/no-such-page', '/about/x']) {
      expect(usesData(path), path).toBe(true);
    }
  });
});
