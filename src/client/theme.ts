// The theme rule of spec section 4: stored choice, else the system's dark preference, else light.
// public/theme-init.js applies the same rule before first paint and handles the theme switch's clicks
// on every page (so it works before the app's code has loaded); this module reads and follows <html>.
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

function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function setTheme(theme: Theme) {
  applyTheme(document.documentElement, theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode without storage: the theme still applies for this page.
  }
}

/** Whoever changes the theme (theme-init.js or setTheme), <html>'s class says it: follow that. */
function subscribe(listener: () => void) {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

export function useTheme() {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => initialTheme(null, false));
  // theme-init.js handles the click first and marks it handled; this only acts where that script did not run.
  const toggle = useCallback((event: { defaultPrevented: boolean }) => {
    if (!event.defaultPrevented) setTheme(toggled(currentTheme()));
  }, []);
  return { theme, toggle };
}
