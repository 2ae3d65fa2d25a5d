// The data room (issue 31, points 1, 2 and 5; ADR 0045): an admin who has not accepted the terms sees
// the "Confidential" panel on the evaluation page, accepts the terms in a dialog, attests with the
// no-conflict checkbox (keyboard only), and the description opens; the seller sees who attested and
// withdraws, then restores, that admin's access. Axe-checked in both themes.
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './screens.ts';
import { expect, test } from './fixtures.ts';
import { createPrototype } from '../src/server/test/factories.ts';

test('an admin accepts the terms and attests; the seller sees it and withdraws, then restores, the access', async ({
  page,
  browser,
  prisma,
  createUser,
  signInAs,
}) => {
  const tag = randomUUID().slice(0, 8);
  const seller = await createUser();
  const admin = await createUser({ role: 'admin', firstName: 'Dana' });
  const secret = `Coil geometry ${tag}`;
  const { id } = await createPrototype(prisma, seller.id, { prototypeName: `Vault-${tag}`, description: secret, status: 'under_review' });

  await signInAs(page, admin, `/admin-panel/prototypes/${id}/evaluation`);
  const panel = page.getByTestId('confidential-panel');
  await expect(panel).toContainText('Accept the confidentiality terms (version');
  await expect(page.getByText(secret)).toHaveCount(0);
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'Read and accept the terms' }).click();
  const terms = page.getByTestId('terms-dialog');
  // Focus is in the dialog's box (the box itself while the terms load, or a button), never on the
  // backdrop's hidden close button, where Enter closed the dialog.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="terms-dialog"] .modal-box') != null)).toBe(true);
  await expect(terms).toContainText('Mutual confidentiality for evaluation');
  await terms.getByRole('button', { name: 'I accept these terms' }).click();

  await expect(panel).toContainText('Attest that you have no conflict of interest');
  await panel.getByRole('button', { name: 'Attest for this prototype' }).click();
  const attest = page.getByTestId('attest-dialog');
  const submit = attest.getByRole('button', { name: 'Attest', exact: true });
  await expect(submit).toBeDisabled();
  await attest.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await expect(submit).toBeEnabled();
  await expectAccessible(page, { include: '[data-testid="attest-dialog"]' });
  await submit.click();
  await expect(page.getByTestId('confidential-description')).toHaveText(secret);

  // The seller's page: who attested, and the control that withdraws and restores the access.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await signInAs(sellerPage, seller, `/prototypes/${id}`);
  const room = sellerPage.getByTestId('data-room');
  await expect(room).toContainText('Dana T.');
  await expect(room).toContainText('under terms version');
  await expectAccessible(sellerPage);
  await room.getByRole('button', { name: 'Withdraw access for Dana T.' }).click();
  await expect(room).toContainText('Access withdrawn');

  await page.reload();
  await expect(page.getByTestId('confidential-panel')).toContainText('The seller has withdrawn your access');
  await expect(page.getByText(secret)).toHaveCount(0);

  await room.getByRole('button', { name: 'Restore access for Dana T.' }).click();
  await expect(room.getByRole('button', { name: 'Withdraw access for Dana T.' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('confidential-description')).toHaveText(secret);
});
