// The admin panel end to end: an administrator approves, rejects with a reason, quotes, accepts a
// quote, restricts and bans a user, resets a password with Generate Random and deletes a user by
// typing DELETE. Data is created directly in the database with unique names.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createPrototype } from '../src/server/test/factories.ts';
import { admin, expect, test } from './fixtures.ts';

async function toast(page: Page, text: string) {
  await expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible();
}

test('admin reviews prototypes: approve, reject with a reason, quote and accept', async ({ page, db, prisma, createUser, signInAs }) => {
  const tag = randomUUID().slice(0, 8);
  const seller = await createUser({ firstName: 'Sella' });
  const insert = async (name: string) => {
    const row = await createPrototype(prisma, seller.id, {
      inventorName: 'Dr. E2E',
      prototypeName: name,
      energyType: 'solar',
      description: 'An end-to-end prototype.',
      priority: 'high',
      powerOutput: null,
      efficiency: null,
    });
    return row.id;
  };
  const approveName = `Approve-${tag}`;
  const rejectName = `Reject-${tag}`;
  const quoteName = `Quote-${tag}`;
  await insert(approveName);
  const rejectId = await insert(rejectName);
  const quoteId = await insert(quoteName);

  await signInAs(page, admin);
  await page.goto(`/admin-panel?q=${tag}`);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Prototype Management' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('prototype-row')).toHaveCount(3);
  const approveRow = page.getByTestId('prototype-row').filter({ hasText: approveName });
  await expect(approveRow.getByText('High priority')).toHaveClass(/badge-error/);
  await expect(approveRow.getByText('Submitted', { exact: true })).toHaveClass(/badge-neutral/);

  // Approve
  const pendingBefore = Number(await page.getByTestId('counter-approved').textContent());
  await page.getByRole('button', { name: `Approve: ${approveName}` }).click();
  await toast(page, 'Prototype approved successfully');
  await expect(approveRow.getByText('Approved', { exact: true })).toHaveClass(/badge-success/);
  await expect(page.getByRole('button', { name: `Approve: ${approveName}` })).toHaveCount(0);
  await expect(page.getByTestId('counter-approved')).toHaveText(String(pendingBefore + 1));

  // Reject with a reason (the reason is required)
  await page.getByRole('button', { name: `Reject: ${rejectName}` }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject Prototype' });
  await expect(rejectDialog).toBeVisible();
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog.getByText('Please provide a reason for rejection')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rejectDialog).toBeHidden();
  await page.getByRole('button', { name: `Reject: ${rejectName}` }).click();
  await rejectDialog.getByLabel('Reason for rejection').fill('Output figures are not reproducible');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await toast(page, 'Prototype rejected');
  const rejected = await db.query('SELECT status, reviewer_comments FROM prototypes WHERE id = $1', [rejectId]);
  expect(rejected.rows[0]).toEqual({ status: 'rejected', reviewer_comments: 'Output figures are not reproducible' });

  // Provide Quote (amount required), then Accept Quote
  await page.getByRole('button', { name: `Provide Quote: ${quoteName}` }).click();
  const quoteDialog = page.getByRole('dialog', { name: 'Provide Quote' });
  await quoteDialog.getByRole('button', { name: 'Provide Quote' }).click();
  await expect(quoteDialog.getByText('Please provide quote amount')).toBeVisible();
  await quoteDialog.getByLabel('Quote amount (USD)').fill('25000.50');
  await quoteDialog.getByLabel('Notes (optional)').fill('Includes pilot funding');
  await quoteDialog.getByRole('button', { name: 'Provide Quote' }).click();
  await toast(page, 'Quote provided successfully');
  await page.getByRole('button', { name: `Accept Quote: ${quoteName}` }).click();
  await toast(page, 'Quote accepted successfully');
  const accepted = await db.query(
    `SELECT p.status, p.final_amount::text AS final, t.amount::text AS amount, t.platform_fee::text AS fee, t.seller_payout::text AS payout, t.status AS tstatus
     FROM prototypes p JOIN transactions t ON t.prototype_id = p.id WHERE p.id = $1`,
    [quoteId],
  );
  expect(accepted.rows).toEqual([{ status: 'accepted', final: '25000.50', amount: '25000.50', fee: '2500.05', payout: '22500.45', tstatus: 'pending' }]);
});

test('admin manages users: restrict, ban, reset password with Generate Random, delete by typing DELETE', async ({ page, db, createUser, signInAs }) => {
  const target = await createUser({ firstName: 'Target' });
  const doomed = await createUser({ firstName: 'Doomed' });
  await signInAs(page, admin);

  await page.goto(`/admin-panel?tab=users&uq=${encodeURIComponent(target.email)}`);
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByTestId('user-row').filter({ hasText: target.email });
  await expect(row).toBeVisible();
  await expect(row.getByText('N/A')).toHaveCount(2);

  // Restrict
  await row.getByRole('button', { name: /^Restrict/ }).click();
  const restrict = page.getByRole('dialog', { name: 'Restrict User' });
  await expect(restrict.getByRole('radio')).toHaveCount(2);
  await restrict.getByLabel('Restricted until (optional)').fill('2099-01-01T12:00');
  await restrict.getByLabel('Admin notes (optional)').fill('Duplicate submissions');
  await restrict.getByRole('button', { name: 'Update Status' }).click();
  await toast(page, 'User status updated successfully');
  await expect(row.getByText(/^Restricted until/)).toBeVisible();
  await expect(row.getByText('Duplicate submissions')).toBeVisible();

  // Lift the restriction in one click: the restriction and its note go
  await row.getByRole('button', { name: 'Lift restriction: Target Tester' }).click();
  await toast(page, 'User status updated successfully');
  await expect(row.getByText(/^Restricted until/)).toHaveCount(0);
  await expect(row.getByText('Duplicate submissions')).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Lift restriction/ })).toHaveCount(0);

  // Ban (reason required)
  await row.getByRole('button', { name: /^Ban/ }).click();
  const ban = page.getByRole('dialog', { name: 'Ban User' });
  await ban.getByRole('button', { name: 'Ban User' }).click();
  await expect(ban.getByText('Please provide a reason for the ban')).toBeVisible();
  await ban.getByLabel('Ban reason').fill('Fraudulent claims');
  await ban.getByRole('button', { name: 'Ban User' }).click();
  await toast(page, 'User status updated successfully');
  await expect(row.getByText('Banned', { exact: true })).toBeVisible();
  await expect(row.getByText('Fraudulent claims')).toBeVisible();

  // Reset Password with Generate Random
  await row.getByRole('button', { name: /^Reset Password/ }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(reset.getByRole('button', { name: 'Change Password' })).toBeDisabled();
  await reset.getByLabel('New password').fill('12345');
  await expect(reset.getByRole('button', { name: 'Change Password' })).toBeDisabled();
  await reset.getByRole('button', { name: 'Generate Random' }).click();
  const generated = await reset.getByLabel('New password').inputValue();
  expect(generated).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
  // The generated password can be copied to give to the user.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await reset.getByRole('button', { name: 'Copy password' }).click();
  await toast(page, 'Password copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(generated);
  const before = await db.query('SELECT password FROM users WHERE id = $1', [target.id]);
  await reset.getByRole('button', { name: 'Change Password' }).click();
  await toast(page, 'Password changed successfully');
  const after = await db.query('SELECT password FROM users WHERE id = $1', [target.id]);
  expect(after.rows[0].password).not.toBe(before.rows[0].password);

  // Delete by typing DELETE
  await page.goto(`/admin-panel?tab=users&uq=${encodeURIComponent(doomed.email)}`);
  const doomedRow = page.getByTestId('user-row').filter({ hasText: doomed.email });
  await doomedRow.getByRole('button', { name: /^Delete/ }).click();
  const del = page.getByRole('dialog', { name: 'Delete User' });
  await expect(del).toContainText("removes the user's prototypes, bids, messages and transaction history");
  const confirm = del.getByRole('button', { name: 'Delete User' });
  await expect(confirm).toBeDisabled();
  await del.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(confirm).toBeDisabled();
  await del.getByLabel('Type DELETE to confirm').fill('DELETE');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await toast(page, 'User deleted successfully');
  await expect(page.getByText('No users match these filters.')).toBeVisible();
  expect((await db.query('SELECT 1 FROM users WHERE id = $1', [doomed.id])).rowCount).toBe(0);

  // Admins are offered Message but none of the destructive dialogs.
  await page.goto(`/admin-panel?tab=users&uq=${encodeURIComponent(admin.email)}`);
  const adminRow = page.getByTestId('user-row').filter({ hasText: admin.email });
  await expect(adminRow.getByRole('button', { name: /^Message/ })).toBeVisible();
  await expect(adminRow.getByRole('button', { name: /^(Restrict|Ban|Delete|Reset Password)/ })).toHaveCount(0);
});

test('a signed-in seller sees the access-denied screen; a guest goes to /login', async ({ page, createUser, signInAs }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
  const seller = await createUser();
  await signInAs(page, seller);
  await page.goto('/admin-panel');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});

test('a filtered list that matches nothing offers Clear filters, which empties the search and shows the list again', async ({
  page,
  prisma,
  createUser,
  signInAs,
}) => {
  const tag = randomUUID().slice(0, 8);
  const seller = await createUser({ firstName: 'Clara' });
  await createPrototype(prisma, seller.id, { prototypeName: `Clearable ${tag}` });
  await signInAs(page, admin);
  await page.goto(`/admin-panel?q=nothing-${tag}&priority=high`);
  const searchBox = page.getByLabel('Search prototypes');
  await expect(page.getByText('No prototypes match these filters.')).toBeVisible();
  await expect(searchBox).toHaveValue(`nothing-${tag}`);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('No prototypes match these filters.')).toBeHidden();
  await expect(page.getByTestId('prototype-list')).toBeVisible();
  await expect(searchBox).toHaveValue('');
  await expect(page).not.toHaveURL(/[?&](q|priority)=/);
});
