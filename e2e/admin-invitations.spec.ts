// Admins join by invitation (issue 30, point 9; ADR 0039), in a browser: an admin invites a person
// from the User Management tab, the invitee opens the e-mailed link, keeps the invited name, chooses
// a password and arrives signed in on the admin panel. A seller's address is refused in the dialog,
// a revoked link says so, and another admin's role is removed from the users list. Both themes,
// phone and desktop, checked with axe (each screen opened once, ADR 0043).
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Db } from '../src/server/db/index.ts';
import { DESKTOP, PHONE, VIEWPORTS, expectAccessible, expectAccessibleAt, expectNoSidewaysScroll } from './screens.ts';
import { expect, test } from './fixtures.ts';

/** The invitation link from the queued e-mail, as the invitee's mail program shows it. */
async function invitationLink(prisma: Db, email: string) {
  const mail = await prisma.emailMessage.findFirstOrThrow({ where: { toAddress: email, template: 'admin_invitation' }, orderBy: { id: 'desc' } });
  return /(\/invitation#token=[A-Za-z0-9_%-]+)/.exec(mail.textBody)![1]!;
}

async function inviteFromUsersTab(page: Page, person: { email: string; firstName: string; lastName: string }) {
  await page.getByRole('button', { name: 'Invite an administrator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an administrator' });
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('First name').fill(person.firstName);
  await dialog.getByLabel('Last name').fill(person.lastName);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  return dialog;
}

test('invite → accept → signed in as an admin (phone and desktop, both themes)', async ({ page, browser, prisma, createUser, signInAs }) => {
  await page.setViewportSize(DESKTOP);
  const inviter = await createUser({ role: 'admin', firstName: 'Dana' });
  const email = `invitee-${randomUUID().slice(0, 8)}@atomix.test`;

  await signInAs(page, inviter, '/admin-panel?tab=users');
  const team = page.getByTestId('admin-team');
  await expect(team.getByRole('heading', { name: 'Admin team' })).toBeVisible();
  const dialog = await inviteFromUsersTab(page, { email, firstName: 'Nadia', lastName: 'Okafor' });
  await expect(page.getByTestId('toast').filter({ hasText: 'Invitation sent' })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = team.locator(`[data-testid="invitation-row"][data-email="${email}"]`);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Dana Tester');
  await expectAccessibleAt(page, VIEWPORTS, { include: '[data-testid="admin-team"]', shot: 'test-results/admin-team' });

  // The invitee, in another browser.
  const link = await invitationLink(prisma, email);
  const inviteeContext = await browser.newContext({ viewport: DESKTOP });
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link);
  await invitee.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(invitee.getByRole('heading', { name: 'Join the admin team' })).toBeVisible();
  await expect(invitee.getByText(`You were invited as ${email}`)).toBeVisible();
  // The token left the address bar.
  expect(new URL(invitee.url()).hash).toBe('');
  await expect(invitee.getByLabel('First name')).toHaveValue('Nadia');
  await expect(invitee.getByLabel('Last name')).toHaveValue('Okafor');
  await invitee.getByLabel('Password', { exact: true }).fill('nadia-password-1');
  await invitee.getByLabel('Confirm password').fill('nadia-password-2');
  await invitee.getByRole('button', { name: 'Join the admin team' }).click();
  await expect(invitee.getByText('Passwords do not match')).toBeVisible();
  await expectAccessibleAt(invitee, VIEWPORTS, { shot: 'test-results/invitation' });
  await invitee.getByLabel('Confirm password').fill('nadia-password-1');
  await invitee.getByRole('button', { name: 'Join the admin team' }).click();

  await expect(invitee).toHaveURL(/\/admin-panel$/);
  await expect(invitee.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  const me = await invitee.request.get('/api/auth/user');
  expect(await me.json()).toMatchObject({ email, firstName: 'Nadia', lastName: 'Okafor', role: 'admin' });
  await inviteeContext.close();

  // The inviter's list follows: the invitation is among the earlier ones.
  await page.reload();
  await team.getByText(/^Earlier invitations/).click();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Accepted');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page, viewport.name);
  }
});

test("a seller's address is refused in the dialog; a revoked link says so (phone, dark theme)", async ({ page, browser, prisma, createUser, signInAs }) => {
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const inviter = await createUser({ role: 'admin', firstName: 'Dana' });
  const seller = await createUser({ firstName: 'Amara' });
  await signInAs(page, inviter, '/admin-panel?tab=users');

  const dialog = await inviteFromUsersTab(page, { email: seller.email, firstName: 'Amara', lastName: 'Tester' });
  await expect(dialog.getByTestId('dialog-error')).toContainText('ask them to use another address');
  await expectAccessible(page, { include: '[data-testid="invite-dialog"]' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const email = `revoked-${randomUUID().slice(0, 8)}@atomix.test`;
  await inviteFromUsersTab(page, { email, firstName: 'Rui', lastName: 'Costa' });
  const row = page.locator(`[data-testid="invitation-row"][data-email="${email}"]`);
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Invitation revoked' })).toBeVisible();
  await page
    .getByTestId('admin-team')
    .getByText(/^Earlier invitations/)
    .click();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  const guest = await (await browser.newContext({ viewport: PHONE, colorScheme: 'dark' })).newPage();
  await guest.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await guest.goto(await invitationLink(prisma, email));
  await guest.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(guest.getByTestId('invitation-invalid')).toContainText('invalid, has expired or was already used');
  await expect(guest.getByRole('button', { name: 'Join the admin team' })).toHaveCount(0);
  await expectAccessible(guest);
});

test("an admin removes another admin's role from the users list: their session ends", async ({ page, browser, createUser, signInAs }) => {
  const actor = await createUser({ role: 'admin', firstName: 'Dana' });
  const other = await createUser({ role: 'admin', firstName: 'Omar' });
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signInAs(otherPage, other, '/admin-panel');
  await expect(otherPage.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();

  await signInAs(page, actor, `/admin-panel?tab=users&uq=${encodeURIComponent(other.email)}`);
  // Never one's own: no such button on the actor's row.
  await page.goto(`/admin-panel?tab=users&uq=${encodeURIComponent(actor.email)}`);
  await expect(page.getByTestId('user-row').filter({ hasText: actor.email })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove admin role/ })).toHaveCount(0);
  await page.goto(`/admin-panel?tab=users&uq=${encodeURIComponent(other.email)}`);
  await page.getByRole('button', { name: 'Remove admin role: Omar Tester' }).click();
  const confirm = page.getByTestId('remove-admin-role-dialog');
  await expect(confirm).toContainText('signed out at once');
  await expectAccessible(page, { include: '[data-testid="remove-admin-role-dialog"]' });
  await confirm.getByRole('button', { name: 'Remove role' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Administrator role removed' })).toBeVisible();
  await expect(page.getByTestId('user-row').filter({ hasText: other.email }).locator('.badge').first()).toHaveText('user');
  await expect(page.getByRole('button', { name: 'Remove admin role: Omar Tester' })).toHaveCount(0);

  expect((await otherPage.request.get('/api/auth/user')).status()).toBe(401);
  await otherContext.close();
});
