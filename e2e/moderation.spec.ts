// Moderation in a browser (issue 15, ADR 0016): an admin warns a seller from the user page; the
// seller sees the banner, acknowledges it and appeals from the dashboard; the admin suspends them with
// the date picker; the suspension e-mail's link opens the public appeal page, which works once; the
// admin decides the appeal. Axe-clean light on a desktop and dark on a phone, each screen opened once (ADR 0043).
import type { Page } from '@playwright/test';
import { LIGHT_DESKTOP_AND_DARK_PHONE, expectNoAxeViolationsIn } from './screens.ts';
import { expect, test } from './fixtures.ts';

const toast = (page: Page, text: string) => expect(page.getByTestId('toast').filter({ hasText: text }).first()).toBeVisible();

/** "2026-05-01T14:30" in the browser's local time, `days` from now. */
const localInput = (days: number) => {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

test('admin warns and suspends; the seller acknowledges, appeals from the dashboard and by the e-mailed link (light desktop, dark phone)', async ({
  page,
  browser,
  prisma,
  createUser,
  signInAs,
}) => {
  const seller = await createUser({ firstName: 'Sam' });
  const moderator = await createUser({ role: 'admin', firstName: 'Dana' });

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, moderator);
  await adminPage.goto(`/admin/users/${seller.id}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Sam Tester' })).toBeVisible();
  await expect(adminPage.getByText('No warnings, restrictions, suspensions, bans or appeals.')).toBeVisible();
  await expectNoAxeViolationsIn(adminPage, LIGHT_DESKTOP_AND_DARK_PHONE);

  // Warn.
  await adminPage.getByRole('button', { name: 'Warn', exact: true }).click();
  const warnDialog = adminPage.getByTestId('warn-dialog');
  await warnDialog.getByLabel('Severity').selectOption('high');
  await warnDialog.getByLabel('Title').fill('Abusive messages');
  await warnDialog.getByLabel('Description').fill('Please keep messages to the evaluation team civil.');
  await expectNoAxeViolationsIn(adminPage, LIGHT_DESKTOP_AND_DARK_PHONE);
  await warnDialog.getByRole('button', { name: 'Issue warning' }).click();
  await toast(adminPage, 'Warning issued');
  await expect(adminPage.getByTestId('moderation-entry').filter({ hasText: 'Abusive messages' })).toBeVisible();

  // The seller sees the banner, acknowledges, appeals.
  await signInAs(page, seller);
  await page.goto('/seller-dashboard');
  const banner = page.getByTestId('warnings-banner');
  await expect(banner).toContainText('Abusive messages');
  await expectNoAxeViolationsIn(page, LIGHT_DESKTOP_AND_DARK_PHONE);
  await banner.getByRole('button', { name: 'Acknowledge warning: Abusive messages' }).click();
  await toast(page, 'Warning acknowledged');
  await expect(banner).toHaveCount(0);
  const measures = page.getByTestId('my-measures');
  await measures.getByRole('button', { name: 'Appeal warning: Abusive messages' }).click();
  await page.getByLabel('Why should this measure be lifted?').fill('I was quoting the other party’s words.');
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await toast(page, 'Appeal sent');
  await expect(measures).toContainText('Appeal sent: awaiting a decision');
  await expectNoAxeViolationsIn(page, LIGHT_DESKTOP_AND_DARK_PHONE);

  // Suspend with the date picker.
  await adminPage.reload();
  await adminPage.getByRole('button', { name: 'Suspend', exact: true }).click();
  const suspendDialog = adminPage.getByTestId('suspend-dialog');
  await suspendDialog.getByLabel('Reason (the user reads it)').fill('Spam campaign');
  await suspendDialog.getByLabel('Suspended until').fill(localInput(7));
  await suspendDialog.getByRole('button', { name: 'Suspend' }).click();
  await toast(adminPage, 'User suspended');
  await expect(adminPage.getByTestId('moderation-entry').filter({ hasText: 'Spam campaign' })).toContainText('Running');

  // The seller is signed out: the open dashboard goes to the sign-in page by itself (live stream,
  // ADR 0020), and sign-in says why.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  const login = await page.request.post('/api/login', { data: { email: seller.email, password: seller.password } });
  expect(login.status()).toBe(403);
  expect((await login.json()).message).toContain('Spam campaign');

  // The e-mailed link: the account status page, which takes one appeal; opened again, it shows the
  // appeal instead of the form (issue 34 point 13).
  const notice = await prisma.emailMessage.findFirstOrThrow({ where: { userId: seller.id, template: 'suspension_notice' } });
  const link = /(\/appeal\?token=[^\s]+)/.exec(notice.textBody)![1]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Account status' })).toBeVisible();
  await expect(page.getByTestId('account-standing')).toContainText('Spam campaign');
  await expectNoAxeViolationsIn(page, LIGHT_DESKTOP_AND_DARK_PHONE);
  await page.getByLabel('Why should this measure be lifted?').fill('My account was used by someone else.');
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByTestId('appeal-status')).toContainText('Appeal sent: awaiting a decision');
  await page.goto(link);
  await expect(page.getByTestId('appeal-status')).toContainText('Appeal sent: awaiting a decision');
  await expect(page.getByLabel('Why should this measure be lifted?')).toHaveCount(0);

  // The admin reverses the suspension's appeal: the suspension is lifted.
  await adminPage.reload();
  const appeal = adminPage.getByTestId('moderation-entry').filter({ hasText: `Appeal: suspension` });
  await appeal.getByLabel('Reverse (lift the measure)').check();
  await appeal.getByLabel('Resolution (the user reads it)').fill('We confirmed the account was compromised.');
  await expectNoAxeViolationsIn(adminPage, LIGHT_DESKTOP_AND_DARK_PHONE);
  await appeal.getByRole('button', { name: 'Record decision' }).click();
  await toast(adminPage, 'Appeal accepted');
  await expect(adminPage.getByTestId('moderation-entry').filter({ hasText: 'Spam campaign' })).toContainText('Lifted');
  await adminContext.close();
});
