// Export control in a browser (issue 32; ADRs 0050, 0051). The walk: a seller answers yes to tritium
// at submission and then sees only "Export screening in progress"; a compliance officer reads the
// answers, classifies the item controlled, finds it on the dashboard with its release report, records
// a colleague's export status (a foreign person, refused the document's page with the reason) and an
// authorization, after which the colleague reads the page. Also: an unscreened prototype's seller
// answers on its page; an officer imports the screening list as a file and clears a hit. Each screen
// is checked in both themes.
import type { Page } from '@playwright/test';
import { CLASSIFICATION_QUESTION, SCREENING_QUESTIONS } from '../src/shared/export-control.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './screens.ts';
import { samplePdf } from '../src/server/test/pdf-fixtures.ts';

const SHOTS = 'test-results/export-control-shots';
const FILE = 'blanket-design.pdf';

async function answer(page: Page, yesTo: string[]) {
  for (const [key, { question }] of Object.entries(SCREENING_QUESTIONS)) {
    await page
      .getByRole('group', { name: question })
      .getByLabel(yesTo.includes(key) ? 'Yes' : 'No', { exact: true })
      .check();
  }
  await page.getByLabel(CLASSIFICATION_QUESTION).selectOption('unknown');
}

test('the walk: a seller answers yes to tritium; an officer classifies it controlled and authorizes a foreign colleague, who then reads a page of its document', async ({
  page,
  browser,
  createUser,
  signInAs,
  attestAdmin,
  prisma,
}) => {
  test.slow(); // seven screens, four checked in both themes, on a shared 2-core machine
  // The seller submits with a yes to tritium, and adds a PDF.
  const seller = await createUser({ firstName: 'Tia' });
  await signInAs(page, seller, '/prototype-submission');
  const name = `Blanket ${Date.now()}`;
  await page.getByLabel('Inventor name').fill('Tia Tritium');
  await page.getByLabel('Prototype name').fill(name);
  await page.getByLabel('Energy type').selectOption('nuclear');
  await page.getByLabel('Description', { exact: true }).fill('A lithium blanket that breeds tritium.');
  await page.getByRole('button', { name: 'Submit Prototype' }).click();
  // Each unanswered question says so.
  await expect(page.getByText('Please answer yes or no')).toHaveCount(5);
  await answer(page, ['tritium']);
  await expect(page.getByText('not legal advice')).toBeVisible();
  await expectAccessible(page, { shot: `${SHOTS}/submission` });
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Submit Prototype' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Prototype Submitted!' })).toBeVisible();
  const held = await prisma.prototype.findFirstOrThrow({ where: { prototypeName: name }, select: { id: true } });
  const uploaded = await page.request.post(`/api/prototypes/${held.id}/documents`, {
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': FILE },
    data: await samplePdf(2),
  });
  expect(uploaded.status()).toBe(201);
  const { id: documentId } = (await uploaded.json()) as { id: number };

  await page.goto(`/prototypes/${held.id}`);
  await expect(page.getByTestId('screening-notice')).toHaveText('Export screening in progress');
  // Nothing else about it: not the questions, not the hold.
  await expect(page.getByText(SCREENING_QUESTIONS.tritium.question)).toHaveCount(0);
  await expect(page.getByText('Compliance hold')).toHaveCount(0);
  await expectAccessible(page, { shot: `${SHOTS}/seller-in-progress` });

  // A compliance officer reads the answers and classifies the item controlled.
  const officer = await createUser({ role: 'admin', firstName: 'Oona' });
  await prisma.userPermission.create({ data: { userId: officer.id, permission: 'compliance.manage', granted: true, reason: 'e2e' } });
  const officerPage = await (await browser.newContext()).newPage();
  await signInAs(officerPage, officer, `/admin-panel/prototypes/${held.id}/evaluation`);
  const panel = officerPage.getByTestId('export-screening');
  await expect(panel.getByTestId('compliance-state')).toHaveText('Compliance hold');
  await expect(panel.getByText(SCREENING_QUESTIONS.tritium.question).locator('xpath=following-sibling::dd')).toHaveText('Yes');
  await expect(panel).toContainText('I don’t know');
  const record = panel.getByTestId('export-classification');
  await expect(record).toContainText('None yet');
  // Nothing chosen: each field says what it needs, and nothing is sent.
  await record.getByRole('button', { name: 'Record classification' }).click();
  await expect(record.getByText('Please choose the jurisdiction')).toBeVisible();
  await expect(record.getByText('Please say whether the item is controlled')).toBeVisible();
  await record.getByLabel('Jurisdiction').selectOption('ear');
  await record.getByLabel('Classification', { exact: true }).fill('1e201');
  await record.getByRole('group', { name: 'Is the item controlled?' }).getByLabel(/^Yes/).check();
  await record.getByRole('group', { name: 'Basis of the classification' }).getByLabel('Advice of export counsel').check();
  await record.getByLabel('Note (optional)').fill('Counsel memo of today');
  await expectAccessible(officerPage, { shot: `${SHOTS}/classification-form` });
  await record.getByRole('button', { name: 'Record classification' }).click();
  await expect(officerPage.getByTestId('toast').filter({ hasText: 'Classification recorded' })).toContainText('Classified: controlled');
  await expect(panel.getByTestId('compliance-state')).toHaveText('Classified: controlled');
  await expect(record.getByTestId('classification-on-record')).toHaveText('1E201');
  // The officer's own status is not on record: the confidential content stays closed, and that is recorded.
  await expect(officerPage.getByText('your export status is not on record').first()).toBeVisible();

  await officerPage.goto('/admin/compliance');
  const controlled = officerPage.getByTestId('state-list-controlled').getByRole('listitem').filter({ hasText: name });
  await expect(controlled).toContainText('1E201');
  await expect(officerPage.getByRole('group', { name: /^Compliance hold/ })).not.toContainText(name);
  await controlled.getByRole('button', { name: 'Release report' }).click();
  await expect(controlled.getByRole('row').filter({ hasText: officer.email })).toContainText('Export status not recorded');
  const csvHref = await controlled.getByRole('link', { name: /Download CSV/ }).getAttribute('href');
  expect(csvHref).toBe(`/api/admin/compliance/releases?prototypeId=${held.id}&format=csv`);
  const csv = await officerPage.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(officer.email);
  await expectAccessible(officerPage, { shot: `${SHOTS}/dashboard` });

  // No one records their own status: the officer's page says so; a colleague's page has the forms.
  await officerPage.goto(`/admin/users/${officer.id}`);
  await expect(officerPage.getByTestId('export-status-own')).toContainText('another compliance officer must');
  const colleague = await createUser({ role: 'admin', firstName: 'Ravi' });
  await attestAdmin(colleague, held.id);
  await officerPage.goto(`/admin/users/${colleague.id}`);
  const status = officerPage.getByTestId('export-status-section');
  await expect(status.getByTestId('export-status')).toHaveText('Unknown');
  await status
    .getByRole('group', { name: 'Export status' })
    .getByLabel(/^Foreign person/)
    .check();
  await status.getByRole('button', { name: 'Record export status' }).click();
  await expect(status.getByText('A foreign person needs at least one country of citizenship')).toBeVisible();
  await status.getByLabel('Countries of citizenship').fill('de, in');
  await status.getByRole('button', { name: 'Record export status' }).click();
  await expect(status.getByTestId('export-status')).toHaveText('Foreign person');
  await expect(status).toContainText('citizen of DE, IN');

  // The colleague, a foreign person without an authorization, is refused the page, with the reason.
  const readerPage = await (await browser.newContext()).newPage();
  await signInAs(readerPage, colleague, `/documents/${documentId}?name=${FILE}`);
  await expect(readerPage.getByTestId('reader-page').getByRole('alert')).toContainText('as a foreign person you need an authorization');

  // The officer records an authorization for this item; the colleague's page opens.
  const validThrough = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await status.getByLabel('Prototype (controlled)').selectOption(String(held.id));
  await status.getByLabel('Licence or authorization number').fill('D-E2E-1');
  await status.getByLabel('Valid through').fill(validThrough);
  await status.getByRole('button', { name: 'Add authorization' }).click();
  await expect(status.getByTestId('authorizations')).toContainText('D-E2E-1');
  await expectAccessible(officerPage, { shot: `${SHOTS}/export-status` });

  await readerPage.reload();
  const image = readerPage.getByTestId('reader-page').getByRole('img', { name: `Page 1 of ${FILE}` });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  // Recorded: the page view released on the authorization, after the refusal.
  const releases = await prisma.exportRelease.findMany({ where: { userId: colleague.id, channel: 'page_view' }, orderBy: { id: 'asc' } });
  expect(releases.map((r) => [r.outcome, r.basis ?? r.reason, r.reference, r.page])).toEqual([
    ['refused', 'no_authorization', null, 1],
    ['released', 'authorization', 'D-E2E-1', 1],
  ]);

  // The authorization ends within 30 days: the dashboard lists it.
  await officerPage.goto('/admin/compliance');
  await expect(officerPage.getByTestId('expiring-authorizations').getByRole('listitem').filter({ hasText: 'D-E2E-1' })).toContainText(
    `Ravi Tester for ${name}`,
  );
});

test('an unscreened prototype: the seller is asked and answers on its page', async ({ page, createUser, signInAs, prisma }) => {
  const seller = await createUser({ firstName: 'Uma' });
  const created = await prisma.prototype.create({
    data: { sellerId: seller.id, inventorName: 'Uma', prototypeName: `Unscreened ${Date.now()}`, energyType: 'solar', description: 'Panels.' },
  });
  await signInAs(page, seller, '/seller-dashboard');
  await expect(page.getByTestId('screening-notice')).toHaveText('Action needed: export screening');
  await page.goto(`/prototypes/${created.id}`);
  const action = page.getByTestId('screening-action');
  await expect(action).toContainText('Action needed');
  await expectAccessible(page, { shot: `${SHOTS}/seller-action-needed` });
  await answer(page, []);
  await page.getByRole('button', { name: 'Save answers' }).click();
  // "I don't know" holds it: from now on the seller only hears that screening is in progress.
  await expect(page.getByTestId('screening-notice')).toHaveText('Export screening in progress');
  await expect(action).toHaveCount(0);
});

test('a compliance officer imports the list as a file and clears a hit; an admin without compliance.manage is told why', async ({
  page,
  browser,
  createUser,
  signInAs,
  prisma,
}) => {
  test.slow(); // two browser contexts and a registration beside the compliance page
  const officer = await createUser({ role: 'admin', firstName: 'Olga' });
  await prisma.userPermission.create({ data: { userId: officer.id, permission: 'compliance.manage', granted: true, reason: 'e2e' } });
  await signInAs(page, officer, '/admin-panel');
  await page.getByRole('link', { name: 'Compliance' }).click();
  await expect(page.getByRole('heading', { name: 'Export compliance', level: 1 })).toBeVisible();
  // Not "No list imported yet": the demo seed (demo-pages.spec.ts) imports its list into this database when it has none.
  await expect(page.getByRole('heading', { name: 'Consolidated Screening List' })).toBeVisible();
  const unique = `Zed${Date.now().toString(36)}`;
  const csv = `name,alt_names,addresses,countries,source\r\n"${unique} Holdings","${unique}, Žofia Ñam",Somewhere,XX,Entity List\r\n`;
  await page.getByLabel('List file (CSV)').setInputFiles({ name: 'consolidated.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import list' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Screening list imported' })).toContainText('1 entries');
  await expect(page.getByRole('cell', { name: /\(in force\)/ })).toBeVisible();

  // A registrant whose name is an alternate name, in another order and without accents.
  const guest = await browser.newContext();
  const registered = await guest.request.post('/api/register', {
    data: { email: `listed-${Date.now()}@atomix.test`, password: 'a-long-enough-password', firstName: 'Nam', lastName: `Zofia ${unique}` },
  });
  expect(registered.status()).toBe(201);
  await guest.close();

  await page.reload();
  const hit = page.getByTestId('screening-hit').filter({ hasText: `Zofia ${unique}` });
  await expect(hit).toContainText(`${unique}, Žofia Ñam`);
  await expectAccessible(page, { shot: `${SHOTS}/compliance-page` });
  await hit.getByLabel('Note (optional)').fill('Different person: date of birth differs');
  await hit.getByRole('button', { name: 'False positive: lift the hold' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Marked a false positive' })).toBeVisible();
  await expect(hit).toHaveCount(0);

  const admin = await createUser({ role: 'admin', firstName: 'Ned' });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, admin, '/admin/compliance');
  await expect(otherPage.getByText('You do not have the "compliance.manage" permission')).toBeVisible();
  await other.close();
});
