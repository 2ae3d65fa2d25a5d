// Messages and notifications in a browser: an admin writes to a seller, the seller reads and
// replies, the admin answers back in the thread, and each side's bell counts without a reload.
// Also: the contact form in the admin inbox, bulk notifications, forgot password.
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import { createAdminMessage, createPrototype } from '../src/server/test/factories.ts';

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const bellCount = (page: Page) => page.getByTestId('notification-count');

test('an admin message is answered by the seller and answered back, with the bells counting', async ({ browser, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Selma' });
  const adminUser = await createUser({ role: 'admin', firstName: 'Adrian' });
  const adminPage = await (await browser.newContext()).newPage();
  const sellerPage = await (await browser.newContext()).newPage();

  // The admin starts a conversation from the inbox.
  await signInAs(adminPage, adminUser);
  await adminPage.goto('/admin-inbox');
  await adminPage.getByRole('button', { name: 'New message' }).click();
  const compose = adminPage.getByTestId('compose-dialog');
  await compose.getByLabel('A user').check();
  await compose.getByLabel('Find a user').fill(seller.email);
  const option = compose.getByLabel('Recipient').locator('option', { hasText: seller.email });
  await expect(option).toHaveCount(1);
  await compose.getByLabel('Recipient').selectOption((await option.getAttribute('value'))!);
  await compose.getByLabel('Subject').fill('About your fusion cell');
  await compose.getByLabel('Message').fill('Could you send us the test data?');
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(adminPage, 'Message sent successfully')).toBeVisible();
  await expect(adminPage.getByTestId('open-thread')).toContainText('Could you send us the test data?');

  // The seller sees one unread notification and the message with its New badge.
  await signInAs(sellerPage, seller, '/seller-dashboard');
  await expect(bellCount(sellerPage)).toHaveText('1');
  await sellerPage.goto('/messages');
  const item = sellerPage.getByTestId('message-item').filter({ hasText: 'About your fusion cell' });
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await item.click();
  // Opening it marks it read.
  await expect(item).toHaveAttribute('data-unread', 'false');
  await expect(item.getByText('New', { exact: true })).toHaveCount(0);
  const detail = sellerPage.getByTestId('message-detail');
  await expect(detail.getByRole('heading', { name: 'About your fusion cell' })).toBeVisible();
  await expect(detail).toContainText(/From Atomix Energy team · [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)/);

  // The seller replies through the dialog.
  await detail.getByRole('button', { name: 'Reply' }).click();
  const dialog = sellerPage.getByTestId('reply-dialog');
  await expect(dialog.getByLabel('Subject')).toHaveValue('Re: About your fusion cell');
  await expect(dialog.getByLabel('Subject')).toBeFocused();
  await dialog.getByLabel('Message').fill('Here is the data you asked for.');
  await dialog.getByRole('button', { name: 'Send Reply' }).click();
  await expect(toast(sellerPage, 'Reply Sent')).toContainText('Your reply has been sent to the admin team.');
  await expect(dialog.getByLabel('Message')).toHaveCount(0);
  await expect(detail.getByTestId('thread-message')).toHaveCount(2);

  // The admin's bell counts the reply without a reload (pushed by the live stream); its link opens the thread.
  await expect(bellCount(adminPage)).toHaveText(/^[1-9]/);
  await adminPage.getByTestId('notification-bell').click();
  const note = adminPage.getByTestId('notification-item').filter({ hasText: 'New reply from Selma Tester' }).first();
  await expect(note).toHaveAttribute('data-unread', 'true');
  await note.getByRole('link').click();
  await expect(adminPage).toHaveURL(/\/admin-inbox\?thread=\d+/);
  const thread = adminPage.getByTestId('open-thread');
  await expect(thread.getByTestId('thread-message')).toHaveCount(2);
  await expect(thread).toContainText('Here is the data you asked for.');

  // The admin answers back in the thread.
  await thread.getByLabel('Message').fill('Thanks, we will review it this week.');
  // Waited for by its answer: the toast of the first message may still be on screen.
  const answered = adminPage.waitForResponse((response) => response.url().includes('/trpc/messages.reply'));
  await thread.getByRole('button', { name: 'Send answer' }).click();
  expect((await answered).status()).toBe(200);
  await expect(toast(adminPage, 'Message sent successfully')).toBeVisible();
  await expect(thread.getByTestId('thread-message')).toHaveCount(3);

  // The seller's bell counts the answer without a reload, and it is in the list and the thread.
  // (The first notice is still unread: reading a message does not read its notification.)
  await expect(bellCount(sellerPage)).toHaveText('2');
  await expect(sellerPage.getByRole('status').filter({ hasText: '2 unread notifications' })).toBeAttached();
  await sellerPage.getByTestId('notification-bell').click();
  await sellerPage.getByTestId('notification-item').filter({ hasText: 'New message from the admin team' }).first().getByRole('link').click();
  await expect(sellerPage).toHaveURL(/\/messages\?id=\d+/);
  await expect(sellerPage.getByTestId('message-detail')).toContainText('Thanks, we will review it this week.');
  await expect(sellerPage.getByTestId('message-detail').getByTestId('thread-message')).toHaveCount(3);
  await expect(bellCount(sellerPage)).toHaveText('1');
  // Mark all read.
  await sellerPage.getByTestId('notification-bell').click();
  await sellerPage.getByRole('button', { name: 'Mark all read' }).click();
  await expect(sellerPage.getByTestId('notification-item').and(sellerPage.locator('[data-unread="true"]'))).toHaveCount(0);
  await expect(bellCount(sellerPage)).toHaveCount(0);
});

test("an answer being written survives the seller's new message in the conversation", async ({ browser, createUser, prisma, signInAs }) => {
  const seller = await createUser({ firstName: 'Nadia' });
  const adminUser = await createUser({ role: 'admin' });
  const root = await createAdminMessage(prisma, seller.id, { adminId: adminUser.id, subject: 'Your pilot plant', message: 'When can we visit?' });

  const adminPage = await (await browser.newContext()).newPage();
  await signInAs(adminPage, adminUser);
  await adminPage.goto(`/admin-inbox?filter=all&thread=${root.id}`);
  const thread = adminPage.getByTestId('open-thread');
  await expect(thread.getByTestId('thread-message')).toHaveCount(1);
  // The admin starts an answer, with a subject of their own.
  await thread.getByLabel('Subject').fill('Visit dates');
  await thread.getByLabel('Message').fill('We could come on the 3rd or the 10th.');

  // Meanwhile the seller writes again in the same conversation.
  const sellerPage = await (await browser.newContext()).newPage();
  await signInAs(sellerPage, seller);
  await sellerPage.goto(`/messages?id=${root.id}`);
  await sellerPage.getByTestId('message-detail').getByRole('button', { name: 'Reply' }).click();
  const dialog = sellerPage.getByTestId('reply-dialog');
  await dialog.getByLabel('Message').fill('Any weekday works for us.');
  await dialog.getByRole('button', { name: 'Send Reply' }).click();
  await expect(toast(sellerPage, 'Reply Sent')).toBeVisible();

  // The admin's open conversation shows it without a reload, and what they were writing is still there.
  await expect(thread.getByTestId('thread-message')).toHaveCount(2);
  await expect(thread).toContainText('Any weekday works for us.');
  await expect(thread.getByLabel('Subject')).toHaveValue('Visit dates');
  await expect(thread.getByLabel('Message')).toHaveValue('We could come on the 3rd or the 10th.');
});

test("a stranger cannot open another seller's message", async ({ page, createUser, prisma, signInAs }) => {
  const owner = await createUser();
  const stranger = await createUser();
  const message = await createAdminMessage(prisma, owner.id, { subject: 'Private', message: 'Secret' });
  await signInAs(page, stranger);
  expect((await page.request.get(`/api/messages/${message.id}/thread`)).status()).toBe(404);
  await page.goto(`/messages?id=${message.id}`);
  await expect(page.getByTestId('messages-empty')).toBeVisible();
  await expect(page.getByText('Secret')).toHaveCount(0);
});

test('contact messages reach the admin inbox and are marked handled', async ({ page, createUser, signInAs }) => {
  const adminUser = await createUser({ role: 'admin' });
  const marker = `Investor ${Date.now()}`;
  const res = await page.request.post('/api/contact', { data: { name: marker, email: 'ivy@example.test', subject: 'investment', message: 'Let us talk.' } });
  expect(res.status()).toBe(201);
  await signInAs(page, adminUser);
  await page.goto('/admin-inbox?tab=contacts');
  const item = page.getByTestId('contact-item').filter({ hasText: marker });
  await expect(item).toContainText('Investment Opportunity');
  await item.getByRole('button', { name: 'Mark handled' }).click();
  await expect(toast(page, 'Marked as handled')).toBeVisible();
  await expect(item).toHaveCount(0);
  await page.getByRole('button', { name: 'Handled', exact: true }).click();
  await expect(page.getByTestId('contact-item').filter({ hasText: marker })).toContainText('Handled');
});

test('a bulk notification to sellers with quoted prototypes is delivered with progress', async ({ page, createUser, db, prisma, signInAs }) => {
  const adminUser = await createUser({ role: 'admin' });
  const seller = await createUser();
  await createPrototype(prisma, seller.id, { inventorName: 'Dr. Q', prototypeName: 'Quoted cell', status: 'quoted', atomixQuote: '100' });
  await signInAs(page, adminUser);
  await page.goto('/admin-inbox?tab=bulk');
  const title = `Quote reminder ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message', { exact: true }).fill('Please answer your quote.');
  await page.getByLabel('Audience').selectOption('prototype_status');
  await page.getByLabel('Prototype status').selectOption('quoted');
  await expect(page.getByTestId('bulk-recipient-count')).toHaveText(/^\d+ recipients?$/);
  await page.getByRole('button', { name: 'Send now' }).click();
  // It asks first, naming the audience and its size; Enter does not confirm.
  const confirm = page.getByRole('dialog', { name: 'Send this notification now?' });
  await expect(confirm).toContainText('Sellers with prototypes in status quoted');
  await expect(confirm.getByRole('button', { name: /^Send to \d[\d,]* (person|people)$/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('bulk-item').filter({ hasText: title })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send now' }).click();
  await confirm.getByRole('button', { name: /^Send to / }).click();
  const item = page.getByTestId('bulk-item').filter({ hasText: title });
  await expect(item).toContainText('completed', { timeout: 20_000 });
  const progress = await item.getByTestId('bulk-progress').textContent();
  const [, delivered, total] = /(\d+) \/ (\d+) delivered/.exec(progress ?? '') ?? [];
  expect(Number(total)).toBeGreaterThanOrEqual(1);
  expect(delivered).toBe(total);
  const { rows } = await db.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND title = $2`, [seller.id, title]);
  expect(rows).toHaveLength(1);
});

test('forgot password: the same answer, a one-time link, the new password works', async ({ page, createUser, db }) => {
  const user = await createUser();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before the new screen renders: wait for it, not the login form's Email field.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill('nobody-here@atomix.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const answer = page.getByTestId('forgot-password-answer');
  await expect(answer).toContainText('If an account exists for that address');
  const unknownAnswer = await answer.textContent();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(answer).toHaveText(unknownAnswer!);

  // The mail is in the outbox (no SMTP in this run).
  let body = '';
  await expect(async () => {
    const { rows } = await db.query<{ text_body: string }>(`SELECT text_body FROM email_messages WHERE user_id = $1 AND template = 'password_reset'`, [
      user.id,
    ]);
    body = rows[0]?.text_body ?? '';
    expect(body).toContain('/reset-password#token=');
  }).toPass();
  const link = /(\/reset-password#token=[A-Za-z0-9_%-]+)/.exec(body)![1]!;
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password$/); // the token left the address bar
  await page.getByLabel('New password', { exact: true }).fill('fresh-pass-7');
  await page.getByLabel('Confirm new password').fill('fresh-pass-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user.email, 'fresh-pass-7');
  // The old password no longer opens the account.
  const withOldPassword = await page.request.post('/api/login', { data: { email: user.email, password: user.password } });
  expect(withOldPassword.status()).toBe(401);
  // Used once: the same link no longer works.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-pass-8');
  await page.getByLabel('Confirm new password').fill('another-pass-8');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This reset link is invalid or has expired.');
});

test("an admin starts a conversation from a prototype; the seller's message links to it", async ({ browser, createUser, prisma, signInAs }) => {
  const seller = await createUser({ firstName: 'Pia' });
  const adminUser = await createUser({ role: 'admin' });
  const name = `Tidal Loop ${Date.now()}`;
  const prototype = await createPrototype(prisma, seller.id, {
    inventorName: 'Dr. Pia',
    prototypeName: name,
    energyType: 'natural',
    description: 'A tidal generator.',
  });
  const adminPage = await (await browser.newContext()).newPage();
  await signInAs(adminPage, adminUser);
  await adminPage.goto(`/admin-panel?search=${encodeURIComponent(name)}`);
  await adminPage
    .getByRole('link', { name: `Message seller: ${name}` })
    .filter({ visible: true })
    .first()
    .click();
  const compose = adminPage.getByTestId('compose-dialog');
  await expect(compose.getByLabel('Prototype', { exact: true })).toHaveValue(String(prototype.id));
  await compose.getByLabel('Subject').fill('Your tidal loop');
  await compose.getByLabel('Message').fill('We would like a demo.');
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(adminPage, 'Message sent successfully')).toBeVisible();
  await expect(adminPage.getByTestId('open-thread')).toContainText(name);

  const sellerPage = await (await browser.newContext()).newPage();
  await signInAs(sellerPage, seller);
  await sellerPage.goto('/messages');
  await sellerPage.getByTestId('message-item').filter({ hasText: 'Your tidal loop' }).click();
  await sellerPage.getByTestId('message-detail').getByRole('link', { name }).click();
  await expect(sellerPage).toHaveURL(new RegExp(`/prototypes/${prototype.id}$`));
});

test('a reply that fails on the server shows the failure in the dialog, keeps the dialog open and stores nothing', async ({
  page,
  createUser,
  db,
  prisma,
  signInAs,
}) => {
  const seller = await createUser();
  await createAdminMessage(prisma, seller.id, { subject: 'Hello', message: 'Welcome' });
  await signInAs(page, seller);
  await page.goto('/messages');
  await page.getByTestId('message-item').first().click();
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await page.getByTestId('reply-dialog').getByLabel('Message').fill('Thanks');
  // The server fails at the end of the reply's transaction (its audit row, after the message row is
  // written) for this seller only: the request really arrives, and what it wrote must roll back.
  const failAudit = `e2e_fail_audit_${seller.id.replaceAll('-', '')}`;
  await db.query(`CREATE FUNCTION ${failAudit}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit down'; END $$`);
  await db.query(
    `CREATE TRIGGER ${failAudit} BEFORE INSERT ON user_activity_logs FOR EACH ROW
     WHEN (NEW.user_id = '${seller.id}' AND NEW.action = 'message.reply') EXECUTE FUNCTION ${failAudit}()`,
  );
  try {
    const answer = page.waitForResponse((response) => response.url().includes('/trpc/messages.reply'));
    await page.getByRole('button', { name: 'Send Reply' }).click();
    expect((await answer).status()).toBe(500);
    // An open dialog shows its action's error inside itself, announced (issue 34, point 2).
    await expect(page.getByTestId('reply-dialog').getByRole('alert').filter({ hasText: 'Failed to send reply. Please try again.' })).toBeVisible();
    await expect(page.getByTestId('reply-dialog').getByLabel('Message')).toHaveValue('Thanks');
    const { rows } = await db.query(`SELECT 1 FROM admin_messages WHERE user_id = $1 AND message_type = 'user_to_admin'`, [seller.id]);
    expect(rows).toHaveLength(0);
    const notices = await db.query(
      `SELECT 1 FROM notifications WHERE type = 'message_reply' AND action_url = (SELECT '/admin-inbox?thread=' || id FROM admin_messages WHERE user_id = $1)`,
      [seller.id],
    );
    expect(notices.rows).toHaveLength(0);
  } finally {
    await db.query(`DROP TRIGGER ${failAudit} ON user_activity_logs`);
    await db.query(`DROP FUNCTION ${failAudit}()`);
  }
});

test('the e-mail preference in Profile turns e-mail notices off and on', async ({ page, createUser, db, signInAs }) => {
  const user = await createUser();
  await signInAs(page, user);
  await page.goto('/profile');
  const toggle = page.getByTestId('email-preference-card').getByRole('checkbox', { name: /Email me when something happens/ });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(toast(page, 'Email notifications turned off')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  expect((await db.query(`SELECT email_notifications FROM users WHERE id = $1`, [user.id])).rows[0].email_notifications).toBe(false);
  await page.reload();
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(toast(page, 'Email notifications turned on')).toBeVisible();
  expect((await db.query(`SELECT email_notifications FROM users WHERE id = $1`, [user.id])).rows[0].email_notifications).toBe(true);
});
