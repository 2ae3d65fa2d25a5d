// The lifecycle after review in a browser (issue 14): an admin quotes, the seller declines, the
// admin revises (Accept Quote is no longer offered for the declined quote), the seller accepts the
// revised quote, the admin accepts it, starts development and marks the prototype deployed (each
// confirmed in a dialog), and the seller's Active Prototypes card counts it. Seeded through the
// shared factories; only this test's own rows are looked at.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createPrototype, createUser } from '../src/server/test/factories.ts';
import { expectNoAxeViolations } from './screens.ts';
import { admin, expect, test } from './fixtures.ts';

async function toast(page: Page, text: string) {
  await expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible();
}

test('quote, decline, revise, accept, Start Development, Mark Deployed: the seller sees one active prototype', async ({ browser, prisma, signInAs }) => {
  const tag = randomUUID().slice(0, 8);
  const seller = await createUser(prisma, { firstName: 'Lise', lastName: 'Meitner', email: `e2e-lifecycle-${tag}@atomix.test` });
  const name = `Lifecycle-${tag}`;
  const prototype = await createPrototype(prisma, seller.id, { prototypeName: name, status: 'under_review', stage: 'technical_evaluation' });

  const adminContext = await browser.newContext();
  // The seller on a phone in the dark theme, the admin on a desktop in the light one.
  const sellerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const adminPage = await adminContext.newPage();
  const sellerPage = await sellerContext.newPage();
  await sellerPage.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signInAs(adminPage, admin);
  await signInAs(sellerPage, seller);

  // The admin quotes.
  await adminPage.goto(`/admin-panel?q=${tag}`);
  const row = adminPage.getByTestId('prototype-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Provide Quote: ${name}` }).click();
  const quoteDialog = adminPage.getByRole('dialog', { name: 'Provide Quote' });
  await quoteDialog.getByLabel('Quote amount (USD)').fill('1000');
  await quoteDialog.getByRole('button', { name: 'Provide Quote' }).click();
  await toast(adminPage, 'Quote provided successfully');
  await expect(row.getByTestId('prototype-stage')).toHaveText('Negotiation');

  // The seller declines.
  await sellerPage.goto(`/prototypes/${prototype.id}`);
  await sellerPage.getByRole('button', { name: 'Decline Quote' }).click();
  await sellerPage.getByRole('dialog', { name: 'Decline this quote?' }).getByRole('button', { name: 'Decline $1,000.00' }).click();
  await expect(sellerPage.getByTestId('quote-response')).toContainText('You declined this quote');

  // The admin can no longer accept it: revise instead (prefilled, the declined version listed).
  await adminPage.reload();
  await expect(row.getByTestId('seller-response')).toContainText('Declined');
  await expect(row.getByRole('button', { name: `Accept Quote: ${name}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Revise Quote: ${name}` }).click();
  const revise = adminPage.getByRole('dialog', { name: 'Revise Quote' });
  await expect(revise.getByLabel('New quote amount (USD)')).toHaveValue('1000');
  await expect(revise.getByTestId('admin-quote-versions')).toContainText('Declined');
  await expectNoAxeViolations(adminPage, { include: '[data-testid="revise-quote-dialog"]' });
  await revise.getByLabel('New quote amount (USD)').fill('1500');
  await revise.getByLabel('Notes (optional)').fill('Includes pilot funding');
  await revise.getByRole('button', { name: 'Revise Quote' }).click();
  await toast(adminPage, 'Quote revised successfully');

  // The seller sees the history and that the revised quote awaits an answer, and accepts it.
  await sellerPage.reload();
  await expect(sellerPage.getByTestId('revised-quote-notice')).toContainText('$1,500.00');
  await expect(sellerPage.getByTestId('quote-history').getByRole('listitem')).toHaveCount(2);
  await expectNoAxeViolations(sellerPage, { include: '#main' });
  await sellerPage.getByRole('button', { name: 'Accept Quote' }).click();
  await sellerPage.getByRole('dialog', { name: 'Accept this quote?' }).getByRole('button', { name: 'Accept $1,500.00' }).click();
  await expect(sellerPage.getByTestId('quote-response')).toContainText('You accepted this quote');

  // The admin accepts, starts development and marks it deployed, confirming each step.
  await adminPage.reload();
  await row.getByRole('button', { name: `Accept Quote: ${name}` }).click();
  await toast(adminPage, 'Quote accepted successfully');
  await row.getByRole('button', { name: `Start Development: ${name}` }).click();
  const start = adminPage.getByRole('dialog', { name: 'Start Development' });
  await expect(start.getByRole('button', { name: 'Start Development' })).toBeFocused();
  await expectNoAxeViolations(adminPage, { include: '[data-testid="confirm-startDevelopment"]' });
  await start.getByRole('button', { name: 'Start Development' }).click();
  await toast(adminPage, 'Development started');
  await expect(row.getByTestId('prototype-stage')).toHaveText('Development');
  await row.getByRole('button', { name: `Mark Deployed: ${name}` }).click();
  const deploy = adminPage.getByRole('dialog', { name: 'Mark Deployed' });
  await deploy.getByRole('button', { name: 'Mark Deployed' }).click();
  await toast(adminPage, 'Prototype marked deployed');
  await expect(row.getByTestId('prototype-stage')).toHaveText('Deployment');

  // The seller's Active Prototypes card counts the deployed prototype (their only one).
  await sellerPage.goto('/seller-dashboard');
  await expect(sellerPage.getByTestId('summary-Active Prototypes')).toContainText('1');
  const stored = await prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id }, select: { status: true, stage: true, completedAt: true } });
  expect(stored.status).toBe('active');
  expect(stored.stage).toBe('deployment');
  expect(stored.completedAt).not.toBeNull();
  await adminContext.close();
  await sellerContext.close();
});
