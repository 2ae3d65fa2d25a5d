// No dead end after a rejection (issue 17 point 3): the seller sees that the prototype was not
// accepted and why, where the prototype is, and can write to the team about it; the message lands
// in the admin inbox linked to the prototype.
import { admin, expect, test } from './fixtures.ts';

test('a rejected seller reads the reason and answers the team; the admin finds the thread about that prototype', async ({
  browser,
  page,
  createUser,
  signInAs,
}) => {
  const seller = await createUser({ firstName: 'Rosa' });
  const name = `Cold Cell ${Date.now()}`;
  await signInAs(page, seller);
  const created = await page.request.post('/api/prototypes', {
    data: { inventorName: 'Rosa Tester', prototypeName: name, energyType: 'natural', description: 'A cell that runs cold.' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, admin);
  expect((await adminPage.request.patch(`/api/admin/prototypes/${id}/reject`, { data: { reason: 'Output claims are not reproducible' } })).status()).toBe(200);

  await page.goto('/seller-dashboard');
  const card = page.getByTestId('prototype-card').filter({ hasText: name });
  await expect(card.getByTestId('quote-status')).toContainText('Not accepted');
  await expect(card.getByTestId('quote-status')).not.toContainText('Awaiting Atomix quote');
  await expect(card.getByTestId('rejection')).toContainText('Reason: Output claims are not reproducible');

  await card.getByRole('button', { name: 'Message the team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message the Atomix team' });
  await expect(dialog.getByLabel('Subject')).toHaveValue(`About ${name}`);
  await dialog.getByLabel('Message', { exact: true }).fill('We have repeated the test with an independent lab.');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Message sent' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await adminPage.goto('/admin-inbox');
  const thread = adminPage.getByRole('button', { name: new RegExp(`About ${name}`) }).first();
  await expect(thread).toBeVisible();
  await thread.click();
  await expect(adminPage.getByTestId('thread-message').getByText('We have repeated the test with an independent lab.')).toBeVisible();
  await expect(adminPage.getByRole('article', { name: `About ${name}` })).toContainText(`about prototype #${id} ${name}`);
  await adminContext.close();
});
