// Messages, the admin inbox, the bell and the password screens on a phone and a desktop, in both
// themes: no sideways scrolling, no axe violations, and screenshots (test-results/messages-screens)
// for a human look. Each screen is opened once and checked at both widths (ADR 0043).
import type { Page } from '@playwright/test';
import type { Db } from '../src/server/db/index.ts';
import { createAdminMessage, createContact, createEmailMessage, createNotification, createPrototype } from '../src/server/test/factories.ts';
import { DESKTOP, VIEWPORTS, expectAccessibleAt } from './screens.ts';
import { type TestUser, expect, test } from './fixtures.ts';

type CreateUser = (fields?: { role?: 'user' | 'admin'; firstName?: string }) => Promise<TestUser>;

/** A seller and an admin with a conversation (a question and its unread reply), an older message,
 *  two notifications and a contact message. */
async function seedConversation(prisma: Db, createUser: CreateUser) {
  const seller = await createUser({ firstName: 'Grace' });
  const adminUser = await createUser({ role: 'admin', firstName: 'Alan' });
  const day = 24 * 60 * 60 * 1000;
  const daysAgo = (days: number) => new Date(Date.now() - days * day);
  const prototype = await createPrototype(prisma, seller.id, {
    inventorName: 'Dr. Hopper',
    prototypeName: 'Compact Fusion Cell',
    energyType: 'nuclear',
    description: 'A tabletop fusion cell.',
    status: 'under_review',
  });
  const root = await createAdminMessage(prisma, seller.id, {
    adminId: adminUser.id,
    prototypeId: prototype.id,
    subject: 'Questions about your fusion cell',
    message: 'Hello Grace,\n\nCould you send the confinement test data and the safety report?\n\nThanks, Alan',
    createdAt: daysAgo(2),
  });
  await createAdminMessage(prisma, seller.id, {
    adminId: adminUser.id,
    subject: 'Re: Questions about your fusion cell',
    message: 'Attached are the results from last week.',
    messageType: 'user_to_admin',
    parentMessageId: root.id,
    isRead: false,
    createdAt: daysAgo(1),
  });
  await createAdminMessage(prisma, seller.id, {
    adminId: adminUser.id,
    subject: 'Welcome to Atomix Energy',
    message: 'Your account is ready. Submit your first prototype whenever you like.',
    isRead: true,
    createdAt: daysAgo(5),
  });
  await createNotification(prisma, seller.id, {
    type: 'admin_message',
    title: 'New message from the admin team',
    message: 'Questions about your fusion cell',
    actionUrl: `/messages?id=${root.id}`,
  });
  await createNotification(prisma, seller.id, {
    type: 'prototype_under_review',
    title: 'Review started',
    message: 'Your prototype "Compact Fusion Cell" is now under review.',
    actionUrl: `/prototypes/${prototype.id}`,
  });
  await createContact(prisma, { message: 'We would like to discuss a partnership.' });
  return { seller, adminUser };
}

/** On a phone and a desktop: nothing pushes the page wider than the screen, and axe finds nothing in either theme. */
const check = (page: Page, name: string, { fullPage = false, include = '#main' } = {}) =>
  expectAccessibleAt(page, VIEWPORTS, { include, fullPage, shot: `test-results/messages-screens/${name}` });

test('messages screens of a seller, phone and desktop: no axe violations in either theme', async ({ browser, prisma, createUser, signInAs }) => {
  const { seller } = await seedConversation(prisma, createUser);
  const sellerPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInAs(sellerPage, seller);
  await sellerPage.goto('/messages');
  await expect(sellerPage.getByTestId('message-item').first()).toBeVisible();
  await check(sellerPage, 'seller-list', { fullPage: true });
  await sellerPage.getByTestId('message-item').filter({ hasText: 'Questions about' }).click();
  await expect(sellerPage.getByTestId('thread-message')).toHaveCount(2);
  await check(sellerPage, 'seller-detail', { fullPage: true });
  await sellerPage.getByRole('button', { name: 'Reply', exact: true }).click();
  await sellerPage.getByRole('button', { name: 'Send Reply' }).click();
  await expect(sellerPage.getByText('Message is required')).toBeVisible();
  await check(sellerPage, 'seller-reply-dialog', { include: 'dialog[open]' });
  await sellerPage.keyboard.press('Escape');
  await expect(sellerPage.getByRole('dialog')).toHaveCount(0);
  await expect(sellerPage.getByRole('button', { name: 'Reply', exact: true })).toBeFocused();
  await sellerPage.getByTestId('notification-bell').click();
  await expect(sellerPage.getByTestId('notification-item').first()).toBeVisible();
  await check(sellerPage, 'seller-bell', { include: '#notification-panel' });
  await sellerPage.keyboard.press('Escape');
  await sellerPage.goto('/profile');
  await sellerPage.getByTestId('email-preference-card').scrollIntoViewIfNeeded();
  await check(sellerPage, 'seller-profile-email');
});

test('admin inbox threads and compose, phone and desktop: no axe violations in either theme', async ({ browser, prisma, createUser, signInAs }) => {
  const { seller, adminUser } = await seedConversation(prisma, createUser);
  const adminPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInAs(adminPage, adminUser);
  await adminPage.goto('/admin-inbox');
  await expect(adminPage.getByTestId('thread-item').first()).toBeVisible();
  await check(adminPage, 'admin-threads', { fullPage: true });
  await adminPage.getByTestId('thread-item').filter({ hasText: seller.email }).click();
  await expect(adminPage.getByTestId('open-thread').getByTestId('thread-message')).toHaveCount(2);
  await check(adminPage, 'admin-thread', { fullPage: true });
  await adminPage.goto('/admin-inbox?compose=true');
  const compose = adminPage.getByTestId('compose-dialog');
  await expect(compose.getByLabel('Subject')).toBeVisible();
  await check(adminPage, 'admin-compose', { include: 'dialog[open]' });
  // Sent empty: the messages show and the focus goes to the first field with one, the recipient.
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expect(compose.getByText('Subject is required')).toBeVisible();
  await expect(compose.locator('#compose-target')).toBeFocused();
});

// (The inbox's tabs in two tests: one test checking all six screens at both widths ran past the time
// limit on a busy machine.)
test('admin inbox tabs (contacts, bulk, outbox), phone and desktop: no axe violations in either theme', async ({ browser, prisma, createUser, signInAs }) => {
  const { seller, adminUser } = await seedConversation(prisma, createUser);
  const adminPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInAs(adminPage, adminUser);
  await adminPage.goto('/admin-inbox?tab=contacts');
  await expect(adminPage.getByTestId('contact-item').first()).toBeVisible();
  await check(adminPage, 'admin-contacts', { fullPage: true });
  await adminPage.goto('/admin-inbox?tab=bulk');
  await expect(adminPage.getByTestId('bulk-recipient-count')).toHaveText(/recipient/);
  await check(adminPage, 'admin-bulk', { fullPage: true });
  await createEmailMessage(prisma, {
    userId: seller.id,
    toAddress: seller.email,
    subject: 'Atomix Energy: Review started',
    textBody: 'Hello Grace,\n\nYour prototype is now under review.',
    template: 'prototype_under_review',
  });
  await adminPage.goto('/admin-inbox?tab=outbox');
  await expect(adminPage.getByRole('heading', { name: 'E-mail outbox' })).toBeVisible();
  await adminPage.getByTestId('outbox-list').getByText(seller.email).click();
  await check(adminPage, 'admin-outbox', { fullPage: true });
});

test('password screens of a guest, phone and desktop: no axe violations in either theme', async ({ browser }) => {
  const guest = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await guest.goto('/forgot-password');
  await guest.getByLabel('Email').fill('someone@example.test');
  await guest.getByRole('button', { name: 'Send reset link' }).click();
  await expect(guest.getByTestId('forgot-password-answer')).toBeVisible();
  await check(guest, 'forgot-password');
  await guest.goto('/reset-password#token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
  await expect(guest.getByLabel('New password', { exact: true })).toBeVisible();
  await check(guest, 'reset-password');
});
