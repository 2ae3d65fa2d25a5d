// The review promise end to end: a prototype submitted 20 days ago shows "Overdue" in the admin
// list and appears under the Overdue filter; its seller sees when the review is expected.
import { randomUUID } from 'node:crypto';
import { admin, expect, test } from './fixtures.ts';
import { createPrototype } from '../src/server/test/factories.ts';

test('an overdue prototype is flagged and filtered for admins; the seller sees the promised dates', async ({ page, prisma, createUser, signInAs }) => {
  const tag = randomUUID().slice(0, 8);
  const seller = await createUser({ firstName: 'Promise' });
  const insert = async (name: string, daysAgo: number) => {
    const createdAt = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
    const prototype = await createPrototype(prisma, seller.id, {
      inventorName: 'Dr. E2E',
      prototypeName: name,
      description: 'A prototype waiting for review.',
      createdAt,
    });
    return prototype.id;
  };
  const lateName = `Late-${tag}`;
  const freshName = `Fresh-${tag}`;
  const lateId = await insert(lateName, 20);
  await insert(freshName, 1);

  await signInAs(page, admin);
  await page.goto(`/admin-panel?q=${tag}`);
  await expect(page.getByTestId('prototype-row')).toHaveCount(2);
  const late = page.getByTestId('prototype-row').filter({ hasText: lateName });
  await expect(late.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(late.getByText(/^Initial review due /)).toBeVisible();
  const fresh = page.getByTestId('prototype-row').filter({ hasText: freshName });
  await expect(fresh.getByText(/^Initial review due /)).toBeVisible();
  await expect(fresh.getByText('Overdue', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('counter-overdue')).toHaveText(/^[1-9][\d,]*$/);

  // A controlled toggle: it turns on once the URL (and the list) has followed.
  await page.getByLabel('Overdue', { exact: true }).click();
  await expect(page).toHaveURL(/overdue=true/);
  await expect(page.getByLabel('Overdue', { exact: true })).toBeChecked();
  await expect(page.getByTestId('prototype-row')).toHaveCount(1);
  await expect(page.getByTestId('prototype-row')).toContainText(lateName);

  // The seller's page.
  await page.context().clearCookies();
  await signInAs(page, seller);
  await page.goto(`/prototypes/${lateId}`);
  await expect(page.getByTestId('due-initial-review')).toContainText(/^Initial review expected by \w{3} \d{1,2}, \d{4}$/);
  await expect(page.getByTestId('due-feedback')).toContainText(/^Feedback expected by /);
});
