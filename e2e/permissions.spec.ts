// Time-limited permissions in a browser (issue 15, point 6): an admin revokes a seller's
// prototypes.submit until a date from the Permissions section; the seller sees why the submission
// form is gone (and until when), the server refuses the submission, and the profile lists the limit.
import type { Page } from '@playwright/test';
import { LIGHT_DESKTOP_AND_DARK_PHONE, expectNoAxeViolationsIn } from './screens.ts';
import { expect, test } from './fixtures.ts';

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** `date` as a datetime-local input holds it (the browser's local time). */
const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

test('an admin revokes a seller’s prototypes.submit until a date; the seller sees the notice and the server refuses (light desktop, dark phone)', async ({
  page,
  browser,
  createUser,
  signInAs,
}) => {
  // Each screen is checked light on a desktop and dark on a phone, where nothing may scroll sideways (ADR 0043).
  const seller = await createUser({ firstName: 'Sam' });
  const reviewer = await createUser({ role: 'admin', firstName: 'Dana' });
  const until = new Date(Date.now() + 3 * 86_400_000);
  until.setSeconds(0, 0);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, reviewer);
  await open(adminPage, `/admin-panel?tab=users&uq=${encodeURIComponent(seller.email)}`);
  await adminPage.getByRole('button', { name: 'Permissions: Sam Tester' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Permissions' });
  await expect(dialog.getByTestId('capability-prototypes.submit')).toContainText('Role default');
  await dialog.getByLabel('Capability', { exact: true }).selectOption('prototypes.submit');
  await dialog.getByLabel('Revoke', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Reason is required');
  await dialog.getByLabel(/Reason/).fill('Duplicate submissions under review');
  await dialog.getByLabel(/Until/).fill(localInput(until));
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(adminPage.getByTestId('toast').filter({ hasText: 'Permission revoked' })).toBeVisible();
  await expect(dialog.getByTestId('capability-prototypes.submit')).toContainText('Override until');
  await expect(dialog.getByTestId('permission-override')).toContainText('Reason: Duplicate submissions under review');
  await expectNoAxeViolationsIn(adminPage, LIGHT_DESKTOP_AND_DARK_PHONE, { include: '[data-testid="permissions-dialog"]' });
  await adminContext.close();

  await signInAs(page, seller);
  await open(page, '/prototype-submission');
  const notice = page.getByTestId('capability-notice');
  await expect(notice).toContainText('You cannot submit prototypes right now.');
  await expect(notice).toContainText('prototypes.submit');
  await expect(notice).toContainText(String(until.getUTCFullYear()));
  await expect(page.getByRole('button', { name: 'Submit Prototype' })).toHaveCount(0);
  const refused = await page.request.post('/api/prototypes', {
    data: { inventorName: 'Sam', prototypeName: 'Wave Wall', energyType: 'solar', description: 'A wall.', powerOutput: 10, efficiency: 40 },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(
    `You do not have the "prototypes.submit" permission until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
  );
  await expectNoAxeViolationsIn(page, LIGHT_DESKTOP_AND_DARK_PHONE, { include: '#main' });

  await open(page, '/profile');
  await expect(page.getByTestId('my-permissions-card')).toContainText('Submit prototypes');
  await expectNoAxeViolationsIn(page, LIGHT_DESKTOP_AND_DARK_PHONE, { include: '[data-testid="my-permissions-card"]' });
});

test('an admin without payouts.manage sees no Payouts link and is refused the payouts API', async ({ page, prisma, createUser, signInAs }) => {
  const narrowed = await createUser({ role: 'admin', firstName: 'Noor' });
  await prisma.userPermission.create({ data: { userId: narrowed.id, permission: 'payouts.manage', granted: false, reason: 'Separation of duties' } });
  await signInAs(page, narrowed);
  await open(page, '/admin-panel');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inbox: conversations, contact messages, bulk notifications and e-mail' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payouts', exact: true })).toHaveCount(0);
  expect((await page.request.get('/api/admin/payouts')).status()).toBe(403);
});
