// The admin ledger (issue 34, point 12), on a phone and a desktop: a balance per seller instead of
// one running column across sellers, the totals, and a seller filter that narrows the entries and
// the totals to one seller. Axe-checked in both themes at both widths, each screen opened once (ADR 0043;
// screenshots in test-results/ledger-balances).
import { randomUUID } from 'node:crypto';
import { recordLedgerEntry } from '../src/server/domain/ledger.ts';
import { createPrototype } from '../src/server/test/factories.ts';
import { DESKTOP, PHONE, VIEWPORTS, expectAccessibleAt } from './screens.ts';
import { expect, test } from './fixtures.ts';

test('ledger, phone and desktop: balance per seller, totals, seller filter', async ({ page, prisma, createUser, signInAs }) => {
  const tag = randomUUID().slice(0, 8);
  const admin = await createUser({ role: 'admin' });
  const ines = await createUser({ firstName: `Ines${tag}` });
  const omar = await createUser({ firstName: `Omar${tag}` });
  const entry = (userId: string, type: 'payout_due' | 'payout_sent', amount: string, reference: string) =>
    prisma.$transaction((tx) => recordLedgerEntry(tx, { userId, type, amount, description: `${type} ${tag}`, reference }));
  await entry(ines.id, 'payout_due', '1000.00', `transaction:a-${tag}`);
  await entry(omar.id, 'payout_due', '250.00', `transaction:b-${tag}`);
  await entry(ines.id, 'payout_sent', '-1000.00', `WIRE-${tag}`);
  await entry(ines.id, 'payout_due', '75.25', `transaction:c-${tag}`);

  await page.setViewportSize(DESKTOP);
  await signInAs(page, admin, '/admin/ledger');
  await expect(page.getByRole('heading', { name: 'Totals, all sellers' })).toBeVisible();
  // Each seller's own balance, in the table (desktop) or the list (phone): the same page, resized.
  const balances = page.getByRole('region', { name: 'Balance per seller' });
  for (const [viewport, testId] of [
    [DESKTOP, 'seller-balance-row'],
    [PHONE, 'seller-balance'],
  ] as const) {
    await page.setViewportSize(viewport);
    const rowOf = (name: string) => balances.getByTestId(testId).filter({ hasText: name });
    await expect(rowOf(`Ines${tag}`)).toContainText('$75.25');
    await expect(rowOf(`Ines${tag}`)).toContainText('$1,075.25');
    await expect(rowOf(`Omar${tag}`)).toContainText('$250.00');
  }
  await page.setViewportSize(DESKTOP);
  // Unfiltered, each row's balance is named as its seller's own.
  const newest = page
    .getByTestId('ledger-row')
    .filter({ hasText: `Ines${tag}` })
    .first();
  await expect(newest).toContainText(`Ines${tag}’s balance`);
  await expectAccessibleAt(page, VIEWPORTS, { shot: 'test-results/ledger-balances/all', fullPage: true });

  // The seller filter: the entries and the totals of one seller.
  await page.getByLabel('Seller', { exact: true }).selectOption(ines.id);
  await expect(page).toHaveURL(new RegExp(`user=${ines.id}`));
  await expect(page.getByRole('heading', { name: `Totals for Ines${tag} Tester` })).toBeVisible();
  await expect(page.getByTestId('ledger-total-due')).toHaveText('$1,075.25');
  await expect(page.getByTestId('ledger-total-sent')).toHaveText('$1,000.00');
  await expect(page.getByTestId('ledger-total-balance')).toHaveText('$75.25');
  await expect(page.getByTestId('ledger-total-entries')).toHaveText('3');
  await expect(page.getByTestId('ledger-row')).toHaveCount(3);
  await expect(page.getByTestId('ledger-balance').first()).toHaveText('$75.25');
  await expect(page.getByRole('region', { name: 'Balance per seller' })).toHaveCount(0);
  await expectAccessibleAt(page, VIEWPORTS, { shot: 'test-results/ledger-balances/one-seller', fullPage: true });

  // Choosing a seller from the balances does the same, from the table and from the phone's list.
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.getByLabel('Seller', { exact: true }).selectOption('');
    await expect(page.getByRole('heading', { name: 'Totals, all sellers' })).toBeVisible();
    await page.getByRole('button', { name: `Omar${tag} Tester: show only their entries` }).click();
    await expect(page.getByTestId('ledger-total-balance')).toHaveText('$250.00');
    await expect(page.getByTestId('ledger-row')).toHaveCount(1);
  }
});

test('payouts list: status and page in the URL, Next and Previous', async ({ page, prisma, createUser, signInAs }) => {
  const admin = await createUser({ role: 'admin' });
  const seller = await createUser();
  // More pending payouts than one page holds (25): one per accepted prototype.
  for (let i = 0; i < 27; i++) {
    const prototype = await createPrototype(prisma, seller.id, { prototypeName: `Pager ${i}`, status: 'accepted' });
    await prisma.transaction.create({
      data: { prototypeId: prototype.id, sellerId: seller.id, amount: '100.00', platformFee: '10.00', sellerPayout: '90.00', status: 'pending' },
    });
  }
  await signInAs(page, admin, '/admin/payouts?status=pending');
  const pages = page.getByRole('navigation', { name: 'Payout pages' });
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(page).toHaveURL(/cursor=/);
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeEnabled();
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/dir=prev/);
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
});
