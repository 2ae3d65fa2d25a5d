// The foundation in a browser: register, logout, sign in per role, profile, theme, nav, 404.
import { PASSWORD, admin, expect, signIn, test } from './fixtures.ts';

const toast = (page: import('@playwright/test').Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

test('a visitor registers, lands on the home page signed in, and logs out', async ({ page }) => {
  const email = `new-${Date.now()}@atomix.test`;
  await page.goto('/register');
  await page.getByLabel('First name').fill('Marie');
  await page.getByLabel('Last name').fill('Curie');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('radium-88');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByRole('link', { name: 'Profile Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Messages' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('guests read the marketing pages without the data layer; signing in from there brings the menus', async ({ page, createUser }) => {
  const user = await createUser();
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc') || /\/assets\/(data-layer|trpc)-/.test(url.pathname)) dataRequests.push(url.pathname);
  });
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const path of ['/', '/about', '/services', '/technology', '/contact']) {
    await page.goto(path);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  }
  expect(dataRequests).toEqual([]);

  // In the app (no page load): the login screen brings the data layer with it.
  await nav.getByRole('link', { name: 'Login' }).click();
  // Wait for the login screen: until the data layer has loaded, /contact (and its own Email field) is still shown.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Logged in successfully!')).toBeVisible();
  expect(dataRequests.length).toBeGreaterThan(0);

  // A fresh visit with the session cookie: the marketing page shows the signed-in menus.
  await page.goto('/about');
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('while the next page loads, the current one stays and a progress bar shows', async ({ page }) => {
  // A slow network: the data layer the login screen needs arrives only when the test lets it.
  let deliver!: () => void;
  const delivered = new Promise<void>((resolve) => (deliver = resolve));
  await page.route(/\/assets\/data-layer-/, async (route) => {
    await delivered;
    await route.continue();
  });
  await page.goto('/contact');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
  const progress = page.getByRole('progressbar', { name: 'Loading page' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get In Touch' })).toBeVisible();
  deliver();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(progress).toHaveCount(0);
});

test('registration shows the validation messages and the server error', async ({ page, createUser }) => {
  const existing = await createUser();
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByLabel('First name').fill('Dup');
  await page.getByLabel('Last name').fill('Licate');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password', { exact: true }).fill('whatever-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Registration Failed')).toContainText('An account with this email already exists');
});

test('a seller signs in and goes to the seller dashboard; the password can be shown', async ({ page, createUser }) => {
  const seller = await createUser({ firstName: 'Nikola' });
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(PASSWORD);
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByLabel('Email').fill(seller.email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await expect(page.getByTestId('user-menu-button')).toHaveText(/Nikola/);
});

test('an admin signs in and goes to the admin panel, with the Admin Panel links', async ({ page }) => {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin-panel$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Admin Panel' })).toBeVisible();
  await page.getByTestId('user-menu-button').click();
  await expect(page.locator('#user-menu').getByRole('link', { name: 'Admin Panel' })).toBeVisible();
});

test('wrong credentials and a ban are explained', async ({ page, createUser }) => {
  const banned = await createUser({ status: 'banned', banReason: 'Repeated fake submissions' });
  await page.goto('/login');
  await page.getByLabel('Email').fill(banned.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Login Failed')).toContainText('Invalid email or password');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Login Failed')).toContainText('Repeated fake submissions');
});

test('profile: validation, wrong current password, then a saved change', async ({ page, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Lise' });
  await signInAs(page, seller, '/profile');
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  await page.getByLabel('First name').fill('');
  await page.getByLabel('New password (optional)').fill('abc');
  await page.getByLabel('Confirm new password').fill('abd');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  // Focus goes to the first field with a message.
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('New password (optional)').fill('');
  await page.getByLabel('Confirm new password').fill('');
  await page.getByLabel('First name').fill('Lise-Anne');
  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Error')).toContainText('Current password is incorrect');
  await page.getByLabel('Current password').fill(seller.password);
  await page.getByLabel('Business name').fill('Meitner Labs');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(page.getByTestId('user-menu-button')).toHaveText(/Lise-Anne/);
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({ firstName: 'Lise-Anne', businessName: 'Meitner Labs' });
});

test('guests are sent to /login from private screens, with the way back', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/404 Page Not Found/);
});

test.describe('theme', () => {
  test('follows the system preference, toggles, and the stored choice wins on reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'atomix-dark');
    await page.getByTestId('theme-switch').click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'atomix-light');
  });

  test('is applied before the app script runs (no flash of the wrong theme)', async ({ context }) => {
    // A plain page: the fixture's `page` waits for the app, which this test never lets start.
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    // Hold back the app bundle: the theme must already be on <html> without it.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});

test.describe('navigation', () => {
  test('highlights the active link: "/" only exactly, others by prefix', async ({ page }) => {
    await page.goto('/login');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const home = nav.getByRole('link', { name: 'Home', exact: true });
    await expect(home).not.toHaveAttribute('aria-current', 'page');
    await page.goto('/');
    await expect(home).toHaveAttribute('aria-current', 'page');
    await page.goto('/services');
    await expect(home).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Services', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('the mobile menu opens by keyboard, has Submit Prototype, and closes on a link', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    const toggle = page.getByTestId('mobile-menu-button');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Submit Prototype' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
  });
});
