// The public site in a browser: every marketing page in both themes and on a phone, its texts, titles,
// heading order and axe (WCAG 2 A/AA, no serious or critical violation).
import type { Page } from '@playwright/test';
import { expectAccessible } from './screens.ts';
import { expect, test } from './fixtures.ts';

interface PublicPage {
  path: string;
  title: string;
  description: RegExp;
  h1: string;
  texts: string[];
}

export const PUBLIC_PAGES: PublicPage[] = [
  {
    path: '/',
    title: 'Atomix Energy',
    description: /^Powering Tomorrow's Energy Solutions/,
    h1: "Powering Tomorrow's Energy Solutions",
    texts: [
      'Clean Energy',
      'Safe Technology',
      'Advanced Systems',
      'Energy Output',
      '2.5 TW',
      'Projects Active',
      'Transforming Energy Through Innovation',
      'Precision Acquisition',
      'Advanced Development',
      'Rapid Deployment',
      'Global reach',
      'Award-winning team',
      '98% success rate',
      '500+ inventors',
      'Years of Excellence',
      'Active Projects',
      'MW Total Capacity',
      'Nuclear Fusion',
      'Advanced Wind',
      'Hydroelectric',
      'Solar Innovation',
      'Geothermal',
      'Energy Storage',
      '50+ research partners',
      '25 countries',
      '$2.8B investment secured',
      'Learn About Our Partners',
      'For Inventors',
      'For Investors',
      'Explore Opportunities',
      'View Live Projects',
      'Technology Timeline',
      'Atomic Fusion Process',
    ],
  },
  {
    path: '/about',
    title: 'About | Atomix Energy',
    description: /mission, vision and values/,
    h1: 'About Atomix Energy',
    texts: ['Our Mission', 'Years Experience', 'Active Projects', 'MW Capacity', 'Our Vision', 'Innovation', 'Sustainability', 'Collaboration'],
  },
  {
    path: '/services',
    title: 'Services | Atomix Energy',
    description: /Prototype acquisition/,
    h1: 'Our Services',
    texts: [
      'Prototype Acquisition',
      'Research & Development',
      'Sustainable Solutions',
      '01 Discovery',
      '02 Evaluation',
      '03 Development',
      '04 Deployment',
      'Why Choose Atomix Energy',
    ],
  },
  {
    path: '/technology',
    title: 'Innovation Timeline | Atomix Energy',
    description: /roadmap to 1 TW/,
    h1: 'Innovation Timeline',
    texts: [
      'Our Journey',
      'Research',
      'Prototype Development',
      'Market Deployment',
      'Live Energy Monitor',
      'Future Roadmap',
      'Facilities in 10 countries.',
      'Quantum Grid',
      'Carbon-Negative Operations',
      '1 TW Capacity',
    ],
  },
  {
    path: '/contact',
    title: 'Contact | Atomix Energy',
    description: /Get in touch/,
    h1: 'Get In Touch',
    texts: ['Contact Information', 'Office Hours', 'Interactive Map Coming Soon', 'Send Us a Message'],
  },
];

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Heading levels in document order, to check one h1 and no skipped level. */
async function headingLevels(page: Page): Promise<number[]> {
  return page
    .locator('main')
    .evaluate((main) =>
      [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((h) => !h.closest('[aria-hidden="true"]')).map((h) => Number(h.tagName.slice(1))),
    );
}

for (const device of ['desktop', 'phone'] as const) {
  test.describe(`on ${device}`, () => {
    if (device === 'phone') test.use(PHONE);

    for (const p of PUBLIC_PAGES) {
      test(`${p.path} shows its content, title and headings and passes axe in both themes`, async ({ page }) => {
        await page.goto(p.path);

        await expect(page).toHaveTitle(p.title);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', p.description);

        const h1 = page.locator('main h1');
        await expect(h1).toHaveCount(1);
        await expect(h1).toHaveText(p.h1);
        const main = page.locator('main');
        for (const text of p.texts) {
          await expect(main.getByText(text, { exact: true }).first(), text).toBeVisible();
        }

        const levels = await headingLevels(page);
        expect(levels[0]).toBe(1);
        for (let i = 1; i < levels.length; i++) {
          expect(levels[i]! - levels[i - 1]!, `heading ${i} after h${levels[i - 1]}`).toBeLessThanOrEqual(1);
        }

        await expectAccessible(page, { include: null, wcagOnly: true, seriousOnly: true });
      });
    }
  });
}

test('every public page has its own title and meta description', async ({ page }) => {
  const seen = new Map<string, string>();
  for (const p of PUBLIC_PAGES) {
    await page.goto(p.path);
    await expect(page).toHaveTitle(p.title);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(40);
    expect([...seen.values()]).not.toContain(description);
    seen.set(p.path, description ?? '');
  }
});

test('the home page links to its targets', async ({ page }) => {
  await page.goto('/');
  const main = page.locator('main');
  await expect(main.getByRole('link', { name: 'Submit Prototype', exact: true })).toHaveAttribute('href', '/prototype-submission');
  await expect(main.getByRole('link', { name: 'Learn More', exact: true })).toHaveAttribute('href', '/about');
  await expect(main.getByRole('link', { name: 'Learn About Our Partners' })).toHaveAttribute('href', '/about');
  await expect(main.getByRole('link', { name: 'Submit Your Prototype' })).toHaveAttribute('href', '/prototype-submission');
  await expect(main.getByRole('link', { name: 'Explore Opportunities' })).toHaveAttribute('href', '/contact');
  await expect(main.getByRole('link', { name: 'View Live Projects' })).toHaveAttribute('href', '/prototype-tracker');
  await expect(main.getByRole('link', { name: 'Technology Timeline' })).toHaveAttribute('href', '/technology');

  const counts = await main
    .getByTestId('technology-card')
    .evaluateAll((cards) => cards.map((c) => [c.querySelector('h3')?.textContent, c.querySelector('.text-3xl')?.textContent]));
  expect(counts).toEqual([
    ['Nuclear Fusion', '23'],
    ['Advanced Wind', '41'],
    ['Hydroelectric', '18'],
    ['Solar Innovation', '35'],
    ['Geothermal', '12'],
    ['Energy Storage', '29'],
  ]);

  await main.getByRole('link', { name: 'Explore Opportunities' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator('main h1')).toHaveText('Get In Touch');
});

test('services: three Learn More buttons that do nothing, four steps, six reasons', async ({ page }) => {
  await page.goto('/services');
  const cards = page.getByTestId('service-card');
  await expect(cards.locator('h3')).toHaveText(['Prototype Acquisition', 'Research & Development', 'Sustainable Solutions']);
  const buttons = cards.getByRole('button', { name: 'Learn More' });
  await expect(buttons).toHaveCount(3);
  for (const button of await buttons.all()) {
    await expect(button).toHaveAttribute('type', 'button');
    await button.click();
  }
  await expect(page).toHaveURL(/\/services$/);

  const steps = page.locator('section[aria-labelledby="process-title"] ol > li');
  await expect(steps.locator('h3')).toHaveText(['01 Discovery', '02 Evaluation', '03 Development', '04 Deployment']);
  await expect(page.getByTestId('why-choose-list').locator('li')).toHaveCount(6);
});

test('technology: history runs from 2024 down to 2021 and the roadmap from 2025 to 2028', async ({ page }) => {
  await page.goto('/technology');
  await expect(page.getByTestId('history-entry').locator('p.text-primary')).toHaveText(['2024', '2023', '2022', '2021']);
  await expect(page.getByTestId('roadmap-entry').locator('span.text-3xl')).toHaveText(['2025', '2026', '2027', '2028']);
});

test('contact: office hours word for word', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByTestId('office-hours').locator('li')).toHaveText(['Mon-Fri 9:00 AM-6:00 PM', 'Sat 10:00 AM-4:00 PM', 'Sun closed']);
});

test('pre-rendered pages are hydrated in place, in both themes and with reduced motion', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  // The server's <h1>, taken before the app's code has loaded (it loads after first paint).
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('main h1');
    }),
  );
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion });
      for (const p of PUBLIC_PAGES) {
        await page.goto(p.path);
        const sameNode = await page.evaluate(() => (window as unknown as { serverH1: Element | null }).serverH1 === document.querySelector('main h1'));
        expect(sameNode, `${p.path} (${colorScheme}, ${reducedMotion}) kept the server's HTML`).toBe(true);
      }
    }
  }
  expect(errors).toEqual([]);
});

test('on a phone, the home page hydrates the parts below the fold in place when they are scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // With motion the counters count up only once their part has hydrated and is in view.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  // The server's nodes, taken before the app's code has loaded.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, {
        serverImpact: document.querySelector('#impact-title'),
        serverReadout: document.querySelector('[data-testid="reactor-readout"]'),
      });
    }),
  );
  await page.goto('/');
  // Live at the top, but the sections' code has not been fetched: nothing below the fold has run.
  expect(requested.some((path) => path.includes('home-sections'))).toBe(false);

  const projects = page.getByTestId('stat-projects-active');
  // (It floats up and down, so Playwright never sees it still enough for its own scrolling.)
  await projects.evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await expect(projects.getByTestId('counter-value')).toHaveText('127');
  const counters = page.locator('dl[aria-label="Atomix Energy in numbers"]');
  await counters.scrollIntoViewIfNeeded();
  await expect(counters.getByTestId('counter-value')).toHaveText(['15', '127', '250']);
  expect(requested.some((path) => path.includes('home-sections'))).toBe(true);
  const kept = await page.evaluate(() => {
    const server = window as unknown as { serverImpact: Element | null; serverReadout: Element | null };
    return {
      impact: server.serverImpact !== null && server.serverImpact === document.querySelector('#impact-title'),
      readout: server.serverReadout !== null && server.serverReadout === document.querySelector('[data-testid="reactor-readout"]'),
    };
  });
  expect(kept).toEqual({ impact: true, readout: true });
});

test('a link below the fold works before its part has hydrated', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // A keyboard user tabbing down reaches the closing call to action's links: focus hydrates the part
  // and the link leads where it should either way.
  await page.getByRole('link', { name: 'Technology Timeline' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/technology$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
