// The admin panel on a phone and a desktop, in both themes: no axe violations, and screenshots
// (test-results/admin-screens) for a human look. Each screen is opened once and checked at both widths (ADR 0043).
import { createPrototype } from '../src/server/test/factories.ts';
import { DESKTOP, PHONE, VIEWPORTS, expectAccessibleAt, screenshot } from './screens.ts';
import { admin, expect, test } from './fixtures.ts';

test('admin panel, phone and desktop: no axe violations in either theme', async ({ page, prisma, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Grace' });
  const common = { inventorName: 'Dr. Hopper', powerOutput: null, efficiency: null };
  await createPrototype(prisma, seller.id, {
    ...common,
    prototypeName: 'Compact Fusion Cell',
    energyType: 'nuclear',
    description: 'A tabletop fusion cell with magnetic confinement.',
    status: 'quoted',
    priority: 'high',
    atomixQuote: 42000,
  });
  await createPrototype(prisma, seller.id, {
    ...common,
    prototypeName: 'Solar Lattice',
    energyType: 'solar',
    description: 'Perovskite lattice panels.',
    status: 'under_review',
    priority: 'low',
  });
  await page.setViewportSize(DESKTOP);
  await signInAs(page, admin, '/admin-panel');
  await expect(page.getByTestId('prototype-row').first()).toBeVisible();
  await expectAccessibleAt(page, VIEWPORTS, { shot: 'test-results/admin-screens/prototypes', fullPage: true });

  await page.getByRole('tab', { name: 'User Management' }).click();
  // Rows on a desktop, cards on a phone.
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('user-card').first()).toBeVisible();
  await page.setViewportSize(DESKTOP);
  await expectAccessibleAt(page, VIEWPORTS, { shot: 'test-results/admin-screens/users' });

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const actions = page
      .getByRole('button', { name: /^Reset Password/ })
      .filter({ visible: true })
      .first();
    await actions.click();
    await page.getByRole('button', { name: 'Generate Random' }).click();
    await screenshot(page, `test-results/admin-screens/dialog-${viewport.name}.png`, false);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});
