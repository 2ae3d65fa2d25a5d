// Messages, the admin inbox, the bell and the password screens on a phone and a desktop, light and
// dark: no axe violations, and screenshots (test-results/messages-screens) for a human look.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Db } from '../src/server/db/index.ts';
import { createAdminMessage, createContact, createEmailMessage, createNotification, createPrototype } from '../src/server/test/factories.ts';
import { type TestUser, expect, signIn, test } from './fixtures.ts';

type CreateUser = (fields?: { role?: 'user' | 'admin'; firstName?: string }) => Promise<TestUser>;

async function noViolations(page: Page, include = '#main') {
  const result = await new AxeBuilder({ page }).include(include).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

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

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1366, height: 900 },
  ]) {
    const shot = async (page: Page, name: string, fullPage = false) => {
      // Nothing may push the page wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/messages-screens/${name}-${viewport.name}-${theme}.png`, fullPage });
    };

    test(`messages screens of a seller, ${viewport.name}, ${theme} theme`, async ({ browser, prisma, createUser }) => {
      const { seller } = await seedConversation(prisma, createUser);
      const sellerPage = await (await browser.newContext({ viewport })).newPage();
      await sellerPage.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn(sellerPage, seller.email, seller.password);
      await sellerPage.goto('/messages');
      await expect(sellerPage.getByTestId('message-item').first()).toBeVisible();
      await shot(sellerPage, 'seller-list', true);
      await noViolations(sellerPage);
      await sellerPage.getByTestId('message-item').filter({ hasText: 'Questions about' }).click();
      await expect(sellerPage.getByTestId('thread-message')).toHaveCount(2);
      await shot(sellerPage, 'seller-detail', true);
      await noViolations(sellerPage);
      await sellerPage.getByRole('button', { name: 'Reply', exact: true }).click();
      await sellerPage.getByRole('button', { name: 'Send Reply' }).click();
      await expect(sellerPage.getByText('Message is required')).toBeVisible();
      await shot(sellerPage, 'seller-reply-dialog');
      await noViolations(sellerPage, 'dialog[open]');
      await sellerPage.keyboard.press('Escape');
      await expect(sellerPage.getByRole('dialog')).toHaveCount(0);
      await expect(sellerPage.getByRole('button', { name: 'Reply', exact: true })).toBeFocused();
      await sellerPage.getByTestId('notification-bell').click();
      await expect(sellerPage.getByTestId('notification-item').first()).toBeVisible();
      await shot(sellerPage, 'seller-bell');
      await noViolations(sellerPage, '#notification-panel');
      await sellerPage.keyboard.press('Escape');
      await sellerPage.goto('/profile');
      await sellerPage.getByTestId('email-preference-card').scrollIntoViewIfNeeded();
      await shot(sellerPage, 'seller-profile-email');
      await noViolations(sellerPage);
    });

    test(`admin inbox screens, ${viewport.name}, ${theme} theme`, async ({ browser, prisma, createUser }) => {
      const { seller, adminUser } = await seedConversation(prisma, createUser);
      const adminPage = await (await browser.newContext({ viewport })).newPage();
      await adminPage.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn(adminPage, adminUser.email, adminUser.password);
      await adminPage.goto('/admin-inbox');
      await expect(adminPage.getByTestId('thread-item').first()).toBeVisible();
      await shot(adminPage, 'admin-threads', true);
      await noViolations(adminPage);
      await adminPage.getByTestId('thread-item').filter({ hasText: seller.email }).click();
      await expect(adminPage.getByTestId('open-thread').getByTestId('thread-message')).toHaveCount(2);
      await shot(adminPage, 'admin-thread', true);
      await noViolations(adminPage);
      await adminPage.goto('/admin-inbox?compose=true');
      await expect(adminPage.getByTestId('compose-dialog').getByLabel('Subject')).toBeVisible();
      await shot(adminPage, 'admin-compose');
      await noViolations(adminPage, 'dialog[open]');
      await adminPage.goto('/admin-inbox?tab=contacts');
      await expect(adminPage.getByTestId('contact-item').first()).toBeVisible();
      await shot(adminPage, 'admin-contacts', true);
      await noViolations(adminPage);
      await adminPage.goto('/admin-inbox?tab=bulk');
      await expect(adminPage.getByTestId('bulk-recipient-count')).toHaveText(/recipient/);
      await shot(adminPage, 'admin-bulk', true);
      await noViolations(adminPage);
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
      await shot(adminPage, 'admin-outbox', true);
      await noViolations(adminPage);
    });

    test(`password screens of a guest, ${viewport.name}, ${theme} theme`, async ({ browser }) => {
      const guest = await (await browser.newContext({ viewport })).newPage();
      await guest.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await guest.goto('/forgot-password');
      await guest.getByLabel('Email').fill('someone@example.test');
      await guest.getByRole('button', { name: 'Send reset link' }).click();
      await expect(guest.getByTestId('forgot-password-answer')).toBeVisible();
      await shot(guest, 'forgot-password');
      await noViolations(guest);
      await guest.goto('/reset-password#token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
      await expect(guest.getByLabel('New password', { exact: true })).toBeVisible();
      await shot(guest, 'reset-password');
      await noViolations(guest);
    });
  }
}
