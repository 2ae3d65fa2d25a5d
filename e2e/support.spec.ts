// Support tickets in a browser (issue 15, point 4): a seller opens a ticket, an admin answers and
// waits on the seller, the seller's reply reopens it, the admin resolves it with a resolution. Then
// the four support screens on a phone and a desktop, in both themes, without axe violations.
import type { Page } from '@playwright/test';
import { DESKTOP, VIEWPORTS, expectAccessibleAt } from './screens.ts';
import { expect, test } from './fixtures.ts';

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

test('a seller opens a ticket, the admin answers and waits, the seller’s reply reopens it, the admin resolves it', async ({
  browser,
  createUser,
  signInAs,
}) => {
  const seller = await createUser({ firstName: 'Selma' });
  const adminUser = await createUser({ role: 'admin', firstName: 'Adrian' });
  const sellerPage = await (await browser.newContext()).newPage();
  const adminPage = await (await browser.newContext()).newPage();
  const subject = `Payout missing ${Date.now()}`;

  // The seller finds Support in the user menu and opens a ticket.
  await signInAs(sellerPage, seller, '/seller-dashboard');
  await sellerPage.getByTestId('user-menu-button').click();
  await sellerPage.getByRole('link', { name: 'Support' }).first().click();
  await expect(sellerPage.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
  await expect(sellerPage.getByText('No tickets yet')).toBeVisible();
  await sellerPage.getByRole('button', { name: 'New ticket' }).click();
  await sellerPage.getByRole('button', { name: 'Open ticket' }).click();
  await expect(sellerPage.getByText('Choose a category').last()).toBeVisible();
  await expect(sellerPage.getByText('Subject is required')).toBeVisible();
  await sellerPage.getByLabel('Category').selectOption('payout');
  await sellerPage.getByLabel('Subject').fill(subject);
  await sellerPage.getByLabel('Description').fill('The payout for my Tidal Kite has not arrived.');
  await sellerPage.getByRole('button', { name: 'Open ticket' }).click();
  await expect(toast(sellerPage, 'Ticket opened')).toBeVisible();
  await expect(sellerPage.getByRole('heading', { name: subject })).toBeVisible();
  const ticketUrl = sellerPage.url();
  const ticketId = ticketUrl.split('/').pop()!;

  // The admin finds it in the queue (waiting for an answer) and replies, then waits on the seller.
  await signInAs(adminPage, adminUser);
  await adminPage.goto('/admin-panel');
  await adminPage.getByRole('link', { name: 'Support queue' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Support queue' })).toBeVisible();
  await adminPage.getByLabel('Category').selectOption('payout');
  // The filtered list replaces the previous one in place: click once it has (a row that moves under
  // the pointer takes the click elsewhere).
  await expect(adminPage).toHaveURL(/category=payout/);
  await adminPage.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(adminPage.getByTestId('awaiting-since')).toBeVisible();
  await adminPage.getByLabel('Message').fill('Could you send us your bank reference?');
  await adminPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(adminPage, 'Reply sent')).toBeVisible();
  await expect(adminPage.getByTestId('awaiting-since')).toHaveCount(0);
  await adminPage.getByLabel('Status').selectOption('waiting_on_user');
  await adminPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(adminPage, 'Ticket updated')).toBeVisible();
  await expect(adminPage.getByTestId('ticket-status').first()).toHaveText('Waiting on user');

  // The seller reads the answer and replies: the ticket is open again.
  await sellerPage.reload();
  await expect(sellerPage.getByTestId('ticket-status').first()).toHaveText('Waiting for your reply');
  await expect(sellerPage.getByTestId('ticket-message').last()).toContainText('Could you send us your bank reference?');
  await sellerPage.getByLabel('Your reply').fill('REF-2026-1123');
  await sellerPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(sellerPage, 'Reply sent')).toBeVisible();
  await expect(sellerPage.getByTestId('ticket-status').first()).toHaveText('Open');

  // The admin resolves it: a resolution is required.
  await adminPage.reload();
  await expect(adminPage.getByTestId('ticket-status').first()).toHaveText('Open');
  await expect(adminPage.getByTestId('ticket-message').last()).toContainText('REF-2026-1123');
  await adminPage.getByLabel('Status').selectOption('resolved');
  await adminPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(adminPage.getByText('A resolution is required to resolve a ticket')).toBeVisible();
  await adminPage.getByLabel('Resolution').fill('The payout was sent again on 23 November.');
  await adminPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(adminPage, 'Ticket updated')).toBeVisible();
  await expect(adminPage.getByTestId('ticket-status').first()).toHaveText('Resolved');

  await sellerPage.goto('/support');
  await expect(sellerPage.getByTestId('support-ticket-row').filter({ hasText: subject })).toContainText('Resolved');
  await sellerPage.goto(`/support/${ticketId}`);
  await expect(sellerPage.getByTestId('ticket-resolution')).toContainText('The payout was sent again on 23 November.');
});

test('a resolution being written survives the requester’s reply', async ({ browser, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Rhea' });
  const adminUser = await createUser({ role: 'admin' });
  const sellerPage = await (await browser.newContext()).newPage();
  const adminPage = await (await browser.newContext()).newPage();
  const subject = `Invoice question ${Date.now()}`;

  await signInAs(sellerPage, seller, '/support');
  await sellerPage.getByRole('button', { name: 'New ticket' }).click();
  await sellerPage.getByLabel('Category').selectOption('payout');
  await sellerPage.getByLabel('Subject').fill(subject);
  await sellerPage.getByLabel('Description').fill('Which invoice number should I use?');
  await sellerPage.getByRole('button', { name: 'Open ticket' }).click();
  await expect(sellerPage.getByRole('heading', { name: subject })).toBeVisible();
  const ticketPath = new URL(sellerPage.url()).pathname;

  // The admin starts resolving it, without saving yet.
  await signInAs(adminPage, adminUser);
  await adminPage.goto(`/admin${ticketPath}`);
  await adminPage.getByLabel('Status').selectOption('resolved');
  await adminPage.getByLabel('Resolution').fill('Use the number on your statement.');

  // The seller writes again; the admin's page shows it without a reload, and the draft is still there.
  await sellerPage.getByLabel('Your reply').fill('Or is it the one in the e-mail?');
  await sellerPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(sellerPage, 'Reply sent')).toBeVisible();
  await expect(adminPage.getByTestId('ticket-message').last()).toContainText('Or is it the one in the e-mail?');
  await expect(adminPage.getByLabel('Status')).toHaveValue('resolved');
  await expect(adminPage.getByLabel('Resolution')).toHaveValue('Use the number on your statement.');
});

test('support screens, phone and desktop: no axe violations in either theme', async ({ browser, prisma, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Grace' });
  const adminUser = await createUser({ role: 'admin', firstName: 'Ada' });
  const ticket = await prisma.supportTicket.create({
    data: {
      userId: seller.id,
      category: 'technical',
      subject: 'Upload stops at 90%',
      description: 'A 12 MB PDF fails to upload.',
      priority: 'high',
      status: 'waiting_on_user',
      assignedAdminId: adminUser.id,
      messages: { create: [{ authorId: adminUser.id, fromAdmin: true, body: 'Could you try a compressed copy?' }] },
    },
  });
  const pages: Page[] = [];
  for (const user of [seller, adminUser]) {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signInAs(page, user);
    pages.push(page);
  }
  const [sellerPage, adminPage] = pages as [Page, Page];
  // Each screen opened once, checked at both widths (ADR 0043).
  const check = (page: Page, name: string) => expectAccessibleAt(page, VIEWPORTS, { shot: `test-results/support-screens/${name}`, fullPage: true });

  await sellerPage.goto('/support');
  await expect(sellerPage.getByTestId('support-ticket-row').first()).toBeVisible();
  await sellerPage.getByRole('button', { name: 'New ticket' }).click();
  await check(sellerPage, 'support');
  await sellerPage.goto(`/support/${ticket.id}`);
  await expect(sellerPage.getByTestId('ticket-message').last()).toBeVisible();
  await check(sellerPage, 'ticket');

  await adminPage.goto('/admin/support?status=all');
  await expect(adminPage.getByTestId('support-queue-row').first()).toBeVisible();
  await check(adminPage, 'queue');
  await adminPage.goto(`/admin/support/${ticket.id}`);
  await expect(adminPage.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await adminPage.getByLabel('Status').selectOption('resolved');
  await check(adminPage, 'admin-ticket');
  // Keyboard: the reply box is reachable and the form sends with the keyboard.
  await adminPage.getByLabel('Message').focus();
  await adminPage.keyboard.type('Thanks, fixed.');
  await adminPage.keyboard.press('Tab');
  await expect(adminPage.getByRole('button', { name: 'Send reply' })).toBeFocused();
  await adminPage.keyboard.press('Enter');
  await expect(adminPage.getByTestId('ticket-message').last()).toContainText('Thanks, fixed.');
});
