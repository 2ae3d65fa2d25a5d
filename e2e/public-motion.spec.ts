// The animated parts of the public site: count-ups, progress bars, the live monitor, the particle
// background, the fusion canvas, and what reduced motion turns off.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The suite runs with reduced motion (playwright.config.ts); these tests are about the motion itself.
test.use({ reducedMotion: 'no-preference' });

const counterValues = (group: Locator) => group.getByTestId('counter-value');

async function fillWidths(page: Page) {
  return page.getByTestId('progress-fill').evaluateAll((bars) => bars.map((b) => (b as HTMLElement).style.width));
}

/** Lets the page run the tasks already queued (React renders and effects), whatever its clock says. */
async function settle(page: Page) {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

test('home counters start at 0 below the fold and count up to 15, 127 and 250 once in view', async ({ page }) => {
  await page.goto('/');
  const counters = page.locator('dl[aria-label="Atomix Energy in numbers"]');
  await expect(counterValues(counters)).toHaveText(['0', '0', '0']);
  await counters.scrollIntoViewIfNeeded();
  // 2000 ms + 200 ms per index: the last one lands after 2.4 s.
  await expect(counterValues(counters)).toHaveText(['15', '127', '250']);
  // The final figures are always there for assistive technology.
  await expect(counters.locator('.sr-only')).toHaveText(['15', '127', '250']);
});

test('the Projects Active card counts to 127 with its bar scaled against 150', async ({ page }) => {
  await page.goto('/');
  const card = page.getByTestId('stat-projects-active');
  await expect(card.getByTestId('counter-value')).toHaveText('127');
  const width = await card.getByTestId('projects-bar').evaluate((bar) => parseFloat((bar as HTMLElement).style.width));
  expect(width).toBeCloseTo((127 / 150) * 100, 1);
});

test('about counters count up to 15, 250 and 500', async ({ page }) => {
  await page.goto('/about');
  const counters = page.locator('dl[aria-label="Atomix Energy by the numbers"]');
  await counters.scrollIntoViewIfNeeded();
  await expect(counterValues(counters)).toHaveText(['15', '250', '500']);
});

test('progress bars stay empty until half visible, then fill to 80, 65 and 45 percent after 500 ms', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
  await page.goto('/technology');
  const bars = page.getByRole('progressbar');
  await expect(bars).toHaveCount(3); // the page has rendered
  expect(await fillWidths(page)).toEqual(['0%', '0%', '0%']);
  // The page's time stands still from here: only runFor moves it.
  await page.clock.pauseAt(new Date('2026-01-01T01:00:00Z'));
  await page.getByText('Market Deployment', { exact: true }).scrollIntoViewIfNeeded();
  // Half of the list is visible once an observer of our own (created after the page's) says so.
  await bars
    .first()
    .locator('xpath=ancestor::ul[1]')
    .evaluate(
      (list) =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.intersectionRatio >= 0.5)) {
                observer.disconnect();
                resolve();
              }
            },
            { threshold: 0.5 },
          );
          observer.observe(list);
        }),
    );
  await settle(page);
  await page.clock.runFor(499);
  await settle(page);
  expect(await fillWidths(page)).toEqual(['0%', '0%', '0%']);
  await page.clock.runFor(1);
  await expect.poll(() => fillWidths(page)).toEqual(['80%', '65%', '45%']);
  await expect(page.getByRole('progressbar', { name: 'Research' })).toHaveAttribute('aria-valuenow', '80');
  await expect(page.getByRole('progressbar', { name: 'Prototype Development' })).toHaveAttribute('aria-valuenow', '65');
  await expect(page.getByRole('progressbar', { name: 'Market Deployment' })).toHaveAttribute('aria-valuenow', '45');
});

test('the live monitor starts LIVE, freezes when PAUSED and resumes', async ({ page }) => {
  await page.clock.install();
  await page.goto('/technology');
  const monitor = page.getByTestId('energy-monitor');
  await monitor.scrollIntoViewIfNeeded();
  const toggle = monitor.getByTestId('monitor-toggle');
  await expect(toggle).toContainText('LIVE');

  const readings = () => monitor.locator('[role="meter"]').evaluateAll((meters) => meters.map((m) => m.getAttribute('aria-valuenow')).join('|'));

  // Live: a new reading arrives every 3 seconds (of the page's clock, which the test runs forward).
  const first = await readings();
  await page.clock.runFor(3_000);
  await expect.poll(readings).not.toBe(first);

  await toggle.click();
  await expect(toggle).toContainText('PAUSED');
  const frozen = await readings();
  await page.clock.runFor(9_000);
  await settle(page);
  expect(await readings()).toBe(frozen);

  await toggle.click();
  await expect(toggle).toContainText('LIVE');
  await page.clock.runFor(3_000);
  await expect.poll(readings).not.toBe(frozen);

  // Health, message and status belong together; the benchmarks are fixed.
  const health = await monitor.getByTestId('system-health').innerText();
  expect(
    [
      ['99.7%', 'All Systems Nominal', 'Optimal'],
      ['94.2%', 'Minor Fluctuations', 'Warning'],
      ['87.1%', 'Attention Required', 'Critical'],
    ].some((combo) => combo.every((part) => health.includes(part))),
  ).toBe(true);
  await expect(monitor.getByTestId('monitor-trend')).toHaveText(/Trend: (Up|Down|Stable)/);
  // (Within the benchmarks: a live reading may happen to show the same figure, e.g. 2,450 kW.)
  const benchmarks = monitor.getByTestId('monitor-benchmarks');
  for (const benchmark of ['3,000 kW', '2,450 kW', '85%', '94%', '99.9%']) {
    await expect(benchmarks.getByText(benchmark, { exact: true })).toBeVisible();
  }
  await expect(monitor.getByRole('meter', { name: 'Power Output' })).toHaveAttribute('aria-valuemax', '3000');
  await expect(monitor.getByRole('meter', { name: 'Core Temperature' })).toHaveAttribute('aria-valuemax', '60');
});

test('the particle background has 15 particles at random positions, each rising over 15 to 25 s', async ({ page }) => {
  await page.goto('/');
  const particles = page.getByTestId('particle-background').locator('span');
  await expect(particles).toHaveCount(15);
  const info = await particles.evaluateAll((spans) =>
    spans.map((s) => ({
      left: (s as HTMLElement).style.left,
      duration: parseFloat(getComputedStyle(s).animationDuration),
      name: getComputedStyle(s).animationName,
    })),
  );
  for (const p of info) {
    expect(p.name).toBe('atomix-rise');
    expect(p.duration).toBeGreaterThanOrEqual(15);
    expect(p.duration).toBeLessThanOrEqual(25);
  }
  expect(new Set(info.map((p) => p.left)).size).toBeGreaterThan(10);
});

test.describe('fusion canvas', () => {
  test.use({ deviceScaleFactor: 2 });

  test('is 12rem tall, sharp at devicePixelRatio 2, releases energy and pauses off screen', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
    await page.goto('/');
    const figure = page.getByTestId('fusion-figure');
    await expect(figure.locator('figcaption')).toHaveText('Atomic Fusion Process');
    await figure.scrollIntoViewIfNeeded();
    const size = await figure.locator('canvas').evaluate((c: HTMLCanvasElement) => ({
      cssHeight: c.clientHeight,
      cssWidth: c.clientWidth,
      width: c.width,
      height: c.height,
    }));
    expect(size.cssHeight).toBe(192);
    expect(size.height).toBe(384);
    expect(size.width).toBe(Math.round(size.cssWidth * 2));

    await expect(figure).toHaveAttribute('data-running', 'true');
    // The page's time stands still from here: only runFor moves it, one animation frame per 16 ms,
    // so a slow machine's dropped frames cannot stretch the cycle.
    await page.clock.pauseAt(new Date('2026-01-01T01:00:00Z'));
    const runUntilReleased = async (released: 'true' | 'false') => {
      for (let ran = 0; ran <= 8000; ran += 50) {
        if ((await figure.getAttribute('data-released')) === released) return ran;
        await page.clock.runFor(50);
      }
      throw new Error(`data-released never became ${released} within one 8 s cycle`);
    };
    await runUntilReleased('false');
    await runUntilReleased('true');
    // The particles come within 40 px (starting 48 px from each edge, closing quadratically over
    // 5 s); "ENERGY RELEASED!" then stays until the 8 s cycle starts over.
    const releasedFor = await runUntilReleased('false');
    const releaseAt = 5 * Math.sqrt(1 - 40 / (size.cssWidth - 96));
    expect(Math.abs(releasedFor - (8 - releaseAt) * 1000)).toBeLessThanOrEqual(150);

    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect(figure).toHaveAttribute('data-running', 'false');
  });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('counters show their final values at once, nothing drifts and the canvas is a still frame', async ({ page }) => {
    await page.goto('/');
    // Even below the fold and without scrolling, the final figures are shown.
    await expect(counterValues(page.locator('dl[aria-label="Atomix Energy in numbers"]'))).toHaveText(['15', '127', '250']);
    await expect(page.getByTestId('stat-projects-active').getByTestId('counter-value')).toHaveText('127');

    const animations = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running')
        .map((a) => (a as CSSAnimation).animationName ?? 'transition'),
    );
    expect(animations).toEqual([]);

    const figure = page.getByTestId('fusion-figure');
    await figure.scrollIntoViewIfNeeded();
    await expect(figure).toHaveAttribute('data-running', 'false');
    await expect(figure).toHaveAttribute('data-released', 'true');
  });
});

test('the particles stay behind the text: their layer sits below the page content in its own stacking context', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('particle-background').locator('span')).toHaveCount(15);
  const layer = await page.getByTestId('particle-background').evaluate((el) => {
    const outer = el.parentElement!;
    const wrapper = outer.parentElement!;
    return { zIndex: getComputedStyle(outer).zIndex, pointerEvents: getComputedStyle(outer).pointerEvents, isolation: getComputedStyle(wrapper).isolation };
  });
  expect(Number(layer.zIndex)).toBeLessThan(0);
  expect(layer.pointerEvents).toBe('none');
  expect(layer.isolation).toBe('isolate');
});
