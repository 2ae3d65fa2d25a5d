// Before the app's code has arrived, a pre-rendered page already takes input: what is typed stays,
// the theme switch works at once, and other clicks take effect when the code arrives (ADR 0007).
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Holds every script chunk back until the returned function is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A plain page (the fixture's `page` waits for the app, which these tests hold back), in the light theme. */
async function openBeforeTheApp(page: Page, path: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  const release = await holdAppCode(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return release;
}

const html = (page: Page) => page.locator('html');
const live = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

function newMessage() {
  return {
    name: `Chien-Shiung Wu ${randomUUID().slice(0, 6)}`,
    email: `wu-${randomUUID().slice(0, 8)}@atomix.test`,
    subject: 'Partnership Inquiry',
    message: 'Typed while the page was still loading.',
  };
}

async function typeMessage(page: Page, message: ReturnType<typeof newMessage>) {
  await page.getByLabel('Full Name', { exact: true }).pressSequentially(message.name);
  await page.getByLabel('Email Address', { exact: true }).fill(message.email);
  await page.getByLabel('Subject', { exact: true }).selectOption({ label: message.subject });
  await page.getByLabel('Message', { exact: true }).fill(message.message);
}

async function storedContacts(db: import('pg').Pool, email: string) {
  const { rows } = await db.query('SELECT name, email, subject, message FROM contacts WHERE email = $1', [email]);
  return rows;
}

test('what is typed and the theme chosen before the app has loaded are kept, sent and stored', async ({ context, db }) => {
  const page = await context.newPage();
  const release = await openBeforeTheApp(page, '/contact');
  const message = newMessage();

  await typeMessage(page, message);
  // The switch works without the app's code: the page turns dark at once and the choice is stored.
  await page.getByTestId('theme-switch').click();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await expect(html(page)).toHaveAttribute('data-theme', 'atomix-dark');
  // All of it happened before the app was live.
  await expect(html(page)).not.toHaveAttribute('data-hydrated');

  release();
  await live(page);
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue(message.name);
  await expect(page.getByLabel('Email Address', { exact: true })).toHaveValue(message.email);
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('partnership');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(message.message);
  // The app agrees with the theme the page already has.
  await expect(page.getByTestId('theme-switch')).toHaveAttribute('aria-label', 'Switch to light theme');

  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Message Sent!' })).toBeVisible();
  expect(await storedContacts(db, message.email)).toEqual([{ name: message.name, email: message.email, subject: 'partnership', message: message.message }]);
  await expect(html(page)).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  // Once live, one click is still exactly one switch (the page's script and the app never both act).
  await page.getByTestId('theme-switch').click();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await expect(html(page)).toHaveAttribute('data-theme', 'atomix-light');
  await expect(page.getByTestId('theme-switch')).toHaveAttribute('aria-label', 'Switch to dark theme');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('"Send Message" pressed before the app has loaded sends once the app arrives', async ({ context, db }) => {
  const page = await context.newPage();
  const release = await openBeforeTheApp(page, '/contact');
  const message = newMessage();
  let submits = 0;
  page.on('request', (request) => request.url().includes('/trpc/contact.submit') && submits++);

  await typeMessage(page, message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  // Held, not sent as a plain HTML form (which would put the message in the address bar).
  await expect(page).toHaveURL(/\/contact$/);
  await expect(html(page)).not.toHaveAttribute('data-hydrated');

  release();
  await expect(page.getByTestId('toast').filter({ hasText: 'Message Sent!' })).toBeVisible();
  expect(await storedContacts(db, message.email)).toEqual([{ name: message.name, email: message.email, subject: 'partnership', message: message.message }]);
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('');
  expect(submits).toBe(1);
});

test('an empty form sent before the app has loaded shows the messages once it arrives', async ({ context, db }) => {
  const page = await context.newPage();
  const release = await openBeforeTheApp(page, '/contact');
  // Other tests send the contact form in parallel: count only this test's name.
  const stored = async () => (await db.query(`SELECT count(*)::int AS n FROM contacts WHERE name = 'Emmy Noether'`)).rows[0].n;
  const before = await stored();

  await page.getByLabel('Full Name', { exact: true }).fill('Emmy Noether');
  await page.getByLabel('Full Name', { exact: true }).press('Enter');
  release();

  const email = page.getByLabel('Email Address', { exact: true });
  await expect(email).toHaveAccessibleDescription('Email is required');
  await expect(email).toBeFocused();
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Emmy Noether');
  await expect(page.getByLabel('Full Name', { exact: true })).not.toHaveAttribute('aria-invalid');
  expect(await stored()).toBe(before);
});

test('the monitor paused before the app has loaded is paused once it arrives', async ({ context }) => {
  const page = await context.newPage();
  const release = await openBeforeTheApp(page, '/technology');
  const toggle = page.getByTestId('monitor-toggle');
  await expect(toggle).toContainText('LIVE');
  await toggle.click();
  await expect(html(page)).not.toHaveAttribute('data-hydrated');

  release();
  await live(page);
  await expect(toggle).toContainText('PAUSED');
  // Exactly once: a second click resumes it.
  await toggle.click();
  await expect(toggle).toContainText('LIVE');
});

test.describe('on a phone', () => {
  test.use(PHONE);

  for (const path of ['/', '/about', '/services', '/technology', '/contact']) {
    test(`${path}: the menu tapped before the app has loaded opens when it arrives; the theme switch works at once`, async ({ context }) => {
      const page = await context.newPage();
      const release = await openBeforeTheApp(page, path);

      await page.getByTestId('theme-switch').tap();
      await expect(html(page)).toHaveClass(/\bdark\b/);
      await page.getByTestId('mobile-menu-button').tap();
      await expect(html(page)).not.toHaveAttribute('data-hydrated');

      release();
      await live(page);
      const menu = page.locator('#mobile-menu');
      await expect(menu).toBeVisible();
      await expect(page.getByTestId('mobile-menu-button')).toHaveAttribute('aria-expanded', 'true');
      await expect(html(page)).toHaveClass(/\bdark\b/);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

      const next = path === '/about' ? 'Services' : 'About';
      await menu.getByRole('link', { name: next, exact: true }).tap();
      await expect(page).toHaveURL(next === 'About' ? /\/about$/ : /\/services$/);
    });
  }
});

test('a signed-in page shows "Loading..." until the app has rendered it, not a blank page', async ({ context, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Lise' });
  const page = await context.newPage();
  await signInAs(page, seller);
  // The app's module script holds DOMContentLoaded back, so only the response is awaited.
  const release = await holdAppCode(page);
  await page.goto('/seller-dashboard', { waitUntil: 'commit' });
  const loading = page.locator('#app-loading');
  await expect(loading).toBeVisible();
  await expect(loading).toHaveAttribute('role', 'status');
  await expect(loading).toContainText('Loading...');
  release();
  await expect(page.getByRole('heading', { name: 'Welcome back, Lise' })).toBeVisible();
  await expect(loading).toBeHidden();
});
