// Concern reports and the ledger in a browser (issue 15, points 5 and 7): a seller reports a message
// they received, an admin resolves it in the reports queue and the seller is told; a seller reads their
// statement beside their payouts and an admin reads the ledger, filtered. An admin rejects a quote with a
// reason category and the reports screen counts it by month and category (issue 33, point 6).
// Axe-clean on phone and desktop.
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { recordLedgerEntry } from '../src/server/domain/ledger.ts';
import { createAdminMessage, createPrototype } from '../src/server/test/factories.ts';
import { LIGHT_DESKTOP_AND_DARK_PHONE, expectNoAxeViolations, expectNoAxeViolationsIn } from './screens.ts';
import { expect, test } from './fixtures.ts';

const toast = (page: Page, text: string) => expect(page.getByTestId('toast').filter({ hasText: text }).first()).toBeVisible();

test('a seller reports a message, an admin resolves it, the seller is told (light desktop, dark phone)', async ({
  page,
  browser,
  prisma,
  createUser,
  signInAs,
}) => {
  // Each screen is checked light on a desktop and dark on a phone (ADR 0043).
  const tag = randomUUID().slice(0, 8);
  const seller = await createUser({ firstName: 'Rita' });
  const moderator = await createUser({ role: 'admin', firstName: 'Dana' });
  const message = await createAdminMessage(prisma, seller.id, {
    adminId: moderator.id,
    subject: `Send your PIN ${tag}`,
    message: 'Reply with your bank PIN.',
  });

  await signInAs(page, seller);
  await page.goto(`/messages?id=${message.id}`);
  await page.getByTestId('report-message').first().click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog.getByLabel('Reason')).toHaveValue('');
  await dialog.getByLabel('Reason').selectOption('spam');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await dialog.getByLabel('Description').fill('Nobody from a real company asks for a PIN.');
  await expectNoAxeViolationsIn(page, LIGHT_DESKTOP_AND_DARK_PHONE);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await toast(page, 'Report sent');

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, moderator);
  await adminPage.goto('/admin/reports?status=pending&reason=spam');
  const row = adminPage.getByTestId('report-row').filter({ hasText: `Send your PIN ${tag}` });
  await expect(row).toContainText('Nobody from a real company asks for a PIN.');
  await expect(row).toContainText('Rita');
  await expectNoAxeViolationsIn(adminPage, LIGHT_DESKTOP_AND_DARK_PHONE);
  await row.getByRole('button', { name: 'Resolve' }).click();
  await expect(row.getByText('Resolution is required to resolve or dismiss a report')).toBeVisible();
  await row.getByLabel('Outcome (the reporter reads it)').fill('The message was removed and the sender warned.');
  await row.getByRole('button', { name: 'Resolve' }).click();
  await toast(adminPage, 'Report resolved');
  await expect(adminPage.getByTestId('report-row').filter({ hasText: `Send your PIN ${tag}` })).toHaveCount(0);
  await adminContext.close();

  // The seller's bell carries the outcome, in words about what they reported.
  await page.goto('/seller-dashboard');
  await page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .click();
  await expect(page.getByTestId('notification-item').filter({ hasText: 'The message was removed and the sender warned.' })).toBeVisible();
});

test('a seller reads their statement; an admin reads the ledger and filters it by type and seller', async ({ page, prisma, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Lena' });
  const admin = await createUser({ role: 'admin', firstName: 'Pat' });
  const tag = randomUUID().slice(0, 8);
  const entry = (type: 'payout_due' | 'payout_sent', amount: string, reference: string) =>
    prisma.$transaction((tx) => recordLedgerEntry(tx, { userId: seller.id, type, amount, description: `${type} ${tag}`, reference }));
  await entry('payout_due', '2250.67', `transaction:${tag}`);
  await entry('payout_sent', '-2250.67', `WIRE-${tag}`);

  await signInAs(page, seller);
  await page.goto('/payouts');
  const statement = page.getByTestId('statement');
  await expect(statement.getByTestId('ledger-row')).toHaveCount(2);
  await expect(statement.getByTestId('ledger-amount').first()).toHaveText('-$2,250.67');
  await expect(statement.getByTestId('ledger-balance').first()).toHaveText('$0.00');
  await expect(statement.getByTestId('ledger-amount').last()).toHaveText('+$2,250.67');
  const download = page.waitForEvent('download');
  await statement.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^statement-.*\.csv$/);
  await expectNoAxeViolations(page);

  await page.context().clearCookies();
  await signInAs(page, admin);
  await page.goto(`/admin/ledger?user=${seller.id}`);
  await expect(page.getByLabel('Seller', { exact: true }).locator('option:checked')).toContainText('Lena');
  await expect(page.getByRole('heading', { name: /^Totals for Lena/ })).toBeVisible();
  await expect(page.getByTestId('ledger-row')).toHaveCount(2);
  await page.getByLabel('Type').selectOption('payout_sent');
  await expect(page.getByTestId('ledger-row')).toHaveCount(1);
  await expect(page.getByTestId('ledger-row')).toContainText(`WIRE-${tag}`);
  await expectNoAxeViolations(page);
});

test('an admin rejects a quote with a reason category and the reports screen counts declines by month and category (light desktop, dark phone)', async ({
  page,
  prisma,
  createUser,
  signInAs,
}) => {
  const tag = randomUUID().slice(0, 8);
  const seller = await createUser({ firstName: 'Ines' });
  const admin = await createUser({ role: 'admin', firstName: 'Noor' });
  const name = `Quoted-${tag}`;
  const { id } = await createPrototype(prisma, seller.id, { prototypeName: name, status: 'quoted', atomixQuote: '5000' });
  const month = new Date().toISOString().slice(0, 7);

  // A period without declines: the empty state.
  await signInAs(page, admin, '/admin/reports');
  const declines = page.getByTestId('decline-reasons');
  await expect(declines.getByRole('heading', { name: 'Decline reasons' })).toBeVisible();
  await expect(declines.getByTestId('decline-reasons-table').or(declines.getByTestId('decline-reasons-empty'))).toBeVisible();
  const regulatory = declines.getByTestId(`decline-month-${month}`).locator('td[data-category="regulatory"]');
  const before = (await regulatory.count()) > 0 ? Number(await regulatory.textContent()) : 0;
  await declines.getByLabel('From').fill('2001-01-01');
  await declines.getByLabel('To').fill('2001-12-31');
  await declines.getByRole('button', { name: 'Show' }).click();
  await expect(declines.getByTestId('decline-reasons-empty')).toHaveText('No declines in this period.');
  await expect(declines).toContainText('2001-01-01 to 2001-12-31');
  await expectNoAxeViolationsIn(page, LIGHT_DESKTOP_AND_DARK_PHONE);

  // Reject Quote asks for the optional category, and says what the seller will read.
  await page.goto(`/admin-panel?q=${tag}`);
  await page.getByRole('button', { name: `Reject Quote: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject Quote' });
  await expect(dialog.getByLabel('Reason category (optional)')).toHaveValue('');
  await dialog.getByLabel('Reason category (optional)').selectOption({ label: 'Regulatory path' });
  await expect(dialog).toContainText('The seller reads: “The path to the licences and approvals it needs is too uncertain for us today.”');
  await expectNoAxeViolationsIn(page, LIGHT_DESKTOP_AND_DARK_PHONE);
  await dialog.getByRole('button', { name: 'Reject Quote', exact: true }).click();
  await toast(page, 'Quote rejected successfully');
  await expect(dialog).toBeHidden();
  expect(await prisma.prototype.findUniqueOrThrow({ where: { id }, select: { status: true } })).toEqual({ status: 'rejected' });
  expect(await prisma.prototypeDecline.findMany({ where: { prototypeId: id }, select: { kind: true, category: true } })).toEqual([
    { kind: 'quote', category: 'regulatory' },
  ]);

  // The reports screen counts it this month, under its category.
  await page.goto('/admin/reports');
  await expect(regulatory).toHaveText(String(before + 1));
  await expect(declines.getByTestId(`decline-month-${month}`).getByRole('rowheader')).toHaveText(
    new Date().toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
  await expectNoAxeViolationsIn(page, LIGHT_DESKTOP_AND_DARK_PHONE);
});
