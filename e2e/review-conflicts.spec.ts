// Review integrity in the assignment form (issue 33, points 1 and 3): the administrators are ranked by
// expertise then open load with both figures shown, and a second reviewer in conflict with the seller
// (same organization) is shown disabled with the reason; the server refuses them too (422). Both
// themes, axe clean.
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './screens.ts';
import { expect, test } from './fixtures.ts';
import { createPrototype } from '../src/server/test/factories.ts';

test('a conflicted reviewer is shown as such in the assignment form, the expert first with their load', async ({ page, prisma, createUser, signInAs }) => {
  const tag = randomUUID().slice(0, 8);
  const seller = await createUser({ firstName: 'Sella' });
  const lead = await createUser({ role: 'admin', firstName: `Lead${tag}` });
  const conflicted = await createUser({ role: 'admin', firstName: `Cousin${tag}` });
  const expert = await createUser({ role: 'admin', firstName: `Expert${tag}` });
  await prisma.user.update({ where: { id: seller.id }, data: { organization: `Fusion Works ${tag}, Ltd.` } });
  await prisma.user.update({ where: { id: conflicted.id }, data: { organization: `fusion works ${tag} ltd` } });
  await prisma.user.update({ where: { id: expert.id }, data: { expertise: ['solar'] } });
  const { id } = await createPrototype(prisma, seller.id, { prototypeName: `Coi-${tag}`, energyType: 'solar', status: 'under_review' });

  await signInAs(page, lead, `/admin-panel/prototypes/${id}/evaluation`);
  const form = page.getByRole('form', { name: 'Assign reviewers' });
  const cousin = form.getByTestId('reviewer-option').filter({ hasText: `Cousin${tag}` });
  await expect(cousin.getByTestId('conflict-reason')).toHaveText(`Conflict of interest: Works at the seller's organization (fusion works ${tag} ltd)`);
  await expect(cousin.getByRole('checkbox')).toBeDisabled();
  const expertRow = form.getByTestId('reviewer-option').filter({ hasText: `Expert${tag}` });
  await expect(expertRow).toContainText('Expertise match');
  await expect(expertRow).toContainText('0 open reviews');
  // The expert is ranked above the lead (no expertise), who is above nobody in conflict.
  const names = await form.getByTestId('reviewer-option').allTextContents();
  const at = (who: string) => names.findIndex((text) => text.includes(who));
  expect(at(`Expert${tag}`)).toBeLessThan(at(`Lead${tag}`));
  await expectAccessible(page, { include: 'form[aria-label="Assign reviewers"]' });

  await form.getByRole('checkbox', { name: new RegExp(`Lead${tag}`) }).check();
  await form.getByRole('checkbox', { name: new RegExp(`Expert${tag}`) }).check();
  await form.getByRole('radio', { name: new RegExp(`Lead: Lead${tag}`) }).check();
  await form.getByRole('button', { name: 'Save reviewers' }).click();
  await expect(page.getByRole('list', { name: 'Current reviewers' })).toContainText(`Expert${tag}`);
  await expect(expertRow).toContainText('0 open reviews');

  // Even past the form, the server refuses the conflicted admin (422, with the reason).
  const refused = await page.request.put(`/api/admin/prototypes/${id}/reviewers`, {
    data: { reviewerIds: [lead.id, conflicted.id], leadId: lead.id },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).message).toContain(`Cousin${tag} Tester has a conflict of interest with this seller`);
});
