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
    const storage = new Map<string, string>(stored === null ? [] : [['theme', stored]]);
    const clickListeners: ((event: unknown) => void)[] = [];
    const context = {
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
      },
      window: { matchMedia: () => ({ matches: prefersDark }) },
      document: {
        documentElement: {
          classList: {
            toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
            contains: (name: string) => classes.has(name),
          },
          setAttribute: (name: string, value: string) => {
            attributes[name] = value;
          },
        },
        addEventListener: (type: string, listener: (event: unknown) => void, capture: boolean) => {
          // Capture phase: it must run before the app's handlers on #root.
          if (type === 'click' && capture) clickListeners.push(listener);
        },
      },
    };
    vm.runInNewContext(fs.readFileSync('public/theme-init.js', 'utf8'), context);
    const state = () => ({ dark: classes.has('dark'), daisy: attributes['data-theme'], stored: storage.get('theme') ?? null });
    /** A click whose target is (or is not) inside a [data-theme-toggle]; returns whether it was marked handled. */
    const click = (onSwitch: boolean, alreadyHandled = false) => {
      const event = {
        defaultPrevented: alreadyHandled,
        target: { closest: (selector: string) => (onSwitch && selector === '[data-theme-toggle]' ? {} : null) },
        preventDefault() {
          this.defaultPrevented = true;
        },
      };
      for (const listener of clickListeners) listener(event);
      return event.defaultPrevented;
    };
    return { state, click, listeners: clickListeners.length };
  }

  it.each([
    ['dark', false],
    ['light', true],
    [null, true],
    [null, false],
  ] as const)('theme-init.js agrees with initialTheme(stored=%s, systemDark=%s)', (stored, prefersDark) => {
    const expected = initialTheme(stored, prefersDark);
    const { dark, daisy } = runInitScript(stored, prefersDark).state();
    expect({ dark, daisy }).toEqual({ dark: expected === 'dark', daisy: DAISY_THEMES[expected] });
  });

  it('theme-init.js switches the theme on a click on the switch, before the app is there, and stores it', () => {
    const page = runInitScript(null, true);
    expect(page.listeners).toBe(1);
    expect(page.click(true)).toBe(true);
    expect(page.state()).toEqual({ dark: false, daisy: DAISY_THEMES.light, stored: 'light' });
    page.click(true);
    expect(page.state()).toEqual({ dark: true, daisy: DAISY_THEMES.dark, stored: 'dark' });
  });

  it('theme-init.js leaves other clicks, and clicks already handled, alone', () => {
    const page = runInitScript('light', false);
    expect(page.click(false)).toBe(false);
    page.click(true, true);
    expect(page.state()).toEqual({ dark: false, daisy: DAISY_THEMES.light, stored: 'light' });
  });
});
