// Export control in a browser (issue 32, points 1-6; ADRs 0050, 0051): a seller answers yes to
// tritium at submission and then sees only "Export screening in progress"; an admin reads the answers
// on the prototype page; a compliance officer classifies a held prototype there and sees its state
// change, finds it on the dashboard with its release report, records a colleague's export status and
// an authorization; an officer imports the screening list as a file, sees the hit a listed registrant
// raised and marks it a false positive. Each screen is checked in both themes.
import type { Page } from '@playwright/test';
import { CLASSIFICATION_QUESTION, SCREENING_QUESTIONS } from '../src/shared/export-control.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './screens.ts';

const SHOTS = 'test-results/export-control-shots';

async function answer(page: Page, yesTo: string[]) {
  for (const [key, { question }] of Object.entries(SCREENING_QUESTIONS)) {
    await page
      .getByRole('group', { name: question })
      .getByLabel(yesTo.includes(key) ? 'Yes' : 'No', { exact: true })
      .check();
  }
  await page.getByLabel(CLASSIFICATION_QUESTION).selectOption('unknown');
}

test('a seller answers yes to tritium: the admin reads the answers, the seller sees only that screening is in progress', async ({
  page,
  browser,
  createUser,
  signInAs,
  prisma,
}) => {
  test.slow(); // three screens checked in both themes, on a shared 2-core machine
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
  const prototype = await prisma.prototype.findFirstOrThrow({ where: { prototypeName: name }, select: { id: true } });

  await page.goto(`/prototypes/${prototype.id}`);
  await expect(page.getByTestId('screening-notice')).toHaveText('Export screening in progress');
  // Nothing else about it: not the questions, not the hold.
  await expect(page.getByText(SCREENING_QUESTIONS.tritium.question)).toHaveCount(0);
  await expect(page.getByText('Compliance hold')).toHaveCount(0);
  await expectAccessible(page, { shot: `${SHOTS}/seller-in-progress` });

  const admin = await createUser({ role: 'admin', firstName: 'Ada' });
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, admin, `/admin-panel/prototypes/${prototype.id}/evaluation`);
  const panel = adminPage.getByTestId('export-screening');
  await expect(panel).toContainText('Compliance hold');
  await expect(panel.getByText(SCREENING_QUESTIONS.tritium.question).locator('xpath=following-sibling::dd')).toHaveText('Yes');
  await expect(panel).toContainText('I don’t know');
  await expectAccessible(adminPage, { shot: `${SHOTS}/admin-answers` });
  await adminContext.close();
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

test("a compliance officer classifies a held prototype controlled; the dashboard lists it with its release report; the officer records a colleague's export status and authorization", async ({
  page,
  createUser,
  signInAs,
  prisma,
}) => {
  test.slow(); // three screens checked in both themes, on a shared 2-core machine
  const seller = await createUser({ firstName: 'Hal' });
  const name = `Held blanket ${Date.now()}`;
  const held = await prisma.prototype.create({
    data: {
      sellerId: seller.id,
      inventorName: 'Hal',
      prototypeName: name,
      energyType: 'nuclear',
      description: 'Breeds tritium.',
      exportScreening: {
        create: {
          hydrogenIsotopeSeparation: false,
          tritium: true,
          enrichment: false,
          reactorComponents: false,
          militaryOrSpace: false,
          knownClassification: 'unknown',
          answeredBy: seller.id,
          answeredAt: new Date(),
        },
      },
    },
  });
  const officer = await createUser({ role: 'admin', firstName: 'Oona' });
  await prisma.userPermission.create({ data: { userId: officer.id, permission: 'compliance.manage', granted: true, reason: 'e2e' } });
  await signInAs(page, officer, `/admin-panel/prototypes/${held.id}/evaluation`);

  const panel = page.getByTestId('export-screening');
  await expect(panel.getByTestId('compliance-state')).toHaveText('Compliance hold');
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
  await expectAccessible(page, { shot: `${SHOTS}/classification-form` });
  await record.getByRole('button', { name: 'Record classification' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Classification recorded' })).toContainText('Classified: controlled');
  await expect(panel.getByTestId('compliance-state')).toHaveText('Classified: controlled');
  await expect(record.getByTestId('classification-on-record')).toHaveText('1E201');
  // The officer's own status is not on record: the confidential content stays closed, and that is recorded.
  await expect(page.getByText('your export status is not on record').first()).toBeVisible();

  await page.goto('/admin/compliance');
  const controlled = page.getByTestId('state-list-controlled').getByRole('listitem').filter({ hasText: name });
  await expect(controlled).toContainText('1E201');
  await expect(page.getByRole('group', { name: /^Compliance hold/ })).not.toContainText(name);
  await controlled.getByRole('button', { name: 'Release report' }).click();
  await expect(controlled.getByRole('row').filter({ hasText: officer.email })).toContainText('Export status not recorded');
  const csvHref = await controlled.getByRole('link', { name: /Download CSV/ }).getAttribute('href');
  expect(csvHref).toBe(`/api/admin/compliance/releases?prototypeId=${held.id}&format=csv`);
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(officer.email);
  await expectAccessible(page, { shot: `${SHOTS}/dashboard` });

  // No one records their own status: the officer's page says so; a colleague's page has the forms.
  await page.goto(`/admin/users/${officer.id}`);
  await expect(page.getByTestId('export-status-own')).toContainText('another compliance officer must');
  const colleague = await createUser({ role: 'admin', firstName: 'Ravi' });
  await page.goto(`/admin/users/${colleague.id}`);
  const status = page.getByTestId('export-status-section');
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
  const validThrough = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await status.getByLabel('Prototype (controlled)').selectOption(String(held.id));
  await status.getByLabel('Licence or authorization number').fill('D-E2E-1');
  await status.getByLabel('Valid through').fill(validThrough);
  await status.getByRole('button', { name: 'Add authorization' }).click();
  await expect(status.getByTestId('authorizations')).toContainText('D-E2E-1');
  await expectAccessible(page, { shot: `${SHOTS}/export-status` });

  // The authorization ends within 30 days: the dashboard lists it.
  await page.goto('/admin/compliance');
  await expect(page.getByTestId('expiring-authorizations').getByRole('listitem').filter({ hasText: 'D-E2E-1' })).toContainText(`Ravi Tester for ${name}`);
});
