// The contact form: shared-schema validation on screen, the round trip to the contacts table, and the
// failure toasts (server message, or the fallback when no server answered).
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function fillForm(page: Page, fields: { name: string; email: string; subject: string; message: string }) {
  await page.getByLabel('Full Name', { exact: true }).fill(fields.name);
  await page.getByLabel('Email Address', { exact: true }).fill(fields.email);
  await page.getByLabel('Subject', { exact: true }).selectOption({ label: fields.subject });
  await page.getByLabel('Message', { exact: true }).fill(fields.message);
}

test('the subject select offers the four labels of the spec', async ({ page }) => {
  await page.goto('/contact');
  const options = page.getByLabel('Subject', { exact: true }).locator('option:not([disabled])');
  await expect(options).toHaveText(['Prototype Submission', 'Partnership Inquiry', 'Investment Opportunity', 'General Inquiry']);
  expect(await options.evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual(['prototype', 'partnership', 'investment', 'general']);
});

test('an empty or invalid form shows the schema messages under each field and sends nothing', async ({ page }) => {
  let requests = 0;
  await page.route('**/trpc/contact.submit**', (route) => {
    requests++;
    return route.continue();
  });
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();

  const expectations = [
    ['Full Name', 'Name is required'],
    ['Email Address', 'Email is required'],
    ['Subject', 'Please choose a subject'],
    ['Message', 'Message is required'],
  ] as const;
  for (const [label, message] of expectations) {
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(message);
  }
  await expect(page.getByLabel('Full Name', { exact: true })).toBeFocused();

  // Errors follow the input once the user corrects it.
  await page.getByLabel('Email Address', { exact: true }).fill('not-an-email');
  await expect(page.getByLabel('Email Address', { exact: true })).toHaveAccessibleDescription('Invalid email address');
  await page.getByLabel('Full Name', { exact: true }).fill('Grace Hopper');
  await expect(page.getByLabel('Full Name', { exact: true })).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('Name is required')).toHaveCount(0);
  expect(requests).toBe(0);
});

test('on a phone the first invalid field is brought into view below the sticky bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contact');
  await page.getByLabel('Full Name', { exact: true }).fill('Chien-Shiung Wu');
  await page.getByLabel('Subject', { exact: true }).selectOption('general');
  await page.getByLabel('Message', { exact: true }).fill('A question about your tokamak partners.');
  await page.getByRole('button', { name: 'Send Message' }).click();

  const email = page.getByLabel('Email Address', { exact: true });
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription('Email is required');
  const bar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  expect(bar).toBeTruthy();
  // The label below the bar and the field inside the screen: the person sees what they have to fix.
  // Read until the page has come to rest: the scroll may still be under way when the field has focus.
  const label = page.locator('label[for="contact-email"]');
  await expect.poll(async () => (await label.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  await expect
    .poll(async () => {
      const field = await email.boundingBox();
      return field ? field.y + field.height : Infinity;
    })
    .toBeLessThanOrEqual(844);
});

test('a valid message is stored, thanked for, and the form resets', async ({ page, db }) => {
  const message = {
    name: `Lise Meitner ${randomUUID().slice(0, 6)}`,
    email: `lise-${randomUUID().slice(0, 8)}@atomix.test`,
    subject: 'Investment Opportunity',
    message: 'We would like to discuss funding your next fusion pilot.',
  };
  await page.goto('/contact');
  await fillForm(page, message);
  await page.getByRole('button', { name: 'Send Message' }).click();

  const sent = toast(page, 'Message Sent!');
  await expect(sent).toBeVisible();
  await expect(sent).toContainText("Thank you for contacting us. We'll get back to you soon.");
  await expect(sent).toHaveAttribute('data-variant', 'default');

  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Email Address', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

  const { rows } = await db.query<{ name: string; email: string; subject: string; message: string }>(
    'SELECT name, email, subject, message FROM contacts WHERE email = $1',
    [message.email],
  );
  expect(rows).toEqual([{ name: message.name, email: message.email, subject: 'investment', message: message.message }]);
});

test('a server error shows the server message in a destructive toast and keeps the form', async ({ page }) => {
  const serverMessage = 'Too many messages from your address. Please try again later.';
  await page.route('**/trpc/contact.submit**', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify([
        {
          error: {
            json: {
              message: serverMessage,
              code: -32029,
              data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, path: 'contact.submit' },
            },
          },
        },
      ]),
    }),
  );
  await page.goto('/contact');
  await fillForm(page, { name: 'Enrico Fermi', email: 'fermi@atomix.test', subject: 'General Inquiry', message: 'Hello.' });
  await page.getByRole('button', { name: 'Send Message' }).click();

  const error = toast(page, 'Error');
  await expect(error).toBeVisible();
  await expect(error).toContainText(serverMessage);
  await expect(error).toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Enrico Fermi');
});

test('without an answer from the server the fallback message is shown', async ({ page }) => {
  await page.route('**/trpc/contact.submit**', (route) => route.abort('connectionrefused'));
  await page.goto('/contact');
  await fillForm(page, { name: 'Niels Bohr', email: 'bohr@atomix.test', subject: 'Partnership Inquiry', message: 'Hello.' });
  await page.getByRole('button', { name: 'Send Message' }).click();

  const error = toast(page, 'Error');
  await expect(error).toContainText('Failed to send message. Please try again.');
  await expect(error).toHaveAttribute('data-variant', 'destructive');
});
