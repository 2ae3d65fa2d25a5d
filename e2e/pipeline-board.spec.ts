// The admin pipeline board (issue 14 point 10): the List | Board switch, a column per stage with
// its count, a seeded card in its column reached by keyboard and opening the prototype in the list;
// on a phone and a desktop, in both themes, without axe violations (screenshots in test-results/board-screens).
import { randomUUID } from 'node:crypto';
import { DESKTOP, expectAccessible } from './screens.ts';
import { type TestUser, expect, test } from './fixtures.ts';
import type { Db } from '../src/server/db/index.ts';
import { createPrototype } from '../src/server/test/factories.ts';

/** Three prototypes led by a fresh admin, so the board's "mine" filter shows exactly these. */
async function seedBoard(prisma: Db, createUser: (fields?: { role?: 'user' | 'admin'; firstName?: string }) => Promise<TestUser>) {
  const lead = await createUser({ role: 'admin', firstName: 'Lise' });
  const seller = await createUser({ firstName: 'Grace' });
  const tag = randomUUID().slice(0, 6);
  const names = { technical: `Board Fusion ${tag}`, initial: `Board Solar ${tag}`, closed: `Board Casimir ${tag}` };
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const common = { inventorName: 'Dr. Hopper', assignedTo: lead.id };
  const rows = [
    await createPrototype(prisma, seller.id, {
      ...common,
      prototypeName: names.technical,
      energyType: 'nuclear',
      description: 'A tabletop fusion cell.',
      status: 'under_review',
      stage: 'technical_evaluation',
      priority: 'high',
      technicalFeasibility: 82,
      commercialViability: 64,
      trl: 6,
      initialReviewMetAt: daysAgo(15),
      createdAt: daysAgo(20),
    }),
    await createPrototype(prisma, seller.id, {
      ...common,
      prototypeName: names.initial,
      energyType: 'solar',
      description: 'Perovskite lattice panels.',
      priority: 'low',
      createdAt: daysAgo(16),
    }),
    await createPrototype(prisma, seller.id, {
      ...common,
      prototypeName: names.closed,
      energyType: 'zero-point',
      description: 'Vacuum energy cavities.',
      status: 'rejected',
      stage: 'closed',
      createdAt: daysAgo(3),
    }),
  ];
  // The lead scored before recording the final figures, as the app requires: a panel member sees them only then (ADR 0049).
  await prisma.scorecard.create({
    data: {
      prototypeId: rows[0]!.id,
      reviewerId: lead.id,
      technicalFeasibility: 82,
      commercialViability: 64,
      riskLevel: 'medium',
      marketPotential: 'high',
      trl: 6,
      estimatedValue: 100_000,
      investmentRequired: 50_000,
      timelineWeeks: 20,
      confidence: 'medium',
      strengths: 'Compact',
      concerns: 'Cooling',
    },
  });
  return { lead, names, ids: rows.map((r) => r.id) };
}

test('admin switches to the board, sees counted columns, reaches a card by keyboard and opens it', async ({ page, prisma, createUser, signInAs }) => {
  const { lead, names, ids } = await seedBoard(prisma, createUser);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, lead);
  await page.goto('/admin-panel');
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page).toHaveURL(/view=board/);
  await page.getByLabel('Only where I am lead reviewer').click();
  await expect(page.getByLabel('Only where I am lead reviewer')).toBeChecked();
  await expect(page).toHaveURL(/mine=true/);

  const technical = page.getByRole('region', { name: 'Technical evaluation', exact: true });
  await expect(technical.getByRole('list', { name: 'Technical evaluation: 1 prototype' })).toBeVisible();
  const card = technical.getByTestId('board-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(names.technical);
  await expect(card).toContainText('High priority');
  await expect(card).toContainText('Lead: Lise Tester');
  await expect(card).toContainText('82/100');
  await expect(card).toContainText('6/9');
  await expect(page.getByRole('list', { name: 'Initial review: 1 prototype' })).toContainText(names.initial);
  await expect(page.getByRole('list', { name: 'Initial review: 1 prototype' }).getByTestId('due-badge')).toHaveText('Initial review: Overdue by 2 days');
  for (const stage of ['Commercial evaluation', 'Negotiation', 'Development', 'Deployment']) {
    await expect(page.getByRole('region', { name: stage, exact: true })).toContainText('None');
  }
  // Closed comes last, collapsed until asked for.
  const closed = page.getByRole('region', { name: 'Closed', exact: true });
  await expect(closed.getByText(names.closed)).toBeHidden();
  await closed.getByRole('button', { name: 'Show closed (1)' }).click();
  await expect(closed.getByRole('list', { name: 'Closed: 1 prototype' })).toContainText(names.closed);

  // Keyboard: Tab from the view switch reaches the technical card's link; Enter opens its evaluation.
  await page.getByRole('button', { name: 'Board', exact: true }).focus();
  const link = technical.getByRole('link', { name: names.technical });
  let reached = false;
  for (let i = 0; i < 30 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await link.evaluate((element) => element === document.activeElement);
  }
  expect(reached).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin-panel/prototypes/${ids[0]}/evaluation\\?from=board$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(names.technical);
  // Back returns to the board as it was left, its filter still on (issue 34, point 7).
  await page.getByRole('link', { name: '← Pipeline board' }).click();
  await expect(page).toHaveURL(/view=board/);
  await expect(page).toHaveURL(/mine=true/);
  await expect(page.getByLabel('Only where I am lead reviewer')).toBeChecked();
});

test('pipeline board, phone and desktop: readable and axe clean in either theme', async ({ page, prisma, createUser, signInAs }) => {
  const { lead, names } = await seedBoard(prisma, createUser);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, lead, '/admin-panel?view=board&mine=true');
  await expect(page.getByRole('link', { name: names.technical })).toBeVisible();
  await page
    .getByRole('region', { name: 'Closed', exact: true })
    .getByRole('button', { name: /Show closed/ })
    .click();
  // One load, checked at each width (ADR 0043).
  for (const viewport of [{ name: 'phone', width: 375, height: 812 }, DESKTOP]) {
    await page.setViewportSize(viewport);
    // Nothing on the screen but the board's columns runs past the viewport.
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('#main *')]
        .filter((e) => !e.closest('[data-testid="board-columns"]') && e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}`.slice(0, 120)),
    );
    // (The signed-in navbar is 14px too wide at 375px, outside this screen: reported, not checked here.)
    expect(overflowing, viewport.name).toEqual([]);
    await expectAccessible(page, { shot: `test-results/board-screens/board-${viewport.name}`, fullPage: true });
  }
});
