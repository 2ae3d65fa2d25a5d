// A suspended user finds out why and appeals from the app (issue 34 point 3, ADR 0030): the tab that
// was open says so on the sign-in page, a wrong password reveals nothing, the right one opens the
// account status page (measure, reason, end date), which takes one appeal and then shows its status.
// On a phone and a desktop, each screen opened once and checked at both widths (ADR 0043); screenshots in both themes.
import { DESKTOP, VIEWPORTS, type Viewport, expectAccessibleAt, screenshotInBothThemes } from './screens.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Screenshots at each width (for a human look; none under CI). */
async function screenshotsAt(page: Page, viewports: readonly Viewport[], path: string) {
  const size = page.viewportSize();
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await screenshotInBothThemes(page, `${path}-${viewport.name}`);
  }
  if (size) await page.setViewportSize(size);
}

test('a suspended user reads the measure and appeals without e-mail (phone and desktop)', async ({ page, browser, createUser, signInAs }) => {
  await page.setViewportSize(DESKTOP);
  const seller = await createUser({ firstName: 'Noor' });
  const moderator = await createUser({ role: 'admin' });
  await signInAs(page, seller, '/seller-dashboard');
  await expect(page.getByTestId('user-menu-button')).toBeVisible();

  const adminApi = (await browser.newContext()).request;
  expect((await adminApi.post('/api/login', { data: { email: moderator.email, password: moderator.password } })).status()).toBe(200);
  const endDate = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
  const suspended = await adminApi.post(`/api/admin/users/${seller.id}/suspensions`, { data: { reason: 'Spam in messages', endDate } });
  expect(suspended.status()).toBe(201);

  // The open tab is signed out and says why, with a way to the details.
  await expect(page).toHaveURL(/\/login/);
  const notice = page.getByTestId('standing-notice');
  await expect(notice).toContainText('Your account is suspended until');
  await expect(notice).toContainText('Reason: Spam in messages');
  await screenshotsAt(page, VIEWPORTS, 'test-results/account-status-open-tab');

  // Another browser: a wrong password says only that it is wrong.
  const fresh = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await fresh.goto('/login');
  await fresh.getByLabel('Email').fill(seller.email);
  await fresh.getByLabel('Password', { exact: true }).fill('not-the-password');
  await fresh.getByRole('button', { name: 'Sign In' }).click();
  await expect(fresh.getByTestId('toast').filter({ hasText: 'Login Failed' })).toContainText('Invalid email or password');
  await expect(fresh.getByTestId('standing-notice')).toHaveCount(0);
  expect((await fresh.context().cookies()).map((c) => c.name)).not.toContain('atomix_standing');

  // The right password: the account status page, not the app.
  await fresh.getByLabel('Password', { exact: true }).fill(seller.password);
  await fresh.getByRole('button', { name: 'Sign In' }).click();
  await expect(fresh).toHaveURL(/\/appeal$/);
  const standing = fresh.getByTestId('account-standing');
  await expect(standing).toContainText('Your account is suspended until');
  await expect(standing).toContainText('Spam in messages');
  await expect(standing).not.toContainText('UTC UTC');
  await expectAccessibleAt(fresh, VIEWPORTS, { shot: 'test-results/account-status', fullPage: true });
  // It opens nothing else.
  expect((await fresh.request.get('/api/auth/user')).status()).toBe(401);

  await fresh.getByLabel('Why should this measure be lifted?').fill('The messages were replies to buyers who wrote first.');
  await fresh.getByRole('button', { name: 'Send appeal' }).click();
  await expect(fresh.getByTestId('appeal-status')).toContainText('Appeal sent: awaiting a decision');
  await fresh.reload();
  await expect(fresh.getByTestId('appeal-status')).toContainText('Appeal sent: awaiting a decision');
  await expect(fresh.getByLabel('Why should this measure be lifted?')).toHaveCount(0);
  await screenshotsAt(fresh, VIEWPORTS, 'test-results/account-status-appealed');
});
