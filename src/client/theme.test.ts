import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DAISY_THEMES, initialTheme, toggled } from './theme.ts';

describe('theme rule (spec section 4)', () => {
  it('uses the stored choice first', () => {
    expect(initialTheme('dark', false)).toBe('dark');
    expect(initialTheme('light', true)).toBe('light');
  });
  it('falls back to the system dark preference, then light', () => {
    expect(initialTheme(null, true)).toBe('dark');
    expect(initialTheme(null, false)).toBe('light');
    expect(initialTheme('purple', false)).toBe('light');
    expect(initialTheme('purple', true)).toBe('dark');
  });
  it('toggling flips it', () => {
    expect(toggled('light')).toBe('dark');
    expect(toggled('dark')).toBe('light');
  });

  // The pre-paint script in public/theme-init.js must follow exactly the same rule.
  function runInitScript(stored: string | null, prefersDark: boolean) {
    const classes = new Set<string>();
    const attributes: Record<string, string> = {};
    const context = {
      localStorage: { getItem: (key: string) => (key === 'theme' ? stored : null) },
      window: { matchMedia: () => ({ matches: prefersDark }) },
      document: {
        documentElement: {
          classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
          setAttribute: (name: string, value: string) => {
            attributes[name] = value;
          },
        },
      },
    };
    vm.runInNewContext(fs.readFileSync('public/theme-init.js', 'utf8'), context);
    return { dark: classes.has('dark'), daisy: attributes['data-theme'] };
  }

  it.each([
    ['dark', false],
    ['light', true],
    [null, true],
    [null, false],
  ] as const)('theme-init.js agrees with initialTheme(stored=%s, systemDark=%s)', (stored, prefersDark) => {
    const expected = initialTheme(stored, prefersDark);
    expect(runInitScript(stored, prefersDark)).toEqual({ dark: expected === 'dark', daisy: DAISY_THEMES[expected] });
  });
});
