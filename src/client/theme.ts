// The theme rule of spec section 4: stored choice, else the system's dark preference, else light.
// public/theme-init.js applies the same rule before first paint; this module owns it afterwards.
import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';
export const DAISY_THEMES: Record<Theme, string> = { light: 'atomix-light', dark: 'atomix-dark' };

export function initialTheme(stored: string | null, systemPrefersDark: boolean): Theme {
  if (stored === 'light' || stored === 'dark') return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

export function toggled(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}

/** Adds or removes the dark class on <html> and selects the matching daisyUI theme. */
export function applyTheme(root: HTMLElement, theme: Theme) {
  root.classList.toggle('dark', theme === 'dark');
  root.setAttribute('data-theme', DAISY_THEMES[theme]);
}

function readStored(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

const listeners = new Set<() => void>();

export function setTheme(theme: Theme) {
  applyTheme(document.documentElement, theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode without storage: the theme still applies for this page.
  }
  for (const listener of listeners) listener();
}

export function useTheme() {
  const theme = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentTheme,
    () => initialTheme(null, false),
  );
  const toggle = useCallback(() => setTheme(toggled(currentTheme())), []);
  return { theme, toggle };
}

/** Re-applies the rule on start (in case the inline script could not run). */
export function syncThemeOnStart() {
  applyTheme(document.documentElement, initialTheme(readStored(), matchMedia('(prefers-color-scheme: dark)').matches));
}
