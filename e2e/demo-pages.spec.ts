// Every seller and admin page of every prototype of the demo data renders without a page error
// (issue 34, point 1): the demo seed (npm run db:seed) is loaded into the test database, then each
// prototype's seller page (as its seller), its evaluation page, and each
// demo user's admin page are opened. Any uncaught error, or the app's error screen, fails the test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { seedDemoData } from '../src/server/demo-data.ts';
import { keyring } from '../src/server/storage/document-encryption.ts';
import { createEncryptedDocumentStore } from '../src/server/storage/encrypted-store.ts';
import { createPostgresDocumentStore } from '../src/server/storage/postgres-store.ts';
import { admin, expect, test } from './fixtures.ts';
import { E2E_DOCUMENT_KEY } from '../playwright.config.ts';

test.describe.configure({ mode: 'serial' });

/** Opens `url` and waits for its main heading; fails on any page error or the error screen. */
async function expectRenders(page: Page, url: string, errors: string[]) {
  errors.length = 0;
  await page.goto(url);
  await expect(page.locator('#main h1').first()).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(errors, `page errors on ${url}`).toEqual([]);
}

test('every seller and admin page of every demo prototype renders', async ({ page, prisma, signInAs }) => {
  test.setTimeout(300_000);
  const spool = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-demo-e2e-'));
  try {
    // The end-to-end server reaches its database over a socket, so it keeps documents in it (sealed under its key).
    const documentStore = createEncryptedDocumentStore(createPostgresDocumentStore(prisma, spool), prisma, () =>
      keyring(Buffer.from(E2E_DOCUMENT_KEY, 'base64')),
    );
    await seedDemoData(prisma, { documentStore });
  } finally {
    fs.rmSync(spool, { recursive: true, force: true });
  }
  const prototypes = await prisma.prototype.findMany({
    where: { seller: { email: { endsWith: '@demo.atomix.test' } } },
    select: { id: true, prototypeName: true, seller: { select: { id: true, email: true } } },
    orderBy: { id: 'asc' },
  });
  expect(prototypes.length).toBeGreaterThan(10);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  for (const seller of new Map(prototypes.map((p) => [p.seller.id, p.seller])).values()) {
    await page.context().clearCookies();
    await signInAs(page, seller);
    await expectRenders(page, '/seller-dashboard', errors);
    for (const prototype of prototypes.filter((p) => p.seller.id === seller.id)) {
      await expectRenders(page, `/prototypes/${prototype.id}`, errors);
      await expect(page.getByRole('heading', { level: 1, name: prototype.prototypeName })).toBeVisible();
    }
  }

  await page.context().clearCookies();
  await signInAs(page, admin);
  for (const prototype of prototypes) {
    await expectRenders(page, `/admin-panel/prototypes/${prototype.id}/evaluation`, errors);
  }
  const demoUsers = await prisma.user.findMany({ where: { email: { endsWith: '@demo.atomix.test' } }, select: { id: true } });
  for (const user of demoUsers) await expectRenders(page, `/admin/users/${user.id}`, errors);
});
