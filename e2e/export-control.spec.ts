// Export control in a browser (issue 32, points 1, 2 and 5; ADR 0050): a seller answers yes to
// tritium at submission and then sees only "Export screening in progress"; an admin reads the answers
// on the prototype page; a compliance officer imports the screening list as a file, sees the hit a
// listed registrant raised and marks it a false positive. Each screen is checked in both themes.
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
  await expect(page.getByText('No list imported yet')).toBeVisible();
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
