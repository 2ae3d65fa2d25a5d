// The admin panel on a phone and a desktop, in both themes: no axe violations, and screenshots
// (test-results/admin-screens) for a human look.
import { createPrototype } from '../src/server/test/factories.ts';
import { DESKTOP, PHONE, expectAccessible, screenshot } from './screens.ts';
import { admin, expect, test } from './fixtures.ts';

for (const viewport of [PHONE, DESKTOP]) {
  test(`admin panel, ${viewport.name}: no axe violations in either theme`, async ({ page, prisma, createUser, signInAs }) => {
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
    await page.setViewportSize(viewport);
    await signInAs(page, admin, '/admin-panel');
    await expect(page.getByTestId('prototype-row').first()).toBeVisible();
    await expectAccessible(page, { shot: `test-results/admin-screens/prototypes-${viewport.name}`, fullPage: true });

    await page.getByRole('tab', { name: 'User Management' }).click();
    await expect(page.getByTestId(viewport.name === 'phone' ? 'user-card' : 'user-row').first()).toBeVisible();
    await expectAccessible(page, { shot: `test-results/admin-screens/users-${viewport.name}` });

    const actions = page
      .getByRole('button', { name: /^Reset Password/ })
      .filter({ visible: true })
      .first();
    await actions.click();
    await page.getByRole('button', { name: 'Generate Random' }).click();
    await screenshot(page, `test-results/admin-screens/dialog-${viewport.name}.png`, false);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}
