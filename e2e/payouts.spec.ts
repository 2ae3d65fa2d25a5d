// Manual payouts (no Stripe keys, the embedded default): an admin records a payout in the Payouts
// view and the seller sees it; axe on both screens in both themes, with screenshots for a human look
// (test-results/payout-screens).
import type { Page } from '@playwright/test';
import type { Db } from '../src/server/db/index.ts';
import { createPrototype } from '../src/server/test/factories.ts';
import { DESKTOP, VIEWPORTS, expectAccessibleAt, screenshot } from './screens.ts';
import { admin, expect, test } from './fixtures.ts';

const SHOTS = 'test-results/payout-screens';
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** A seller's quoted prototype whose quote the admin accepts through the API: one pending transaction. */
async function acceptedQuote(page: Page, prisma: Db, sellerId: string, quote: string, name: string) {
  const { id: prototypeId } = await createPrototype(prisma, sellerId, {
    inventorName: 'Dr. Meitner',
    prototypeName: name,
    energyType: 'nuclear',
    description: 'A compact fission-fusion hybrid.',
    status: 'quoted',
    atomixQuote: quote,
  });
  const response = await page.request.patch(`/api/admin/prototypes/${prototypeId}/final-approve`, { data: { status: 'accepted' } });
  expect(response.status()).toBe(200);
  return prototypeId;
}

test('admin records a manual payout; the seller sees it paid and the totals move', async ({ browser, page, db, prisma, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Lise' });
  await signInAs(page, admin);
  await acceptedQuote(page, prisma, seller.id, '2500.75', 'Hybrid Core');
  const { rows } = await db.query<{ id: number }>('SELECT id FROM transactions WHERE seller_id = $1', [seller.id]);
  const transactionId = rows[0]!.id;

  // The seller before: owed, not paid.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await signInAs(sellerPage, seller);
  await sellerPage.goto('/payouts');
  await expect(sellerPage.getByTestId('payouts-paid-out')).toHaveText('$0.00');
  await expect(sellerPage.getByTestId('payouts-owed')).toHaveText('$2,250.67');
  await expect(sellerPage.getByTestId('payout-row').filter({ visible: true })).toContainText(['Pending']);

  // The admin: from the panel to Payouts, manual mode explained, the pending total, the pay action.
  await page.goto('/admin-panel');
  await page.getByRole('link', { name: 'Payouts' }).click();
  await expect(page).toHaveURL(/\/admin\/payouts$/);
  await expect(page.getByTestId('payout-mode')).toContainText('Payouts are recorded manually');
  // Totals are shared with tests running in parallel: their sums are checked in payouts.test.ts.
  await expect(page.getByTestId('payout-total-pending')).toContainText('$');
  await page.getByTestId('payout-total-pending').click();
  await expect(page).toHaveURL(/status=pending/);
  const row = page.getByTestId(`payout-${transactionId}`);
  await expect(row).toContainText('$2,500.75');
  await expect(row).toContainText('$250.08');
  await row.getByRole('button', { name: `Record payment for transaction #${transactionId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment of $2,250.67' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('Choose how the payout was made')).toBeVisible();
  await expect(dialog.getByText('Enter the payment reference')).toBeVisible();
  await dialog.getByLabel('Method').selectOption('bank_transfer');
  await dialog.getByLabel('Reference').fill('BT-2026-0042');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'Payout recorded')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId(`payout-${transactionId}`)).toHaveCount(0); // gone from the pending filter
  await page.getByTestId('payout-total-completed').click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByTestId(`payout-${transactionId}`)).toContainText('Completed');
  await expect(page.getByTestId(`payout-${transactionId}`)).toContainText('Bank transfer · BT-2026-0042');

  // The seller after: paid, nothing owed, the dashboard card says payouts are manual.
  await sellerPage.reload();
  await expect(sellerPage.getByTestId('payouts-paid-out')).toHaveText('$2,250.67');
  await expect(sellerPage.getByTestId('payouts-owed')).toHaveText('$0.00');
  await expect(sellerPage.getByTestId('payout-row').filter({ visible: true })).toContainText(['Completed']);
  await expect(sellerPage.getByTestId('payout-row').filter({ visible: true })).toContainText(['BT-2026-0042']);
  // Phone card and desktop table read the same fields: paid, with the day, like the "Paid out" total.
  for (const width of [390, 1280]) {
    await sellerPage.setViewportSize({ width, height: 900 });
    await expect(sellerPage.getByTestId('payout-paid').filter({ visible: true })).toHaveText([/^Paid [A-Z][a-z]{2} \d{1,2}, \d{4}$/]);
  }
  await sellerPage.goto('/seller-dashboard');
  await expect(sellerPage.getByTestId('summary-Revenue')).toContainText('$2,250.67');
  await expect(sellerPage.getByTestId('payout-account-card')).toContainText('Payouts are recorded manually');
  await expect(sellerPage.getByRole('button', { name: 'Connect payout account' })).toHaveCount(0);
  const notification = await db.query('SELECT title FROM notifications WHERE user_id = $1 AND type = $2', [seller.id, 'payout_completed']);
  expect(notification.rows).toEqual([{ title: 'Payout sent' }]);
  const ledger = await db.query<{ type: string; amount: string; balance: string }>(
    'SELECT type, amount::text, balance::text FROM financial_records WHERE user_id = $1 ORDER BY id',
    [seller.id],
  );
  expect(ledger.rows).toEqual([
    { type: 'payout_due', amount: '2250.67', balance: '2250.67' },
    { type: 'payout_sent', amount: '-2250.67', balance: '0.00' },
  ]);
  await sellerContext.close();
});

test('payout screens, phone and desktop: no axe violations in either theme', async ({ browser, page, prisma, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Chien-Shiung' });
  await page.setViewportSize(DESKTOP);
  await signInAs(page, admin);
  await acceptedQuote(page, prisma, seller.id, '18000.00', 'Beta Decay Cell');
  await acceptedQuote(page, prisma, seller.id, '420.10', 'Tidal Lens');
  await page.goto('/admin/payouts');
  const recordPayment = page
    .getByRole('button', { name: /^Record payment for transaction/ })
    .filter({ visible: true })
    .first();
  await expect(recordPayment).toBeVisible();
  await expectAccessibleAt(page, VIEWPORTS, { shot: `${SHOTS}/admin-payouts`, fullPage: true });
  await recordPayment.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessibleAt(page, VIEWPORTS, { shot: `${SHOTS}/admin-pay-dialog` });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const context = await browser.newContext({ viewport: DESKTOP });
  const sellerPage = await context.newPage();
  await signInAs(sellerPage, seller, '/payouts');
  await expect(sellerPage.getByTestId('payout-row').filter({ visible: true })).toHaveCount(2);
  await expectAccessibleAt(sellerPage, VIEWPORTS, { shot: `${SHOTS}/seller-payouts`, fullPage: true });
  await sellerPage.goto('/seller-dashboard');
  await expect(sellerPage.getByTestId('payout-account-card')).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await sellerPage.setViewportSize(viewport);
    await sellerPage.getByTestId('payout-account-card').scrollIntoViewIfNeeded();
    await screenshot(sellerPage, `${SHOTS}/seller-dashboard-${viewport.name}.png`);
  }
  await context.close();
});

test('the seller with no transactions sees the empty state', async ({ page, createUser, signInAs }) => {
  const seller = await createUser();
  await signInAs(page, seller);
  await page.goto('/payouts');
  await expect(page.getByText('No transactions yet')).toBeVisible();
  await expect(page.getByTestId('payouts-paid-out')).toHaveText('$0.00');
});

test('a seller cannot open the admin Payouts view', async ({ page, createUser, signInAs }) => {
  const seller = await createUser();
  await signInAs(page, seller);
  await page.goto('/admin/payouts');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});
