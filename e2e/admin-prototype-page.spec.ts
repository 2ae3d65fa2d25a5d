// The prototype's one admin page (issue 34, points 6 and 7), on a phone and a desktop: every action is
// there, the ones the workflow forbids now are disabled with the rule's reason (Release evaluation
// before a decision, Mark Deployed before development), the allowed ones work from the page (stage
// move, question, quote, accept, Start Development, Mark Deployed), and "back" returns to the list the
// admin came from. Screens axe-checked in both themes at both widths, each opened once (ADR 0043;
// screenshots in test-results/admin-prototype-page).
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DESKTOP, VIEWPORTS, expectAccessibleAt } from './screens.ts';
import { expect, test } from './fixtures.ts';
import { createPrototype } from '../src/server/test/factories.ts';

async function toast(page: Page, text: string) {
  await expect(page.getByTestId('toast').filter({ hasText: text }).first()).toBeVisible();
}

test('point 6, phone and desktop: actions the state forbids are disabled with the reason, and come alive when allowed', async ({
  page,
  prisma,
  createUser,
  signInAs,
}) => {
  const tag = randomUUID().slice(0, 8);
  const seller = await createUser();
  const admin = await createUser({ role: 'admin' });
  const name = `Guard-${tag}`;
  const { id } = await createPrototype(prisma, seller.id, {
    inventorName: 'Dr. E2E',
    prototypeName: name,
    description: 'Under review, no decision yet.',
    status: 'under_review',
    stage: 'technical_evaluation',
  });
  await page.setViewportSize(DESKTOP);
  await signInAs(page, admin, `/admin-panel/prototypes/${id}/evaluation`);
  await expect(page.getByRole('heading', { name: `Evaluation: ${name}` })).toBeVisible();

  // Release before a decision: disabled, the rule's words beside it (no dialog to fill in vain).
  const release = page.getByRole('button', { name: 'Release evaluation…' });
  await expect(release).toBeDisabled();
  await expect(release).toHaveAccessibleDescription('An evaluation can be released only after a decision (approve, reject or quote)');

  // The status actions: the allowed ones enabled; the others listed disabled, each with its reason.
  const actions = page.getByTestId('prototype-actions');
  for (const label of ['Approve', 'Reject', 'Provide Quote']) await expect(actions.getByRole('button', { name: label, exact: true })).toBeEnabled();
  await actions.getByText(/Not possible now/).click();
  const deploy = actions.getByRole('button', { name: 'Mark Deployed', exact: true });
  await expect(deploy).toBeDisabled();
  await expect(deploy).toHaveAccessibleDescription('Mark Deployed is not possible while the prototype is under review');
  await expect(actions.getByRole('button', { name: 'Accept Quote', exact: true })).toHaveAccessibleDescription(
    'Accept Quote is not possible while the prototype is under review',
  );
  await expectAccessibleAt(page, VIEWPORTS, { shot: 'test-results/admin-prototype-page/guarded', fullPage: true });

  // Approve from the page: Release opens now; the final scores stay out until the lead records them.
  await actions.getByRole('button', { name: 'Approve', exact: true }).click();
  await toast(page, 'Prototype approved successfully');
  await expect(page.getByTestId('evaluation-status')).toHaveText('Approved');
  await expect(release).toBeEnabled();
  await release.click();
  const dialog = page.getByRole('dialog', { name: 'Release evaluation' });
  await expect(dialog.getByLabel('Include final scores')).toBeDisabled();
  await expect(dialog.getByLabel('Include final scores')).toHaveAccessibleDescription('Record the final evaluation before releasing its scores');
  await expectAccessibleAt(page, VIEWPORTS, { include: 'dialog[open]' });
  await dialog.getByLabel('Summary').fill(`Approved after the technical review ${tag}`);
  await dialog.getByRole('button', { name: 'Release', exact: true }).click();
  await toast(page, 'Evaluation released');
  await expect(page.getByText(`Approved after the technical review ${tag}`)).toBeVisible();
});

test("point 7, phone and desktop: every action on the prototype's page, and back to the list", async ({ page, prisma, createUser, signInAs }) => {
  const tag = randomUUID().slice(0, 8);
  const seller = await createUser();
  const admin = await createUser({ role: 'admin' });
  const name = `Whole-${tag}`;
  const { id } = await createPrototype(prisma, seller.id, {
    inventorName: 'Dr. E2E',
    prototypeName: name,
    description: 'Submitted, waiting for its first look.',
    status: 'submitted',
    stage: 'initial_review',
  });
  await page.setViewportSize(DESKTOP);
  await signInAs(page, admin, `/admin-panel?q=${tag}`);
  await page.getByRole('link', { name: `Evaluation: ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-panel/prototypes/${id}/evaluation\\?from=list$`));
  const actions = page.getByTestId('prototype-actions');

  // Stage move: out of initial review starts the review.
  await actions.getByRole('button', { name: `Move to Technical evaluation: ${name}` }).click();
  await toast(page, 'Stage changed');
  await expect(page.getByTestId('evaluation-stage')).toHaveText('Technical evaluation');
  await expect(page.getByTestId('evaluation-status')).toHaveText('Under review');

  // A question to the seller.
  await actions.getByRole('button', { name: 'Ask the seller' }).click();
  const ask = page.getByRole('dialog', { name: 'Ask the seller' });
  await ask.getByLabel('Question').fill(`Which test site? ${tag}`);
  await ask.getByRole('button', { name: 'Send question' }).click();
  await toast(page, 'Question sent to the seller');
  await expect(actions.getByText(`Which test site? ${tag}`)).toBeVisible();

  // Quote, then accept it on the seller's behalf.
  await actions.getByRole('button', { name: 'Provide Quote', exact: true }).click();
  const quote = page.getByRole('dialog', { name: 'Provide Quote' });
  await quote.getByLabel('Quote amount (USD)').fill('42000');
  await quote.getByRole('button', { name: 'Provide Quote' }).click();
  await toast(page, 'Quote provided successfully');
  await expect(page.getByTestId('evaluation-status')).toHaveText('Quoted');
  await expect(actions).toContainText('$42,000.00');
  await expect(actions.getByRole('button', { name: 'Revise Quote', exact: true })).toBeEnabled();
  await expectAccessibleAt(page, VIEWPORTS, { shot: 'test-results/admin-prototype-page/quoted', fullPage: true });
  await actions.getByRole('button', { name: 'Accept Quote', exact: true }).click();
  await toast(page, 'Quote accepted successfully');
  await expect(page.getByTestId('evaluation-status')).toHaveText('Accepted');

  // Start Development and Mark Deployed, each confirmed.
  await actions.getByRole('button', { name: 'Start Development', exact: true }).click();
  await page.getByTestId('confirm-startDevelopment').getByRole('button', { name: 'Start Development' }).click();
  await toast(page, 'Development started');
  await expect(page.getByTestId('evaluation-status')).toHaveText('In development');
  await actions.getByRole('button', { name: 'Mark Deployed', exact: true }).click();
  await page.getByTestId('confirm-markDeployed').getByRole('button', { name: 'Mark Deployed' }).click();
  await toast(page, 'Prototype marked deployed');
  await expect(page.getByTestId('evaluation-status')).toHaveText('Active');
  await expect(page.getByTestId('evaluation-stage')).toHaveText('Deployment');
  await expect(actions.getByText('No status change is possible from Active.')).toBeVisible();

  // Back: the list as it was left, its search still applied.
  await page.getByRole('link', { name: '← Prototype Management' }).click();
  await expect(page).toHaveURL(new RegExp(`q=(%22)?${tag}`));
  await expect(page.getByTestId('prototype-row')).toHaveCount(1);
});
