// Navigation a signed-in person can find (issue 17 point 4): the menus reach every screen of the
// account, the footer stops offering sign-in, and the area's link is highlighted on all its screens.
import { admin, expect, test } from './fixtures.ts';

test('a seller finds Payouts and the Tracker in the user menu, and the footer offers the account, not sign-in', async ({ page, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Noor' });
  await signInAs(page, seller, '/seller-dashboard');

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(footer.getByRole('link', { name: 'Create account' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Noor' }).click();
  await page.getByRole('link', { name: 'Payouts' }).first().click();
  await expect(page).toHaveURL(/\/payouts$/);
  // Payouts belongs to the seller's area: the Dashboard link is the current one.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Noor' }).click();
  await page.getByRole('link', { name: 'Prototype Tracker' }).first().click();
  await expect(page).toHaveURL(/\/prototype-tracker$/);
});

test('a guest sees sign-in links in the footer', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Create account' })).toBeVisible();
});

test('Admin Panel stays highlighted in the admin inbox', async ({ page, signInAs }) => {
  await signInAs(page, admin);
  await page.goto('/admin-inbox');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('aria-current', 'page');
});

test('on a phone every admin inbox tab is on screen (they wrap instead of hiding off the edge)', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, admin);
  await page.goto('/admin-inbox');
  const tabs = page.getByRole('tablist', { name: 'Inbox sections' }).getByRole('tab');
  await expect(tabs).toHaveCount(4);
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
});

test('a link with a number-like search keeps it as typed (173e3813 is not Infinity, 007 is not 7)', async ({ page, signInAs }) => {
  await signInAs(page, admin);
  await page.goto('/admin-panel?q=173e3813');
  await expect(page.getByLabel('Search prototypes')).toHaveValue('173e3813');
  await page.goto('/admin-panel?q=007');
  await expect(page.getByLabel('Search prototypes')).toHaveValue('007');
});

test('on a 360–375 px phone the signed-in header fits: no sideways scrolling, the menu button on screen', async ({ page, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Maximiliana' });
  for (const who of [seller, admin]) {
    await signInAs(page, who);
    for (const width of [360, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(who === admin ? '/admin-panel' : '/seller-dashboard');
      // Measured once the header is complete: the bell and the account menu have loaded.
      await expect(page.getByRole('button', { name: /^Notifications/ }).first()).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading account' })).toHaveCount(0);
      const menu = page.getByRole('button', { name: /menu/i });
      await expect(menu).toBeVisible();
      const box = await menu.boundingBox();
      expect(box!.x + box!.width, `${who.email} at ${width}px`).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${who.email} at ${width}px`).toBeLessThanOrEqual(width);
    }
    await page.context().clearCookies();
  }
});
