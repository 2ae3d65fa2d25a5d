// The page reader (issue 31, point 4; ADR 0046): an attested admin opens a seller's PDF from the
// admin panel, turns the pages with the keyboard and sees each page drawn by the server; the screen
// is axe clean in both themes at phone and desktop widths (ADR 0043). The seller then makes the
// document view-only: the admin's download is refused (403), the reader still shows the pages.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { VIEWPORTS, expectAccessibleAt } from './screens.ts';
import { expect, test } from './fixtures.ts';
import { VIEW_ONLY_DOWNLOAD_REFUSED } from '../src/server/domain/document-reading.ts';
import { createPrototype } from '../src/server/test/factories.ts';
import { samplePdf } from '../src/server/test/pdf-fixtures.ts';

const FILE = 'coil-design.pdf';
const PAGES = 3;
const PDF = await samplePdf(PAGES);

/** The reader says page `n` of PAGES, and that page's image has arrived and been decoded. */
async function expectPage(page: Page, n: number) {
  await expect(page.getByTestId('reader-position')).toHaveText(`Page ${n} of ${PAGES}`);
  const image = page.getByTestId('reader-page').getByRole('img', { name: `Page ${n} of ${FILE}` });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await expect(page.getByTestId('reader-page')).toHaveAttribute('aria-busy', 'false');
}

test("an attested admin reads a seller's PDF page by page with the keyboard; view-only refuses the download, not the reader", async ({
  page,
  browser,
  db,
  prisma,
  createUser,
  signInAs,
  attestAdmin,
}) => {
  const tag = randomUUID().slice(0, 8);
  const name = `Coil Reader ${tag}`;
  const seller = await createUser({ firstName: 'Sam' });
  const reviewer = await createUser({ role: 'admin', firstName: 'Dana' });
  const { id: prototypeId } = await createPrototype(prisma, seller.id, { prototypeName: name, status: 'under_review' });

  // The seller uploads the PDF as their page does.
  await signInAs(page, seller, `/prototypes/${prototypeId}`);
  const uploaded = await page.request.post(`/api/prototypes/${prototypeId}/documents`, {
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': FILE },
    data: PDF,
  });
  expect(uploaded.status()).toBe(201);
  const { id: documentId } = (await uploaded.json()) as { id: number };
  await attestAdmin(reviewer, prototypeId);

  // The admin finds the document on the prototype's row: a watermarked download, and the reader.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, reviewer, `/admin-panel?q=${tag}`);
  const row = adminPage.getByTestId('prototype-row').filter({ hasText: name });
  const download = row.getByRole('link', { name: `${FILE} (download watermarked copy)` });
  const href = await download.getAttribute('href');
  expect((await adminPage.request.get(href!)).status()).toBe(200);
  await row.getByRole('link', { name: `Read ${FILE} page by page` }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/documents/${documentId}\\?name=${FILE}$`));
  await expect(adminPage.getByRole('heading', { level: 1, name: FILE })).toBeVisible();
  await expectPage(adminPage, 1);
  await expect(adminPage.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expectAccessibleAt(adminPage, VIEWPORTS);

  // The keys turn the pages, and stop at either end.
  await adminPage.keyboard.press('ArrowRight');
  await expectPage(adminPage, 2);
  await adminPage.keyboard.press('PageDown');
  await expectPage(adminPage, 3);
  await expect(adminPage.getByRole('button', { name: 'Next' })).toBeDisabled();
  await adminPage.keyboard.press('ArrowRight');
  await expectPage(adminPage, 3);
  await adminPage.keyboard.press('ArrowLeft');
  await expectPage(adminPage, 2);
  await expectAccessibleAt(adminPage, VIEWPORTS);
  // Every page the admin saw is on the access record, in the order they were seen.
  const { rows: views } = await db.query("SELECT page FROM access_records WHERE document_id = $1 AND user_id = $2 AND kind = 'page_view' ORDER BY id", [
    documentId,
    reviewer.id,
  ]);
  expect(views.map((v: { page: number }) => v.page)).toEqual([1, 2, 3, 2]);

  // The seller makes the document view-only on their prototype's page.
  await page.reload();
  const item = page.getByTestId('documents').getByRole('listitem').filter({ hasText: FILE });
  const viewOnly = item.getByRole('checkbox', { name: 'View only' });
  await expect(viewOnly).not.toBeChecked();
  await viewOnly.check();
  await expect(page.getByTestId('toast').filter({ hasText: `${FILE}: the evaluation team can read it page by page but not download it.` })).toBeVisible();
  await expect(viewOnly).toBeChecked();

  // The admin's download link is refused; the row offers only the reader now.
  const refused = await adminPage.request.get(href!);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ message: VIEW_ONLY_DOWNLOAD_REFUSED });
  await adminPage.goto(`/admin-panel?q=${tag}`);
  await expect(row.getByText('View only')).toBeVisible();
  await expect(download).toHaveCount(0);
  await row.getByRole('link', { name: `Read ${FILE} page by page` }).click();
  await expectPage(adminPage, 1);
  await adminPage.keyboard.press('PageDown');
  await expectPage(adminPage, 2);
});
