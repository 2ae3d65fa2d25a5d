// Stale scores in the browser (issue 33, point 4; ADR 0048): a reviewer submits a scorecard, the seller
// then answers an information request, and the lead sees that scorecard as stale; releasing is refused
// with the server's reason on screen until the reviewer confirms their scorecard, then the lead
// releases.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createPrototype, createReviewers, createScorecard } from '../src/server/test/factories.ts';
import { STALE_SCORECARDS_BLOCK_RELEASE } from '../src/shared/review-integrity.ts';

const toast = (page: Page, text: string) => expect(page.getByTestId('toast').filter({ hasText: text }).first()).toBeVisible();

test('the seller’s answer makes a submitted score stale: release waits until its reviewer confirms it', async ({ page, prisma, createUser, signInAs }) => {
  const tag = randomUUID().slice(0, 8);
  const seller = await createUser({ firstName: 'Sella' });
  const lead = await createUser({ role: 'admin', firstName: `Lead${tag}` });
  const reviewer = await createUser({ role: 'admin', firstName: `Rev${tag}` });
  const name = `Stale-${tag}`;
  const { id } = await createPrototype(prisma, seller.id, {
    prototypeName: name,
    description: 'A prototype whose facts change after scoring.',
    status: 'approved',
    stage: 'commercial_evaluation',
    assignedTo: lead.id,
  });
  await createReviewers(prisma, id, [lead.id, reviewer.id]);
  const evaluationUrl = `/admin-panel/prototypes/${id}/evaluation`;

  // The reviewer submits a scorecard.
  await signInAs(page, reviewer, evaluationUrl);
  const form = page.getByRole('form', { name: 'Your scorecard' });
  await form.getByLabel('Technical feasibility (0–100)', { exact: true }).fill('68');
  await form.getByLabel('Commercial viability (0–100)', { exact: true }).fill('58');
  await form.getByLabel('Risk level').selectOption('medium');
  await form.getByLabel('Market potential').selectOption('high');
  await form.getByLabel('Technology readiness level (TRL 1–9)').fill('5');
  await form.getByLabel('Confidence').selectOption('high');
  await form.getByLabel('Estimated value (USD)').fill('900000');
  await form.getByLabel('Investment required (USD)').fill('150000');
  await form.getByLabel('Timeline (weeks)').fill('26');
  await form.getByLabel('Strengths').fill('Sound thermal design');
  await form.getByLabel('Concerns').fill('Unproven supplier');
  await form.getByRole('button', { name: 'Submit scorecard' }).click();
  await toast(page, 'Scorecard submitted');

  // The lead asks the seller a question (the admin panel's REST path) ...
  await signInAs(page, lead);
  const asked = await page.request.post(`/api/admin/prototypes/${id}/info-requests`, { data: { question: `Which supplier? ${tag}`, wantsDocuments: false } });
  expect(asked.status()).toBe(201);

  // ... and the seller answers it in the browser.
  await signInAs(page, seller, `/prototypes/${id}`);
  const requests = page.getByTestId('info-requests');
  await expect(requests).toContainText(`Which supplier? ${tag}`);
  await requests.getByLabel('Your answer').fill('We switched to a second, qualified supplier.');
  await requests.getByRole('button', { name: 'Send answer' }).click();
  await toast(page, 'Answer sent');

  // The lead scores after the answer (their own scorecard is current), and sees the reviewer's as stale.
  await createScorecard(prisma, id, lead.id, { technicalFeasibility: 72, commercialViability: 60, trl: 5, strengths: 'Lead strength' });
  await signInAs(page, lead, evaluationUrl);
  const reviewerCard = page.getByRole('listitem', { name: `Scorecard of Rev${tag} Tester` });
  await expect(reviewerCard).toContainText('Stale: awaits confirmation');
  await expect(page.getByRole('listitem', { name: `Scorecard of Lead${tag} Tester` })).not.toContainText('Stale');
  const stale = page.getByTestId('stale-scorecards');
  await expect(stale).toContainText('1 scorecard was submitted before the seller answered an information request.');
  await expect(stale).toContainText(`Rev${tag} Tester: stale since`);

  // Releasing is refused, with the server's reason on screen (an open dialog shows a refusal inside
  // itself rather than as a toast); nothing is released.
  await page.getByRole('button', { name: 'Release evaluation…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Release evaluation' });
  await dialog.getByLabel('Summary').fill(`Held back ${tag}`);
  await dialog.getByRole('button', { name: 'Release' }).click();
  await expect(dialog.getByTestId('dialog-error')).toContainText(STALE_SCORECARDS_BLOCK_RELEASE);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Nothing released yet.')).toBeVisible();

  // The reviewer confirms their scorecard as it is.
  await signInAs(page, reviewer, evaluationUrl);
  await expect(page.getByText("Your scorecard predates the seller's answer.")).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my scorecard' }).click();
  await toast(page, 'Scorecard confirmed');
  await expect(page.getByRole('button', { name: 'Confirm my scorecard' })).toHaveCount(0);

  // The lead sees nothing stale any more, and releases.
  await signInAs(page, lead, evaluationUrl);
  await expect(reviewerCard).toBeVisible();
  await expect(reviewerCard).not.toContainText('Stale');
  await expect(page.getByTestId('stale-scorecards')).toHaveCount(0);
  await page.getByRole('button', { name: 'Release evaluation…' }).click();
  await dialog.getByLabel('Summary').fill(`Released after confirmation ${tag}`);
  await dialog.getByRole('button', { name: 'Release' }).click();
  await toast(page, 'Evaluation released');
  await expect(page.getByText(`Released after confirmation ${tag}`)).toBeVisible();
});
