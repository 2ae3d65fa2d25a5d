// Issue 34, points 4 and 9, on a phone and a desktop. The admin's permission form offers what can be
// granted to this user (never an administrator capability to a seller), says in words what each
// change does, and puts each error under its own field. The seller meets every revoked capability
// before trying: the action disabled or replaced, with the admin's reason and until when; the
// server refuses as before.
import type { Locator } from '@playwright/test';
import { createAdminMessage, createPrototype } from '../src/server/test/factories.ts';
import { expect, test } from './fixtures.ts';
import { DESKTOP, VIEWPORTS, expectAccessibleAt, expectNoSidewaysScroll, screenshotInBothThemes } from './screens.ts';

const SHOTS = 'test-results/issue-34';
const SELLER_CAPABILITIES = ['prototypes.submit', 'documents.upload', 'messages.reply', 'tickets.open', 'reports.file'];

/** `date` as a datetime-local input holds it (the browser's local time). */
const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
/** How the permission screens write an end (formatUtcDateTime, src/shared/format.ts). */
const written = (date: Date) =>
  `${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date)} UTC`;
const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setSeconds(0, 0);
  return date;
};

async function optionValues(select: Locator) {
  await expect(select).toBeVisible();
  return select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

// The tests run on a desktop; each screen is checked at a phone's width and a desktop's with one
// load (no sideways scrolling, axe in both themes; ADR 0043).
test.use({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });

test('the permission form offers what can be granted, says what it does, and puts each error under its field (point 9)', async ({
  page,
  createUser,
  signInAs,
}) => {
  const seller = await createUser({ firstName: 'Greta' });
  const moderator = await createUser({ role: 'admin', firstName: 'Mo' });
  await signInAs(page, moderator, `/admin/users/${seller.id}`);
  const form = page.getByTestId('permission-form');
  const capability = form.getByLabel('Capability', { exact: true });
  const reason = form.getByLabel('Reason (required; the user sees it)');
  const until = form.getByLabel('Until (optional, your local time)');

  // Revoke offers the seller's own capabilities, no administrator one.
  expect(await optionValues(capability)).toEqual(SELLER_CAPABILITIES);
  // Grant: a seller holding everything a seller can have has nothing to be granted.
  await form.getByLabel('Grant', { exact: true }).check();
  await expect(form.getByTestId('nothing-to-grant')).toContainText('administrator capabilities are granted only to administrators');
  await expect(capability).toHaveCount(0);
  await form.getByLabel('Revoke', { exact: true }).check();

  // Each error under its own field (and read with it).
  await capability.selectOption('messages.reply');
  await expect(form.getByTestId('permission-effect')).toHaveText(
    'They can no longer reply to messages, write to the team or answer information requests, until further notice. The screens that offer it say so, with your reason.',
  );
  await until.fill(localInput(inDays(-1)));
  await form.getByRole('button', { name: 'Revoke' }).click();
  await expect(reason).toHaveAccessibleDescription('Reason is required');
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(until).not.toHaveAttribute('aria-invalid', 'true');
  await reason.fill('Replies insulted the reviewers');
  await form.getByRole('button', { name: 'Revoke' }).click();
  await expect(until).toHaveAccessibleDescription(/The expiry must be in the future/);
  await expect(reason).not.toHaveAttribute('aria-invalid', 'true');
  // Labels above their fields, errors below them (phone and desktop alike: the same page, resized).
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const [labelBox, fieldBox, errorBox] = await Promise.all([
      form.locator('label', { hasText: 'Until (optional' }).boundingBox(),
      until.boundingBox(),
      form.getByText('The expiry must be in the future').boundingBox(),
    ]);
    expect(labelBox!.y + labelBox!.height, viewport.name).toBeLessThanOrEqual(fieldBox!.y + 1);
    expect(errorBox!.y, viewport.name).toBeGreaterThanOrEqual(fieldBox!.y + fieldBox!.height - 1);
    await expectNoSidewaysScroll(page, viewport.name);
    await screenshotInBothThemes(page, `${SHOTS}/permission-form-errors-${viewport.name}`, false);
  }
  await page.setViewportSize(DESKTOP);

  const end = inDays(5);
  await until.fill(localInput(end));
  await expect(form.getByTestId('permission-effect')).toHaveText(
    `They can no longer reply to messages, write to the team or answer information requests, until ${written(end)}. The screens that offer it say so, with your reason.`,
  );
  await form.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Permission revoked' })).toBeVisible();
  await expect(page.getByTestId('capability-messages.reply')).toContainText(`Override until ${written(end)}`);

  // Now the grant offers exactly what was taken away, and says what giving it back does.
  await form.getByLabel('Grant', { exact: true }).check();
  expect(await optionValues(capability)).toEqual(['messages.reply']);
  const back = inDays(2);
  await until.fill(localInput(back));
  await expect(form.getByTestId('permission-effect')).toHaveText(
    `Lets them reply to messages, write to the team or answer information requests again until ${written(back)}, then the revocation (until ${written(end)}) applies again.`,
  );
  await expect(capability).toHaveAccessibleDescription(/Lets them reply to messages/);
  await expectAccessibleAt(page, VIEWPORTS, { include: '[data-testid="permissions-section"]', shot: `${SHOTS}/permission-grant` });
  await reason.fill('Apologised to the team');
  await form.getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Permission granted' })).toBeVisible();
  await expect(page.getByTestId('capability-messages.reply')).toContainText(`Override until ${written(back)}`);
  await expect(form.getByTestId('nothing-to-grant')).toBeVisible();

  // The server keeps the same table: an administrator capability for a seller is refused.
  const refused = await page.request.post(`/api/admin/users/${seller.id}/permissions`, {
    data: { permission: 'payouts.manage', granted: true, reason: 'Help with month end' },
  });
  expect(refused.status()).toBe(400);

  // An administrator whose payouts.manage was revoked can be granted it back, and only that.
  const treasurer = await createUser({ role: 'admin', firstName: 'Tess' });
  const revoked = await page.request.post(`/api/admin/users/${treasurer.id}/permissions`, {
    data: { permission: 'payouts.manage', granted: false, reason: 'Separation of duties' },
  });
  expect(revoked.status()).toBe(201);
  await page.goto(`/admin/users/${treasurer.id}`);
  await form.getByLabel('Grant', { exact: true }).check();
  expect(await optionValues(capability)).toEqual(['payouts.manage']);
  await expect(form.getByTestId('permission-effect')).toHaveText('Lets them see and make payouts again, with no end. (Now revoked until further notice.)');
  await form.getByLabel('Revoke', { exact: true }).check();
  expect(await optionValues(capability)).toHaveLength(11);
});

test('a seller meets each revoked capability before trying: disabled or replaced, with the reason and until when (point 4)', async ({
  page,
  browser,
  prisma,
  createUser,
  signInAs,
}) => {
  const seller = await createUser({ firstName: 'Rafa' });
  const moderator = await createUser({ role: 'admin' });
  const { id: prototypeId } = await createPrototype(prisma, seller.id, { prototypeName: 'Salt Battery', status: 'under_review' });
  const message = await createAdminMessage(prisma, seller.id, { subject: 'About your battery' });

  const adminContext = await browser.newContext();
  await signInAs(await adminContext.newPage(), moderator);
  const end = inDays(4);
  const revocations = [
    { permission: 'prototypes.submit', reason: 'Three duplicate submissions this week', expiresAt: null },
    { permission: 'messages.reply', reason: 'Replies insulted the reviewers', expiresAt: end },
    { permission: 'tickets.open', reason: 'Tickets used for sales pitches', expiresAt: end },
    { permission: 'reports.file', reason: 'Reports filed in bulk', expiresAt: null },
    { permission: 'documents.upload', reason: 'A file carried malware', expiresAt: end },
  ];
  for (const r of revocations) {
    const res = await adminContext.request.post(`/api/admin/users/${seller.id}/permissions`, {
      data: { permission: r.permission, granted: false, reason: r.reason, expiresAt: r.expiresAt?.toISOString() },
    });
    expect(res.status()).toBe(201);
  }
  await adminContext.close();

  const revokedAction = (name: string) => page.getByRole('button', { name, exact: true });

  // Dashboard: Add Prototype disabled, saying why until further notice; no second way to the form.
  await signInAs(page, seller, '/seller-dashboard');
  await expect(revokedAction('Add Prototype')).toBeDisabled();
  await expect(revokedAction('Add Prototype')).toHaveAccessibleDescription(
    'Revoked by an administrator until further notice. Reason: Three duplicate submissions this week',
  );
  await expect(page.getByRole('link', { name: 'Submit Another' })).toHaveCount(0);
  await expectAccessibleAt(page, VIEWPORTS, { shot: `${SHOTS}/revoked-dashboard` });

  // The submission page explains instead of a form.
  await page.goto('/prototype-submission');
  const submitNotice = page.getByTestId('capability-notice');
  await expect(submitNotice).toContainText('You cannot submit prototypes right now.');
  await expect(submitNotice.getByTestId('capability-until')).toHaveText('until further notice');
  await expect(submitNotice.getByTestId('capability-reason')).toHaveText('Reason: Three duplicate submissions this week');
  await expect(page.getByRole('button', { name: 'Submit Prototype' })).toHaveCount(0);

  // Messages: Reply disabled until the end, with the reason; reporting a message likewise.
  await page.goto(`/messages?id=${message.id}`);
  await expect(page.getByTestId('message-detail')).toContainText('About your battery');
  await expect(revokedAction('Reply')).toBeDisabled();
  await expect(revokedAction('Reply')).toHaveAccessibleDescription(`Revoked by an administrator until ${written(end)}. Reason: Replies insulted the reviewers`);
  await expect(revokedAction('Report a message')).toHaveAccessibleDescription(
    'Revoked by an administrator until further notice. Reason: Reports filed in bulk',
  );
  await expect(page.getByTestId('report-message')).toHaveCount(0);
  await expectAccessibleAt(page, VIEWPORTS, { shot: `${SHOTS}/revoked-messages` });
  // The server refuses all the same.
  const refused = await page.request.post('/api/messages/reply', { data: { parentMessageId: message.id, subject: 'Re: battery', message: 'Hello' } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toContain('"messages.reply"');

  // The prototype's page: Report disabled, no drop area for documents (why, until when), no team message.
  await page.goto(`/prototypes/${prototypeId}`);
  await expect(revokedAction('Report')).toHaveAccessibleDescription('Revoked by an administrator until further notice. Reason: Reports filed in bulk');
  const uploadNotice = page.getByTestId('capability-notice').and(page.locator('[data-capability="documents.upload"]'));
  await expect(uploadNotice).toContainText('You cannot upload documents right now.');
  await expect(uploadNotice.getByTestId('capability-until')).toHaveText(`until ${written(end)}`);
  await expect(uploadNotice.getByTestId('capability-reason')).toHaveText('Reason: A file carried malware');
  await expect(page.getByText('Add documents')).toHaveCount(0);

  // Support: the page says why instead of a list it may not read.
  await page.goto('/support');
  const ticketNotice = page.getByTestId('capability-notice');
  await expect(ticketNotice).toContainText('You cannot open or follow support tickets right now.');
  await expect(ticketNotice.getByTestId('capability-until')).toHaveText(`until ${written(end)}`);
  await expect(ticketNotice.getByTestId('capability-reason')).toHaveText('Reason: Tickets used for sales pitches');
  await expect(page.getByRole('button', { name: 'New ticket' })).toHaveCount(0);
  await expect(page.locator('.alert-error')).toHaveCount(0);
  await expectAccessibleAt(page, VIEWPORTS, { shot: `${SHOTS}/revoked-support` });

  // The profile lists every limit.
  await page.goto('/profile');
  const card = page.getByTestId('my-permissions-card');
  await expect(card.getByRole('listitem')).toHaveCount(5);
  const tickets = card.getByRole('listitem').filter({ hasText: 'Open support tickets' });
  await expect(tickets).toContainText(`until ${written(end)}`);
  await expect(tickets).toContainText('Reason: Tickets used for sales pitches');
});

test('the payouts page is titled as the menu names it and does not link to itself', async ({ page, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Paz' });
  await signInAs(page, seller, '/seller-dashboard');
  await expect(page.getByTestId('payout-account-card').getByRole('link', { name: 'View all transactions' })).toHaveAttribute('href', '/payouts');
  await page.goto('/payouts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payouts');
  await expect(page).toHaveTitle(/^Payouts/);
  await expect(page.getByTestId('payout-account-card')).toBeVisible();
  await expect(page.locator('#main a[href="/payouts"]')).toHaveCount(0);
});
