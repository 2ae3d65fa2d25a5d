// Live updates in the browser (issue 16): while an admin works in the admin panel, the seller's
// dashboard and bell, and another admin's list, change without a reload and without polling.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createPrototype } from '../src/server/test/factories.ts';
import { expect, test } from './fixtures.ts';

/** Engine-specific (CI runs it again on PostgreSQL): events travel by LISTEN/NOTIFY on the database. */
const ENGINE = { tag: '@engine' };

interface StreamWatch {
  /** Events (pings included) the page's event streams have received. */
  streamEventAt: number;
  /** streamEventAt when the test started waiting for the next one. */
  streamEventSeen: number;
}

/** Counts the events of the page's EventSource streams (an init script: runs before the app). */
function watchStreamEvents() {
  const watch = window as unknown as StreamWatch;
  watch.streamEventAt = 0;
  watch.streamEventSeen = 0;
  const add = EventSource.prototype.addEventListener;
  EventSource.prototype.addEventListener = function (
    this: EventSource,
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) {
    const counted = (event: Event) => {
      watch.streamEventAt++;
      return typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event);
    };
    return add.call(this, type, counted, options);
  } as typeof EventSource.prototype.addEventListener;
}

/** Set once the page has loaded: still there later means the page was never reloaded. */
const markLoaded = (page: Page) => page.evaluate(() => Object.assign(window, { loadedOnce: true }));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce === true);

test(
  "the seller's dashboard and bell, and another admin's list, follow an admin's decisions live",
  ENGINE,
  async ({ browser, createUser, prisma, signInAs }) => {
    const tag = randomUUID().slice(0, 8);
    const name = `Live-${tag}`;
    const seller = await createUser({ firstName: 'Lena' });
    const acting = await createUser({ role: 'admin', firstName: 'Ada' });
    const watching = await createUser({ role: 'admin', firstName: 'Wes' });
    await createPrototype(prisma, seller.id, { prototypeName: name, status: 'under_review', stage: 'technical_evaluation' });

    const sellerPage = await (await browser.newContext()).newPage();
    const adminPage = await (await browser.newContext()).newPage();
    const watcherPage = await (await browser.newContext()).newPage();
    // Any polling left would show up as repeated list fetches; count the seller's prototype reads.
    let sellerListReads = 0;
    sellerPage.on('request', (request) => {
      if (request.url().includes('/trpc/') && request.url().includes('prototypes.dashboard')) sellerListReads++;
    });

    await sellerPage.clock.install(); // time flows as usual until the test moves it on
    await sellerPage.addInitScript(watchStreamEvents);
    await signInAs(sellerPage, seller);
    await sellerPage.goto('/seller-dashboard');
    const card = sellerPage.getByTestId('prototype-card').filter({ hasText: name });
    await expect(card).toContainText('Under review');
    await expect(sellerPage.getByTestId('notification-count')).toHaveCount(0);
    await markLoaded(sellerPage);

    await signInAs(watcherPage, watching);
    await watcherPage.goto(`/admin-panel?q=${tag}`);
    const watchedRow = watcherPage.getByTestId('prototype-row').filter({ hasText: name });
    await expect(watchedRow.getByText('Under review', { exact: true })).toBeVisible();
    await markLoaded(watcherPage);

    // Nothing is fetched on a timer: 40 s of the page's clock later (longer than the old 30 s and 3 s
    // polls), no list read went out. The jump starts right after a server ping: a stream that hears
    // nothing for 45 s rightly reconnects and refetches (ADR 0020), and a jump of the page's clock
    // skips the pings that would have come meanwhile.
    await sellerPage.evaluate(() => {
      const watch = window as unknown as StreamWatch;
      watch.streamEventSeen = watch.streamEventAt;
    });
    await sellerPage.waitForFunction(() => (window as unknown as StreamWatch).streamEventAt > (window as unknown as StreamWatch).streamEventSeen, null, {
      timeout: 30_000,
    });
    const readsAtRest = sellerListReads;
    expect(readsAtRest).toBeGreaterThan(0); // the counter sees the dashboard's read
    await sellerPage.clock.fastForward('00:40');
    await sellerPage.evaluate(() => fetch('/healthz')); // requests started before this one are seen by now
    expect(sellerListReads).toBe(readsAtRest);

    // The acting admin approves in the admin panel.
    await signInAs(adminPage, acting);
    await adminPage.goto(`/admin-panel?q=${tag}`);
    await adminPage.getByRole('button', { name: `Approve: ${name}` }).click();
    await expect(adminPage.getByTestId('toast').filter({ hasText: 'Prototype approved successfully' })).toBeVisible();

    // The seller sees it without reloading: the card, and a notification on the bell.
    await expect(card).toContainText('Approved');
    await expect(sellerPage.getByTestId('notification-count')).toHaveText('1');
    // So does the other admin, in their list.
    await expect(watchedRow.getByText('Approved', { exact: true })).toBeVisible();

    // A quote: the seller's card shows the amount and the counter moves.
    await adminPage.getByRole('button', { name: `Provide Quote: ${name}` }).click();
    const quoteDialog = adminPage.getByRole('dialog', { name: 'Provide Quote' });
    await quoteDialog.getByLabel('Quote amount (USD)').fill('31000');
    await quoteDialog.getByRole('button', { name: 'Provide Quote' }).click();
    await expect(card.getByTestId('quote-status')).toContainText('$31,000.00');
    await expect(sellerPage.getByTestId('summary-Quoted Prototypes')).toContainText('1');
    await expect(sellerPage.getByTestId('notification-count')).toHaveText('2');
    await expect(watchedRow.getByText('Quoted', { exact: true })).toBeVisible();

    expect(await stillSamePage(sellerPage)).toBe(true);
    expect(await stillSamePage(watcherPage)).toBe(true);
  },
);

test("a banned seller's open page signs out at once", ENGINE, async ({ browser, createUser, signInAs }) => {
  const seller = await createUser({ firstName: 'Bo' });
  const acting = await createUser({ role: 'admin' });
  const sellerPage = await (await browser.newContext()).newPage();
  await signInAs(sellerPage, seller);
  await sellerPage.goto('/seller-dashboard');
  await expect(sellerPage.getByTestId('user-menu-button')).toBeVisible();

  const adminApi = (await browser.newContext()).request;
  expect((await adminApi.post('/api/login', { data: { email: acting.email, password: acting.password } })).status()).toBe(200);
  expect((await adminApi.patch(`/api/admin/users/${seller.id}/status`, { data: { status: 'banned', banReason: 'Fraud' } })).status()).toBe(200);

  // The stream ends with 401; the page reads everything again and answers as to a signed-out visitor.
  await expect(sellerPage).toHaveURL(/\/login/);
  await expect(sellerPage.getByRole('link', { name: 'Login' })).toBeVisible();
});
