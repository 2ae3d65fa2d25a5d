// A screen checked in both themes with one page load (ADR 0028): every axe rule in the theme the page
// is in, then, in the other theme, the rules whose outcome colours decide (the markup is the same in
// both themes, so the other rules would only repeat themselves). Screenshots for a human look go to
// test-results/, except under CI, where nobody looks at them.
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';
import { DAISY_THEMES, type Theme } from '../src/client/theme.ts';

/** The axe rules a theme can change the outcome of. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface AxeScope {
  /** What to scan (a CSS selector): the main landmark unless said otherwise; null for the whole page. */
  include?: string | null;
  /** Only WCAG 2 A and AA rules (axe also runs its best practices by default). */
  wcagOnly?: boolean;
  /** Only serious and critical violations count. */
  seriousOnly?: boolean;
}

/**
 * Runs `scan` with the page's running animations paused where they are, then resumes them. axe reads
 * one still frame either way, but a page whose animations keep running (endless ones: the particle
 * background, pulses) restyles every frame while axe works, and its colour rules, which read each
 * text's colours and what lies behind it, took 3 to 7 times as long (ADR 0043).
 */
async function withAnimationsPaused<T>(page: Page, scan: () => Promise<T>): Promise<T> {
  const paused = await page.evaluate(() => {
    const running = document.getAnimations().filter((a) => a.playState === 'running');
    for (const animation of running) animation.pause();
    (window as unknown as { axePaused?: Animation[] }).axePaused = running;
    return running.length;
  });
  try {
    return await scan();
  } finally {
    if (paused > 0) {
      await page.evaluate(() => {
        const holder = window as unknown as { axePaused?: Animation[] };
        for (const animation of holder.axePaused ?? []) animation.play();
        delete holder.axePaused;
      });
    }
  }
}

/** axe's violations in `scope`, as `rule: targets` lines (an empty list passes). */
export async function axeViolations(page: Page, { include = '#main', wcagOnly = false, seriousOnly = false }: AxeScope = {}, rules?: string[]) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  if (rules) builder = builder.withRules(rules);
  else if (wcagOnly) builder = builder.withTags(['wcag2a', 'wcag2aa']);
  const { violations } = await withAnimationsPaused(page, () => builder.analyze());
  return violations
    .filter((v) => !seriousOnly || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

/**
 * No axe violations in the page's theme alone (the flows that run once per theme), once transitions
 * have finished: a colour transition paused half-way (a button re-enabled after a download) reads as
 * a contrast failure of colours nobody sees for longer than a frame.
 */
export async function expectNoAxeViolations(page: Page, scope: AxeScope = {}) {
  await settled(page);
  expect(await axeViolations(page, scope)).toEqual([]);
}

/**
 * Transitions and entrance animations finished, so colours are final. Endless animations never
 * finish, nor do scroll-driven ones (daisyUI's modal scroll lock runs on the page's scroll timeline).
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.timeline !== document.timeline || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

async function pageTheme(page: Page): Promise<Theme> {
  return (await page.locator('html').evaluate((html) => html.classList.contains('dark'))) ? 'dark' : 'light';
}

/**
 * Switches the page's theme as its theme switch does (src/client/theme.ts applyTheme), also while a
 * modal dialog is open. Without transitions: a colour transition waits for the next rendered frame,
 * which a headless page that nothing repaints may not produce, and until then axe would read the old colours.
 */
async function switchTheme(page: Page, theme: Theme) {
  await page.locator('html').evaluate(
    (html, { dark, daisy }) => {
      const still = document.createElement('style');
      still.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(still);
      html.classList.toggle('dark', dark);
      html.setAttribute('data-theme', daisy);
      document.body.getBoundingClientRect(); // applies the new styles (a style and layout flush) while transitions are off
      still.remove();
    },
    { dark: theme === 'dark', daisy: DAISY_THEMES[theme] },
  );
  await settled(page);
}

export interface AccessibleCheck extends AxeScope {
  /** Screenshot path without its end: `-light.png` and `-dark.png` are added. */
  shot?: string;
  fullPage?: boolean;
}

const TAKE_SCREENSHOTS = !process.env.CI;

/** A screenshot for a human look (not under CI). */
export async function screenshot(page: Page, path: string, fullPage = true) {
  if (TAKE_SCREENSHOTS) await page.screenshot({ path, fullPage });
}

/** Screenshots `${path}-light.png` and `${path}-dark.png`; the page is left in the theme it was in. */
export async function screenshotInBothThemes(page: Page, path: string, fullPage = true) {
  if (!TAKE_SCREENSHOTS) return;
  const first = await pageTheme(page);
  const second: Theme = first === 'dark' ? 'light' : 'dark';
  await settled(page);
  await screenshot(page, `${path}-${first}.png`, fullPage);
  await switchTheme(page, second);
  await screenshot(page, `${path}-${second}.png`, fullPage);
  await switchTheme(page, first);
}

/** No axe violations in either theme; the page is left in the theme it was in. */
export async function expectAccessible(page: Page, { shot, fullPage = false, ...scope }: AccessibleCheck = {}) {
  const first = await pageTheme(page);
  const second: Theme = first === 'dark' ? 'light' : 'dark';
  await settled(page);
  if (shot) await screenshot(page, `${shot}-${first}.png`, fullPage);
  expect(await axeViolations(page, scope), `axe, ${first} theme`).toEqual([]);
  await switchTheme(page, second);
  if (shot) await screenshot(page, `${shot}-${second}.png`, fullPage);
  expect(await axeViolations(page, scope, COLOUR_RULES), `axe colour rules, ${second} theme`).toEqual([]);
  await switchTheme(page, first);
}

export const PHONE = { name: 'phone', width: 390, height: 844 } as const;
export const DESKTOP = { name: 'desktop', width: 1366, height: 900 } as const;
export type Viewport = { name: string; width: number; height: number };
/** The widths every screen is checked at. */
export const VIEWPORTS: readonly Viewport[] = [PHONE, DESKTOP];

/** Nothing on the page is wider than its viewport (no sideways scrolling). */
export async function expectNoSidewaysScroll(page: Page, label = '') {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} scrolls sideways`.trim()).toBeLessThanOrEqual(0);
}

/**
 * The screen as it is now at each width in turn, with one page load (ADR 0043): the page is resized,
 * not reloaded, since the layout follows the width through CSS alone (no script reads it), so a resize
 * shows what a load at that width shows. At each width: no sideways scrolling, and `expectAccessible`
 * (both themes; screenshots `${shot}-${width name}-light.png` and `-dark.png`). The page is left at the
 * size it had.
 */
export async function expectAccessibleAt(page: Page, viewports: readonly Viewport[], { shot, ...check }: AccessibleCheck = {}) {
  const original = page.viewportSize();
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSidewaysScroll(page, viewport.name);
    await expectAccessible(page, { ...check, ...(shot ? { shot: `${shot}-${viewport.name}` } : {}) });
  }
  if (original) await page.setViewportSize(original);
}

/** A width and a theme to check a screen in. */
export interface Look {
  viewport: Viewport;
  theme: Theme;
}
/** The flows that were run twice, once light on a desktop and once dark on a phone, now run once and check both looks. */
export const LIGHT_DESKTOP_AND_DARK_PHONE: readonly Look[] = [
  { viewport: DESKTOP, theme: 'light' },
  { viewport: PHONE, theme: 'dark' },
];

/**
 * `expectNoAxeViolations` in each look in turn, with one page load (ADR 0043): resized and re-themed
 * as the theme switch does, no sideways scrolling, every axe rule. The page is left as it was.
 */
export async function expectNoAxeViolationsIn(page: Page, looks: readonly Look[], scope: AxeScope = {}) {
  const size = page.viewportSize();
  const theme = await pageTheme(page);
  for (const look of looks) {
    await page.setViewportSize({ width: look.viewport.width, height: look.viewport.height });
    if ((await pageTheme(page)) !== look.theme) await switchTheme(page, look.theme);
    else await settled(page);
    const label = `${look.viewport.name}, ${look.theme} theme`;
    await expectNoSidewaysScroll(page, label);
    expect(await axeViolations(page, scope), `axe, ${label}`).toEqual([]);
  }
  if (size) await page.setViewportSize(size);
  if ((await pageTheme(page)) !== theme) await switchTheme(page, theme);
}
