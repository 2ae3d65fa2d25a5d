// Issue 34, points 5, 8, 11, 14 and 15, on a phone and a desktop: the seller sees an accepted quote
// and what follows; the document-access list updates while open; an admin's menus lead to admin
// screens; an answer carries a CSV and a workbook; a passed milestone says it is overdue.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, request } from '@playwright/test';
import { createPrototype } from '../src/server/test/factories.ts';
import { xlsxOf } from '../src/server/test/zip.ts';
import { samplePdf } from '../src/server/test/pdf-fixtures.ts';
import { admin, expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, VIEWPORTS, expectAccessibleAt } from './screens.ts';

const SHOTS = 'test-results/issue-34';
// A real PDF: the admin's copy is stamped (issue 31, point 3).
const PDF = await samplePdf();

async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  expect((await api.post('/api/login', { data: { email: admin.email, password: admin.password } })).status()).toBe(200);
  return api;
}

// The tests run on a desktop; each screen is checked at a phone's width and a desktop's with one
// load (no sideways scrolling, axe in both themes; ADR 0043).
test.use({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });

test('after accepting a quote the seller sees it accepted and what happens next (point 5)', async ({ page, prisma, createUser, signInAs, baseURL }) => {
  const seller = await createUser({ firstName: 'Ada' });
  const name = `Tidal Kite ${randomUUID().slice(0, 6)}`;
  const { id } = await createPrototype(prisma, seller.id, { prototypeName: name, status: 'under_review', stage: 'commercial_evaluation' });
  const api = await adminApi(baseURL!);
  // The amount as the app writes it (issue 34: grouping accepted).
  expect((await api.patch(`/api/admin/prototypes/${id}/quote`, { data: { atomixQuote: '$199,500.00' } })).status()).toBe(200);
  await api.dispose();

  await signInAs(page, seller, `/prototypes/${id}`);
  const card = page.getByTestId('quote-status');
  await expect(card).toContainText('$199,500.00');
  await expect(page.getByTestId('stage-stepper')).toContainText('A quote is on the table.');
  await card.getByRole('button', { name: 'Accept Quote' }).click();
  await page.getByRole('dialog', { name: 'Accept this quote?' }).getByRole('button', { name: 'Accept $199,500.00' }).click();

  await expect(page.locator('header').getByTestId('status-badge')).toHaveText('Quote accepted');
  await expect(card.getByTestId('status-badge')).toHaveText('Quote accepted');
  await expect(page.getByTestId('stage-stepper')).toContainText('You accepted the quote. The Atomix team confirms the purchase next.');
  const next = card.getByTestId('quote-next-steps');
  await expect(next.locator('[aria-current="step"]')).toContainText('Atomix confirms the purchase');
  await expect(next.getByRole('link', { name: 'Set up your payout account' })).toHaveAttribute('href', '/payouts');
  // Finished stages look finished: a tick, not the current stage's ring.
  await expect(page.getByTestId('stage-stepper').locator('li[data-state="done"]')).toHaveCount(3);
  await expect(page.getByTestId('stage-stepper').locator('li[data-state="done"]').first()).toHaveAttribute('data-content', '✓');
  await expect(page.getByTestId('stage-stepper').locator('li[aria-current="step"]')).toHaveAttribute('data-state', 'current');
  await expectAccessibleAt(page, VIEWPORTS, { shot: `${SHOTS}/quote-accepted`, fullPage: true });

  // The tracker says the same.
  await page.goto('/prototype-tracker');
  const tracked = page.getByRole('article').filter({ hasText: name });
  await expect(tracked.getByTestId('status-badge')).toHaveText('Quote accepted');
  await expect(tracked.getByTestId('stage-stepper')).toContainText('You accepted the quote');
});

test("the seller's document-access list updates while it is open (point 8)", async ({ page, browser, prisma, createUser, signInAs, attestAdmin }) => {
  const seller = await createUser({ firstName: 'Bea' });
  const reviewer = await createUser({ role: 'admin', firstName: 'Dana' });
  const { id } = await createPrototype(prisma, seller.id, { status: 'under_review' });
  // The reviewer accepted the confidentiality terms and attested for this prototype (ADR 0045).
  await attestAdmin(reviewer, id);
  await signInAs(page, seller, `/prototypes/${id}`);
  const uploaded = await page.request.post(`/api/prototypes/${id}/documents`, {
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'design-spec.pdf' },
    data: PDF,
  });
  expect(uploaded.status()).toBe(201);
  const { id: documentId } = (await uploaded.json()) as { id: number };
  const access = page.getByTestId('document-access');
  await expect(access).toContainText('No one from the evaluation team has opened your documents yet.');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  // Another person, another browser: the admin opens the document.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, reviewer);
  expect((await adminPage.request.get(`/api/documents/${documentId}`)).status()).toBe(200);
  await adminContext.close();

  // No reload: the live stream brings it.
  await expect(access.getByRole('listitem').filter({ hasText: 'design-spec.pdf' })).toContainText('Downloaded a copy: Dana T.');
  await access.scrollIntoViewIfNeeded();
  await expectAccessibleAt(page, VIEWPORTS, { shot: `${SHOTS}/document-access` });
});

test("an admin's menus open the admin's own screens (point 11)", async ({ page, createUser, signInAs }) => {
  const reviewer = await createUser({ role: 'admin', firstName: 'Omar' });
  await signInAs(page, reviewer, '/admin-panel');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // A desktop's navigation bar, then a phone's menu (the same page, resized).
  await expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.setViewportSize(PHONE);
  await page.getByTestId('mobile-menu-button').click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Admin Panel' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.getByTestId('mobile-menu-button').click();
  await page.setViewportSize(DESKTOP);
  await page.getByTestId('user-menu-button').click();
  await expect(page.locator('#user-menu').getByRole('link', { name: 'Prototype Tracker' })).toHaveCount(0);
  await page.locator('#user-menu').getByRole('link', { name: 'Payouts' }).click();
  await expect(page).toHaveURL(/\/admin\/payouts$/);
  await expect(page.getByText('What we owe you')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Admin Panel' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.getByTestId('user-menu-button').click();
  await expectAccessibleAt(page, VIEWPORTS, { shot: `${SHOTS}/admin-menu` });
});

test('an answer to an information request carries a CSV and a workbook; a file of another kind is refused (point 14)', async ({
  page,
  prisma,
  createUser,
  signInAs,
  baseURL,
}) => {
  const seller = await createUser({ firstName: 'Cy' });
  const { id } = await createPrototype(prisma, seller.id, { status: 'under_review' });
  const api = await adminApi(baseURL!);
  const asked = await api.post(`/api/admin/prototypes/${id}/info-requests`, { data: { question: 'Send the test data, please.', wantsDocuments: true } });
  expect(asked.status()).toBe(201);
  await api.dispose();

  await signInAs(page, seller, `/prototypes/${id}`);
  const requests = page.getByTestId('info-requests');
  await expect(requests).toContainText('Send the test data, please.');
  await expect(requests).toContainText('PDF, DOC, DOCX, JPG, JPEG, PNG, XLSX, XLS, CSV, TSV, TXT · up to 50MB each');
  await requests.getByLabel('Your answer').fill('Attached: the bench readings and the power curve.');
  const input = requests.locator('input[type="file"]');
  await input.setInputFiles([
    { name: 'bench readings.csv', mimeType: 'text/csv', buffer: Buffer.from('wind speed (m/s),power (kW)\n2,1.5\n12,48.2\n') },
    { name: 'power curve.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsxOf() },
    { name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00') },
  ]);
  await expect(requests.getByRole('alert')).toContainText('tool.exe: Unsupported file type');
  await expect(requests.getByTestId('picked-file')).toHaveCount(2);
  await expectAccessibleAt(page, VIEWPORTS, { shot: `${SHOTS}/answer-with-data`, fullPage: true });
  await requests.getByRole('button', { name: 'Send answer' }).click();
  const documents = page.getByTestId('documents');
  await expect(documents).toContainText('bench readings.csv');
  await expect(documents).toContainText('power curve.xlsx');
  const stored = await prisma.prototypeDocument.findMany({
    where: { prototypeId: id },
    select: { fileName: true, fileType: true },
    orderBy: { fileName: 'asc' },
  });
  expect(stored).toEqual([
    { fileName: 'bench readings.csv', fileType: 'text/csv; charset=utf-8' },
    { fileName: 'power curve.xlsx', fileType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  ]);
});

test('a passed milestone is marked overdue for the seller; a new past date is refused (point 15)', async ({ page, prisma, createUser, signInAs, baseURL }) => {
  const seller = await createUser({ firstName: 'Dee' });
  const lead = await prisma.user.findUniqueOrThrow({ where: { email: admin.email.toLowerCase() }, select: { id: true } });
  const past = new Date(Date.UTC(2026, 0, 15));
  const { id } = await createPrototype(prisma, seller.id, {
    status: 'in_development',
    stage: 'development',
    assignedTo: lead.id,
    nextMilestone: 'Pilot plant commissioning',
    milestoneDate: past,
  });
  await signInAs(page, seller, `/prototypes/${id}`);
  const milestone = page.getByTestId('next-milestone');
  await expect(milestone).toContainText('Pilot plant commissioning');
  await expect(milestone).toContainText('Overdue');
  await expect(milestone).toContainText('Expected by Jan 15, 2026: this date has passed');
  await milestone.scrollIntoViewIfNeeded();
  await expectAccessibleAt(page, VIEWPORTS, { shot: `${SHOTS}/milestone-overdue` });

  // The lead cannot set a new date in the past; a future one clears the cue.
  const api = await adminApi(baseURL!);
  const refused = await api.patch(`/api/admin/prototypes/${id}/evaluation`, { data: { milestoneDate: '2026-02-01T00:00:00.000Z' } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ message: 'The milestone date is in the past: choose today or a later day' });
  const future = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const day = `${future.toISOString().slice(0, 10)}T00:00:00.000Z`;
  expect((await api.patch(`/api/admin/prototypes/${id}/evaluation`, { data: { milestoneDate: day } })).status()).toBe(200);
  await api.dispose();
  await expect(milestone).not.toContainText('Overdue');
});
