// Information requests and document access in a browser (issue 14, points 5 and 8): an admin asks
// a question with documents requested; the seller sees Action needed, answers with text and a PDF;
// the admin sees the answer and opens the document; the seller then sees who opened it, and when.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { LIGHT_DESKTOP_AND_DARK_PHONE, expectNoAxeViolationsIn } from './screens.ts';
import { expect, test } from './fixtures.ts';
import { createPrototype } from '../src/server/test/factories.ts';
import { samplePdf } from '../src/server/test/pdf-fixtures.ts';

// A real PDF: the admin's copy is stamped (issue 31, point 3).
const PDF = await samplePdf();

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

const toast = (page: Page, text: string) => expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible();

test('admin asks, the seller answers with a PDF, the admin opens it, the seller sees the access (light desktop, dark phone)', async ({
  page,
  browser,
  db,
  prisma,
  createUser,
  signInAs,
  attestAdmin,
}) => {
  // Each screen is checked light on a desktop and dark on a phone, where nothing may scroll sideways (ADR 0043).
  const tag = randomUUID().slice(0, 8);
  const name = `Tidal Kite ${tag}`;
  const seller = await createUser({ firstName: 'Sam' });
  const reviewer = await createUser({ role: 'admin', firstName: 'Dana' });
  const { id: prototypeId } = await createPrototype(prisma, seller.id, {
    inventorName: 'Dr. E2E',
    prototypeName: name,
    description: 'A kite that flies in tidal currents.',
    priority: 'medium',
  });
  await attestAdmin(reviewer, prototypeId);
  const question = `What is the rated power at 2 m/s? (${tag})`;

  // The admin asks, with documents requested.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, reviewer);
  await open(adminPage, `/admin-panel?q=${tag}`);
  const row = adminPage.getByTestId('prototype-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Ask the seller' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Ask the seller' });
  await dialog.getByRole('button', { name: 'Send question' }).click();
  await expect(dialog.getByText('Question is required')).toBeVisible();
  await dialog.getByLabel('Question').fill(question);
  await dialog.getByLabel('Ask for documents').check();
  await dialog.getByRole('button', { name: 'Send question' }).click();
  await toast(adminPage, 'Question sent to the seller');
  await expect(row.getByText(question)).toBeVisible();
  await expect(row.getByText('Waiting for the seller')).toBeVisible();
  await adminPage.getByTestId('open-info-requests').locator('summary').click();
  await expect(adminPage.getByTestId('open-info-requests')).toContainText(question);
  await expectNoAxeViolationsIn(adminPage, LIGHT_DESKTOP_AND_DARK_PHONE);

  // The seller: Action needed on the dashboard and the prototype page.
  await signInAs(page, seller);
  await page.goto('/seller-dashboard');
  const banner = page.getByTestId('action-needed-banner');
  await expect(banner).toContainText(name);
  await expectNoAxeViolationsIn(page, LIGHT_DESKTOP_AND_DARK_PHONE);
  await banner.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/prototypes/${prototypeId}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const requests = page.getByTestId('info-requests');
  await expect(requests).toContainText(question);
  await expect(requests.getByTestId('action-needed')).toBeVisible();
  await expect(page.getByTestId('document-access')).toContainText('No one from the evaluation team has opened your documents yet.');
  await expectNoAxeViolationsIn(page, LIGHT_DESKTOP_AND_DARK_PHONE);

  // Answers with text and a PDF.
  await requests.getByLabel('Your answer').fill('3.2 kW at 2 m/s; the power curve is attached.');
  await expect(requests.getByText('45 / 5000 characters')).toBeVisible();
  await requests.locator('input[type="file"]').setInputFiles([{ name: 'power-curve.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await requests.getByRole('button', { name: 'Send answer' }).click();
  await toast(page, 'Answer sent');
  await expect(requests).toContainText('3.2 kW at 2 m/s; the power curve is attached.');
  await expect(requests.getByRole('link', { name: 'power-curve.pdf' })).toBeVisible();
  await expect(requests.getByLabel('Your answer')).toHaveCount(0);
  await expect(page.getByTestId('action-needed')).toHaveCount(0);

  // The admin sees the answer and the document, and opens it.
  await open(adminPage, `/admin-panel?q=${tag}`);
  await row.getByRole('button', { name: 'Information requests' }).click();
  await expect(row.getByText('3.2 kW at 2 m/s; the power curve is attached.')).toBeVisible();
  const link = row.getByTestId('info-exchange').getByRole('link', { name: 'power-curve.pdf (download watermarked copy)' });
  const href = await link.getAttribute('href');
  const download = await adminPage.request.get(href!);
  expect(download.status()).toBe(200);
  // The admin's copy is stamped, not the original.
  const copy = Buffer.from(await download.body());
  expect(copy.subarray(0, 5).toString()).toBe('%PDF-');
  expect(copy.equals(PDF)).toBe(false);
  await adminContext.close();

  // The seller sees who opened it, and when.
  await page.reload();
  const access = page.getByTestId('document-access');
  await expect(access).toContainText('power-curve.pdf');
  await expect(access).toContainText('Downloaded a copy: Dana T.');
  await expectNoAxeViolationsIn(page, LIGHT_DESKTOP_AND_DARK_PHONE);
  const { rows: accessRows } = await db.query("SELECT user_id FROM access_records WHERE prototype_id = $1 AND kind = 'download'", [prototypeId]);
  expect(accessRows).toEqual([{ user_id: reviewer.id }]);
});
