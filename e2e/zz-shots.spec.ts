import { expect, test } from './fixtures.ts';
import { createPrototype } from '../src/server/test/factories.ts';

const views = [
  { name: 'phone-dark', viewport: { width: 390, height: 844 }, theme: 'dark' },
  { name: 'desktop-light', viewport: { width: 1280, height: 900 }, theme: 'light' },
];
for (const v of views) {
  test(`shots ${v.name}`, async ({ browser, createUser, prisma }) => {
    const seller = await createUser({ firstName: 'Sam' });
    const admin = await createUser({ role: 'admin', firstName: 'Dana' });
    await createPrototype(prisma, seller.id, { prototypeName: 'Shot Cell' });
    for (const who of [admin, seller]) {
      const ctx = await browser.newContext({ viewport: v.viewport });
      const page = await ctx.newPage();
      await page.addInitScript((t) => localStorage.setItem('theme', t), v.theme);
      expect((await page.request.post('/api/login', { data: { email: who.email, password: who.password } })).status()).toBe(200);
      if (who === admin) {
        await page.request.post(`/api/admin/users/${seller.id}/warnings`, { data: { warningType: 'conduct', severity: 'high', title: 'Abusive messages', description: 'Keep it civil.' } });
        await page.request.post('/api/support/tickets', { data: { category: 'technical', subject: 'x', description: 'y' } }).catch(() => {});
      }
      const paths = who === admin ? [`/admin/users/${seller.id}`, '/admin/support', '/admin-panel?tab=users'] : ['/seller-dashboard', '/support', '/profile'];
      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `/tmp/shot-${v.name}${path.replace(/[/?=&]/g, '_').slice(0, 40)}.png`, fullPage: true });
      }
      await ctx.close();
    }
  });
}
