// The seller's side in a browser (issue 4): register, submit with two documents, see them on the
// dashboard and the detail page, answer a quote; the guest rules; screenshots on phone and desktop.
import type { Page } from '@playwright/test';
import { screenshot, screenshotInBothThemes } from './screens.ts';
import { admin, expect, test } from './fixtures.ts';
import { createTransaction } from '../src/server/test/factories.ts';
import { CLASSIFICATION_QUESTION, SCREENING_QUESTIONS } from '../src/shared/export-control.ts';

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SHOTS = 'test-results/seller-shots';

async function register(page: Page, firstName = 'Nikola') {
  const email = `seller-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@atomix.test`;
  await page.goto('/register');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Tesla');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('alternating-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Account created successfully!')).toBeVisible();
  return email;
}

async function fillPrototype(page: Page, name: string) {
  await page.getByLabel('Inventor name').fill('Nikola Tesla');
  await page.getByLabel('Prototype name').fill(name);
  await page.getByLabel('Energy type').selectOption('zero-point');
  await page.getByLabel('Power output (kW)').fill('2500');
  await page.getByLabel('Efficiency (%)').fill('91');
  await page.getByLabel('Description', { exact: true }).fill('A resonant cavity that harvests vacuum energy.');
  await answerScreening(page);
}

/** The export screening questions (issue 32): "No" to each trigger, EAR99 known. */
async function answerScreening(page: Page) {
  for (const question of Object.values(SCREENING_QUESTIONS)) {
    await page.getByRole('group', { name: question.question }).getByLabel('No', { exact: true }).check();
  }
  await page.getByLabel(CLASSIFICATION_QUESTION).selectOption('ear99');
}

// Engine-specific (CI runs it again on PostgreSQL): there the documents are stored in the database.
test('a seller registers, submits with two documents, sees them, and answers a quote', { tag: '@engine' }, async ({ page, db, playwright }) => {
  const email = await register(page);
  const name = `Wardenclyffe Cell ${Date.now()}`;

  await page.goto('/prototype-submission');
  await expect(page.getByRole('heading', { name: 'Confidential Review' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fair Compensation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fast Response' })).toBeVisible();
  await expect(page.getByText('Initial review within 2 weeks. Detailed feedback and next steps within 30 days.')).toBeVisible();

  // Field messages first, then the terms rule.
  await page.getByRole('button', { name: 'Submit Prototype' }).click();
  await expect(page.getByText('Prototype name is required')).toBeVisible();
  await expect(page.getByLabel('Inventor name')).toBeFocused();
  await fillPrototype(page, name);

  const input = page.locator('input[type="file"]');
  await input.setInputFiles([
    { name: 'design-spec.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'bench-photo.png', mimeType: 'image/png', buffer: PNG },
    { name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
  ]);
  await expect(page.getByText('virus.exe: Unsupported file type')).toBeVisible();
  await expect(page.getByTestId('picked-file')).toHaveCount(2);
  // Sizes read in bytes, KB or MB, never "0.00 MB".
  await expect(page.getByTestId('picked-file').first()).toContainText(`${PDF.length} bytes`);
  // Added then removed again before submitting.
  await input.setInputFiles([{ name: 'draft.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await page.getByRole('button', { name: 'Remove draft.pdf' }).click();
  await expect(page.getByTestId('picked-file')).toHaveCount(2);

  await page.getByRole('button', { name: 'Submit Prototype' }).click();
  await expect(toast(page, 'Terms Required')).toContainText('Please accept the terms of submission to continue.');
  await page.getByRole('checkbox').check();
  await screenshot(page, `${SHOTS}/submission-desktop-light.png`);
  await page.getByRole('button', { name: 'Submit Prototype' }).click();
  await expect(toast(page, 'Prototype Submitted!')).toContainText("Thank you for your submission. We'll review it and get back to you soon.");
  // The form resets.
  await expect(page.getByLabel('Prototype name')).toHaveValue('');
  await expect(page.getByTestId('picked-file')).toHaveCount(0);
  await expect(page.getByRole('checkbox')).not.toBeChecked();

  const { rows } = await db.query<{ id: number; status: string; stage: string; priority: string; seller_id: string }>(
    'SELECT p.id, p.status, p.stage, p.priority, p.seller_id FROM prototypes p JOIN users u ON u.id = p.seller_id WHERE u.email = $1',
    [email],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: 'submitted', stage: 'initial_review', priority: 'medium' });
  const prototypeId = rows[0]!.id;
  const docs = await db.query('SELECT file_name, file_type, file_size FROM prototype_documents WHERE prototype_id = $1 ORDER BY file_name', [prototypeId]);
  expect(docs.rows).toEqual([
    { file_name: 'bench-photo.png', file_type: 'image/png', file_size: PNG.length },
    { file_name: 'design-spec.pdf', file_type: 'application/pdf', file_size: PDF.length },
  ]);

  // Dashboard: the prototype, awaiting a quote.
  await page.goto('/seller-dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Nikola' })).toBeVisible();
  const card = page.getByTestId('prototype-card').filter({ hasText: name });
  await expect(card).toContainText('Zero-Point Energy');
  await expect(card).toContainText('2,500 kW');
  await expect(card).toContainText('91%');
  await expect(card.getByTestId('quote-status')).toContainText('Awaiting Atomix quote');
  await expect(card.locator('.badge')).toHaveClass(/badge-outline/);
  await expect(page.getByTestId('summary-Total Prototypes')).toContainText('1');
  await expect(page.getByTestId('summary-Revenue')).toContainText('$0.00');
  await expect(page.getByText('No quotes received yet')).toBeVisible();
  await expect(page.getByText('No transactions yet')).toBeVisible();

  // Detail: both documents, downloadable by the owner with a safe Content-Disposition.
  await card.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/prototypes/${prototypeId}$`));
  const documents = page.getByTestId('documents');
  await expect(documents).toContainText('design-spec.pdf');
  await expect(documents).toContainText('bench-photo.png');
  await expect(page.getByTestId('timeline')).toContainText('Prototype submitted for confidential review');
  await expect(page.getByTestId('timeline')).toContainText('Document uploaded: design-spec.pdf');
  const href = await page.getByRole('link', { name: 'Download design-spec.pdf' }).getAttribute('href');
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toBe(`attachment; filename="design-spec.pdf"; filename*=UTF-8''design-spec.pdf`);
  expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);

  // The admin team quotes through the admin API (as the admin panel does), then the seller answers.
  const adminApi = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await adminApi.post('/api/login', { data: { email: admin.email, password: admin.password } })).status()).toBe(200);
  const quotedRes = await adminApi.patch(`/api/admin/prototypes/${prototypeId}/quote`, {
    data: { atomixQuote: '48000.50', quoteNotes: 'Includes a development partnership' },
  });
  expect(quotedRes.status()).toBe(200);
  await adminApi.dispose();
  await page.goto('/seller-dashboard');
  const quoted = page.getByTestId('prototype-card').filter({ hasText: name });
  await expect(quoted.getByTestId('quote-status')).toContainText('$48,000.50');
  await expect(quoted.getByTestId('quote-status')).toContainText('Quote provided');
  await expect(quoted.locator('.badge')).toHaveClass(/badge-secondary/);
  await expect(page.getByTestId('summary-Quoted Prototypes')).toContainText('1');
  await expect(page.getByRole('region', { name: 'Quotes' })).toContainText('$48,000.50');
  await screenshot(page, `${SHOTS}/dashboard-desktop-light.png`);

  await quoted.getByLabel(/Respond to the quote/).fill('Happy to proceed');
  await quoted.getByRole('button', { name: 'Accept Quote' }).click();
  // Six figures are not accepted on one click: the amount is named, and Enter does not confirm.
  const confirm = page.getByRole('dialog', { name: 'Accept this quote?' });
  await expect(confirm).toContainText('$48,000.50');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  expect((await db.query('SELECT seller_response FROM prototypes WHERE id = $1', [prototypeId])).rows[0].seller_response).toBeNull();
  await quoted.getByRole('button', { name: 'Accept Quote' }).click();
  await confirm.getByRole('button', { name: 'Accept $48,000.50' }).click();
  await expect(toast(page, 'Quote accepted')).toBeVisible();
  await expect(quoted.getByTestId('quote-response')).toContainText('You accepted this quote');
  const answer = await db.query('SELECT seller_response, seller_response_note, status FROM prototypes WHERE id = $1', [prototypeId]);
  expect(answer.rows[0]).toEqual({ seller_response: 'accepted', seller_response_note: 'Happy to proceed', status: 'quoted' });
  const adminNotes = await db.query(`SELECT count(*)::int AS n FROM notifications WHERE prototype_id = $1 AND type = 'quote_response'`, [prototypeId]);
  expect(adminNotes.rows[0].n).toBeGreaterThanOrEqual(1);

  // The detail page and the tracker show the answer and the pipeline.
  await page.goto(`/prototypes/${prototypeId}`);
  await expect(page.getByTestId('timeline')).toContainText('Seller accepted the quote of $48,000.50');
  await screenshot(page, `${SHOTS}/detail-desktop-light.png`);
  await page.goto('/prototype-tracker');
  await expect(page.getByRole('heading', { name: name })).toBeVisible();
  await expect(page.getByText('Current stage: Negotiation. Status: Quote accepted.')).toBeAttached();
  await screenshot(page, `${SHOTS}/tracker-desktop-light.png`);

  // Another seller cannot see the prototype or its documents.
  await page.context().clearCookies();
  await register(page, 'Other');
  expect((await page.request.get(href!)).status()).toBe(404);
  expect((await page.request.get(`/api/seller/prototypes/${prototypeId}`)).status()).toBe(404);
  await page.goto(`/prototypes/${prototypeId}`);
  await expect(page.getByRole('heading', { name: 'Prototype not found' })).toBeVisible();
});

test('guests: the submission and dashboard rules, and the public tracker', async ({ page }) => {
  await page.goto('/prototype-submission');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Please log in to submit a prototype.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprototype-submission$/);

  // The dashboard goes to /api/login after 500 ms: that request is held until its screen is checked
  // (a busy machine could otherwise be gone from it before the check).
  let release = () => {};
  const checked = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/login', async (route) => {
    await checked;
    await route.continue();
  });
  await page.goto('/seller-dashboard');
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
  await expect(page.getByText('You are logged out. Logging in again...').first()).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/prototype-tracker');
  await expect(page.getByRole('region', { name: 'By energy type' })).toContainText('Zero-Point Energy');
  await expect(page.getByRole('region', { name: 'By stage' })).toContainText('Initial review');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await screenshot(page, `${SHOTS}/tracker-guest-desktop-light.png`);
});

test('screens on a phone, in both themes', async ({ browser, prisma }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await register(page, 'Phone');
  await page.goto('/seller-dashboard');
  await expect(page.getByText('No prototypes submitted yet')).toBeVisible();
  await screenshotInBothThemes(page, `${SHOTS}/dashboard-empty-phone`);
  await page.goto('/prototype-submission');
  await fillPrototype(page, 'Phone Cell');
  await page.locator('input[type="file"]').setInputFiles([{ name: 'a-rather-long-document-name-for-phones.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshotInBothThemes(page, `${SHOTS}/submission-phone`);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Submit Prototype' }).click();
  await expect(toast(page, 'Prototype Submitted!')).toBeVisible();
  // A quote and a paid transaction whose payout is the same amount: every place an amount shows.
  const submitted = await prisma.prototype.findFirstOrThrow({ where: { prototypeName: 'Phone Cell' } });
  await prisma.prototype.update({ where: { id: submitted.id }, data: { status: 'quoted', stage: 'negotiation', atomixQuote: '877500.45' } });
  await createTransaction(prisma, submitted.id, submitted.sellerId, {
    amount: '975000.50',
    platformFee: '97500.05',
    sellerPayout: '877500.45',
    status: 'completed',
    completedAt: new Date(),
  });
  await page.goto('/seller-dashboard');
  // Every amount (Revenue in a half-width card, the quote, the answer's label) stays on one line (its
  // text has one line box) and inside its card.
  const amounts = page.getByText('$877,500.45', { exact: true });
  await expect(amounts).toHaveCount(5); // Revenue, quote, answer label, Quotes panel, Recent Transactions
  for (const amount of await amounts.all()) {
    const fits = await amount.evaluate((el) => {
      const lines = document.createRange();
      lines.selectNodeContents(el);
      const card = el.closest('li, [data-testid="quote-status"]')!.getBoundingClientRect();
      return { lineBoxes: lines.getClientRects().length, inside: el.getBoundingClientRect().right <= card.right };
    });
    expect(fits).toEqual({ lineBoxes: 1, inside: true });
  }
  await screenshotInBothThemes(page, `${SHOTS}/dashboard-phone`);
  await page.goto(`/prototypes/${submitted.id}`);
  await expect(page.getByTestId('documents')).toContainText('a-rather-long-document-name-for-phones.pdf');
  await screenshotInBothThemes(page, `${SHOTS}/detail-phone`);
  await page.goto('/prototype-tracker');
  await expect(page.getByRole('heading', { name: 'Phone Cell' })).toBeVisible();
  // Nothing wider than the phone's screen.
  for (const path of ['/prototype-tracker', '/seller-dashboard', '/prototype-submission', `/prototypes/${submitted.id}`]) {
    if (path !== '/prototype-tracker') await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await page.goto('/prototype-tracker');
  await expect(page.getByRole('heading', { name: 'Phone Cell' })).toBeVisible();
  await screenshotInBothThemes(page, `${SHOTS}/tracker-phone`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/seller-dashboard');
  await expect(page.getByTestId('quote-status')).toBeVisible();
  await screenshotInBothThemes(page, `${SHOTS}/dashboard-desktop`);
  await context.close();
});
