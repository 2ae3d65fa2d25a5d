// Profile, Security in a browser: turn on two-factor sign-in (the code computed here from the key shown
// on screen), sign out, sign in with password and code, then see and end sessions; new recovery codes and
// turning it off ask for a current code too, and sign out the other devices. Axe checks the section.
import { randomBytes } from 'node:crypto';
import { request as apiRequest } from '@playwright/test';
import { decodeBase32, encodeBase32 } from 'oslo/encoding';
import { generateHOTP } from 'oslo/otp';
import { replaceRecoveryCodes } from '../src/server/auth/two-factor.ts';
import { expectNoAxeViolations } from './screens.ts';
import { expect, signIn, test } from './fixtures.ts';

const toast = (page: import('@playwright/test').Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const currentStep = () => Math.floor(Date.now() / 30_000);
const codeAt = (secret: string, step: number) => generateHOTP(decodeBase32(secret), step, 6);

test('a seller turns on two-factor sign-in, signs in with a code, and signs out another session', async ({ page, createUser, baseURL }) => {
  const user = await createUser({ firstName: 'Hedy' });
  await signIn(page, user.email, user.password);
  await page.goto('/profile');
  const security = page.getByTestId('security-section');
  await expect(security.getByRole('heading', { name: 'Account security' })).toBeVisible();
  await expect(security.getByTestId('session-row')).toHaveCount(1);

  await security.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await security.getByLabel('Your password').fill(user.password);
  await security.getByRole('button', { name: 'Continue' }).click();
  const qr = security.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const secret = (await security.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page, { include: '#security' });

  const enrolStep = currentStep();
  await security.getByLabel('Code from your app').fill(await codeAt(secret, enrolStep));
  await security.getByRole('button', { name: 'Turn on' }).click();
  await expect(toast(page, 'Two-factor authentication is on')).toBeVisible();
  const codes = security.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = await codes.first().innerText();
  await security.getByRole('button', { name: 'I have saved them' }).click();
  await expect(security.getByText('10 recovery codes left.')).toBeVisible();

  await page.getByTestId('user-menu-button').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  // The enrolment's code is spent; the next one is accepted a step early.
  await codeField.fill(await codeAt(secret, Math.max(currentStep(), enrolStep + 1)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/seller-dashboard$/);

  // A second device signs in with a recovery code.
  const phone = await apiRequest.newContext({ baseURL, userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' });
  expect(await (await phone.post('/api/login', { data: { email: user.email, password: user.password } })).json()).toEqual({ twoFactorRequired: true });
  expect((await phone.post('/api/login/2fa', { data: { code: recoveryCode } })).status()).toBe(200);

  await page.goto('/profile');
  const rows = security.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Firefox 128 on Linux' })).toHaveCount(1);
  const attempts = security.getByTestId('sign-in-attempts-card').getByRole('row');
  await expect(attempts.filter({ hasText: 'Success' })).toHaveCount(3);
  await expect(security.getByText('9 recovery codes left.')).toBeVisible();
  await expectNoAxeViolations(page, { include: '#security' });

  await security.getByRole('button', { name: 'Sign out Firefox 128 on Linux' }).click();
  await expect(toast(page, 'Session signed out')).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect((await phone.get('/api/auth/user')).status()).toBe(401);
  await phone.dispose();
});

test('new recovery codes and turning it off ask for the password and a current code, and sign out the other devices', async ({
  page,
  createUser,
  signInAs,
  prisma,
  baseURL,
}) => {
  const user = await createUser({ firstName: 'Grace' });
  // Two-factor sign-in on, as enrolment leaves it.
  const secret = encodeBase32(randomBytes(20), { padding: false });
  await prisma.user.update({ where: { id: user.id }, data: { totpSecret: secret, twoFactorEnabledAt: new Date() } });
  const [first, second] = await prisma.$transaction((tx) => replaceRecoveryCodes(tx, user.id));
  await signInAs(page, user, '/profile');
  const security = page.getByTestId('security-section');
  await expect(security.getByText('10 recovery codes left.')).toBeVisible();
  const tablet = await apiRequest.newContext({ baseURL });
  expect(await (await tablet.post('/api/login', { data: { email: user.email, password: user.password } })).json()).toEqual({ twoFactorRequired: true });
  expect((await tablet.post('/api/login/2fa', { data: { code: await codeAt(secret, currentStep()) } })).status()).toBe(200);

  await security.getByRole('button', { name: 'New recovery codes' }).click();
  await security.getByLabel('Your password').fill(user.password);
  await security.getByRole('button', { name: 'Create new codes' }).click();
  await expect(security.getByText('Authentication code is required')).toBeVisible();
  await security.getByLabel('Authentication code').fill('aaaa-bbbb-cccc-dddd');
  await security.getByRole('button', { name: 'Create new codes' }).click();
  const refused = toast(page, 'Invalid authentication code');
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(refused).toHaveCount(0);
  await security.getByLabel('Authentication code').fill(first!);
  await security.getByRole('button', { name: 'Create new codes' }).click();
  const codes = security.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const fresh = await codes.first().innerText();
  expect(fresh).not.toBe(second);
  await security.getByRole('button', { name: 'I have saved them' }).click();
  expect((await tablet.get('/api/auth/user')).status()).toBe(401);
  await tablet.dispose();

  await security.getByRole('button', { name: 'Turn off' }).click();
  await security.getByLabel('Your password').fill(user.password);
  // A recovery code from before the new ones is no longer a current code.
  await security.getByLabel('Authentication code').fill(second!);
  await expectNoAxeViolations(page, { include: '#security' });
  await security.getByRole('button', { name: 'Turn off' }).click();
  await expect(refused).toBeVisible();
  await security.getByLabel('Authentication code').fill(fresh);
  await security.getByRole('button', { name: 'Turn off' }).click();
  await expect(toast(page, 'Two-factor authentication is off')).toBeVisible();
  await expect(security.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
});
