// The admin panel on a phone and a desktop, light and dark: no axe violations, and screenshots
// (test-results/admin-screens) for a human look.
import AxeBuilder from '@axe-core/playwright';
import { createPrototype } from '../src/server/test/factories.ts';
import { expect, test, admin } from './fixtures.ts';

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1366, height: 900 },
  ]) {
    test(`admin panel, ${viewport.name}, ${theme} theme`, async ({ page, prisma, createUser }) => {
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
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      expect((await page.request.post('/api/login', { data: { email: admin.email, password: admin.password } })).status()).toBe(200);
      await page.goto('/admin-panel');
      await expect(page.getByTestId('prototype-row').first()).toBeVisible();
      await page.screenshot({ path: `test-results/admin-screens/prototypes-${viewport.name}-${theme}.png`, fullPage: true });
      const prototypes = await new AxeBuilder({ page }).include('#main').analyze();
      expect(prototypes.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);

      await page.getByRole('tab', { name: 'User Management' }).click();
      await expect(page.getByTestId(viewport.name === 'phone' ? 'user-card' : 'user-row').first()).toBeVisible();
      await page.screenshot({ path: `test-results/admin-screens/users-${viewport.name}-${theme}.png`, fullPage: false });
      const users = await new AxeBuilder({ page }).include('#main').analyze();
      expect(users.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);

      const actions = page
        .getByRole('button', { name: /^Reset Password/ })
        .filter({ visible: true })
        .first();
      await actions.click();
      await page.getByRole('button', { name: 'Generate Random' }).click();
      await page.screenshot({ path: `test-results/admin-screens/dialog-${viewport.name}-${theme}.png` });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }
}
