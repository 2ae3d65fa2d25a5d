// Sign-in returns you where you were (issue 13 point 5, issue 17 point 4): private screens send guests to
// /login?redirect=…, sign-in (also with a code) and registration come back, other sites never.
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { decodeBase32, encodeBase32 } from 'oslo/encoding';
import { generateHOTP } from 'oslo/otp';
import { createAdminMessage } from '../src/server/test/factories.ts';
import { expect, signIn, test } from './fixtures.ts';

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const loginUrl = (redirect: string) => `/login?redirect=${encodeURIComponent(redirect)}`;
/** The whole address after the origin, so a test sees the path, the query and nothing else. */
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an e-mailed link to a message: sign in, then the message, query and all', async ({ page, createUser, prisma }) => {
  const seller = await createUser();
  const message = await createAdminMessage(prisma, seller.id, { subject: 'About your reactor', message: 'Please send the schematics' });
  const target = `/messages?id=${message.id}`;

  await page.goto(target);
  await expect.poll(() => pathAndQuery(page)).toBe(loginUrl(target));
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await fillSignIn(page, seller.email, seller.password);
  await expect(toast(page, 'Logged in successfully!')).toBeVisible();
  await expect.poll(() => pathAndQuery(page)).toBe(target);
  await expect(page.getByTestId('message-detail').getByRole('heading', { name: 'About your reactor' })).toBeVisible();
});

test('the admin area, with a two-factor code step in between, comes back to the same tab and filter', async ({ page, createUser, prisma }) => {
  const adminUser = await createUser({ role: 'admin', firstName: 'Ada' });
  // Two-factor sign-in on, as enrolment leaves it (a confirmed base32 secret).
  const secret = encodeBase32(randomBytes(20), { padding: false });
  await prisma.user.update({ where: { id: adminUser.id }, data: { totpSecret: secret, twoFactorEnabledAt: new Date() } });
  const target = '/admin-panel?tab=users&uq=erin';

  await page.goto(target);
  await expect.poll(() => pathAndQuery(page)).toBe(loginUrl(target));
  await fillSignIn(page, adminUser.email, adminUser.password);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  await codeField.fill(await generateHOTP(decodeBase32(secret), Math.floor(Date.now() / 30_000), 6));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'Logged in successfully!')).toBeVisible();
  await expect.poll(() => pathAndQuery(page)).toBe(target);
  await expect(page.getByRole('tab', { name: /User/ })).toHaveAttribute('aria-selected', 'true');
});

test('a redirect to another site is ignored: the dashboard of the spec instead', async ({ page, createUser }) => {
  for (const hostile of ['//evil.test', 'https://evil.test/messages', '/\\evil.test', '/%2F%2Fevil.test', 'javascript:alert(1)', '/login']) {
    // A new account each time: sign-ins per account are rate-limited.
    const seller = await createUser();
    await page.context().clearCookies();
    await page.goto(loginUrl(hostile));
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await fillSignIn(page, seller.email, seller.password);
    await expect(toast(page, 'Logged in successfully!')).toBeVisible();
    await expect.poll(() => pathAndQuery(page), { message: hostile }).toBe('/seller-dashboard');
  }
  const adminUser = await createUser({ role: 'admin' });
  await page.context().clearCookies();
  await page.goto(loginUrl('//evil.test'));
  await fillSignIn(page, adminUser.email, adminUser.password);
  await expect.poll(() => pathAndQuery(page)).toBe('/admin-panel');
});

test('a signed-in user who opens /login or /register goes to their dashboard (or where the link says)', async ({ page, createUser }) => {
  const seller = await createUser();
  await signIn(page, seller.email, seller.password);
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect.poll(() => pathAndQuery(page), { message: path }).toBe('/seller-dashboard');
    await expect(page.getByRole('heading', { name: /Welcome back, / })).toBeVisible();
  }
  await page.goto(loginUrl('/profile'));
  await expect.poll(() => pathAndQuery(page)).toBe('/profile');
  await page.goto(loginUrl('//evil.test'));
  await expect.poll(() => pathAndQuery(page)).toBe('/seller-dashboard');

  const adminUser = await createUser({ role: 'admin' });
  await page.context().clearCookies();
  await signIn(page, adminUser.email, adminUser.password);
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect.poll(() => pathAndQuery(page), { message: path }).toBe('/admin-panel');
  }
});

test('a guest who clicks Submit Prototype and creates an account lands on the submission form', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Submit Prototype' }).first().click();
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  // The spec's one-second pause, then sign-in with the way back.
  await expect.poll(() => pathAndQuery(page)).toBe(loginUrl('/prototype-submission'));
  await page.getByRole('link', { name: 'Create one' }).click();
  await expect.poll(() => pathAndQuery(page)).toBe(`/register?redirect=${encodeURIComponent('/prototype-submission')}`);
  // And back again from the register form keeps it too.
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', loginUrl('/prototype-submission'));

  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(`grace-${Date.now()}@atomix.test`);
  await page.getByLabel('Password', { exact: true }).fill('compiler-1952');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Account created successfully!')).toBeVisible();
  await expect.poll(() => pathAndQuery(page)).toBe('/prototype-submission');
  await expect(page.getByRole('heading', { name: 'Submit Your Prototype' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Prototype submission' })).toBeVisible();
});

test('a guest who clicks Submit Prototype and signs in lands on the submission form', async ({ page, createUser }) => {
  const seller = await createUser();
  await page.goto('/prototype-tracker');
  await page.getByRole('main').getByRole('link', { name: 'Submit Prototype' }).first().click();
  await expect.poll(() => pathAndQuery(page)).toBe(loginUrl('/prototype-submission'));
  await fillSignIn(page, seller.email, seller.password);
  await expect.poll(() => pathAndQuery(page)).toBe('/prototype-submission');
  await expect(page.getByRole('form', { name: 'Prototype submission' })).toBeVisible();
});
