// Playwright fixtures: a pg pool and a Prisma client on the server's database, users created in it
// through the shared factories (src/server/test/factories.ts), and signed-in pages. Test data uses
// unique emails, so tests can run in parallel.
import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { SESSION_COOKIE, createSession } from '../src/server/auth/session.ts';
import type { Db } from '../src/server/db/index.ts';
import { attestAdmin as attestAdminRows, createUser as createUserRow } from '../src/server/test/factories.ts';
import { E2E_ADMIN } from '../playwright.config.ts';
import { e2eDatabaseUrl } from './database-url.ts';

export { expect };
export const PASSWORD = 'e2e-password-1';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
}

export const test = base.extend<
  {
    page: Page;
    closeOpenedContexts: void;
    createUser: (fields?: {
      role?: 'user' | 'admin';
      firstName?: string;
      status?: 'active' | 'restricted' | 'banned';
      banReason?: string;
    }) => Promise<TestUser>;
    signInAs: (page: Page, who: { email: string }, open?: string) => Promise<void>;
    /** The admin accepted the current confidentiality terms and attested for the prototype (ADR 0045). */
    attestAdmin: (who: { email: string }, prototypeId: number) => Promise<void>;
  },
  { db: pg.Pool; prisma: Db }
>({
  db: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; one without any must still write {}
    async ({}, use) => {
      const pool = new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 1 });
      await use(pool);
      await pool.end();
    },
    { scope: 'worker' },
  ],
  /** For the shared factories (createPrototype(prisma, ...)). */
  prisma: [
    async ({ db }, use) => {
      const prisma = new PrismaClient({ adapter: new PrismaPg(db) });
      await use(prisma);
      await prisma.$disconnect();
    },
    { scope: 'worker' },
  ],
  // Contexts a test opens with browser.newContext() outlive it unless closed; left open, their pages
  // keep live streams (ADR 0020) and refetch on every event for the rest of the worker's run.
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
  // Public pages arrive as pre-rendered HTML and become live when the app has hydrated them
  // (src/routes/__root.tsx marks <html data-hydrated>): navigations wait for that before a test acts.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const live = () => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await live();
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await live();
      return response;
    };
    await use(page);
  },
  createUser: async ({ prisma }, use) => {
    await use(async (fields = {}) => {
      const email = `e2e-${randomUUID().slice(0, 8)}@atomix.test`;
      const firstName = fields.firstName ?? 'Erin';
      const user = await createUserRow(prisma, {
        email,
        password: PASSWORD,
        firstName,
        lastName: 'Tester',
        role: fields.role ?? 'user',
        status: fields.status ?? 'active',
        banReason: fields.banReason ?? null,
      });
      return { id: user.id, email, password: PASSWORD, firstName };
    });
  },
  attestAdmin: async ({ prisma }, use) => {
    await use(async (who, prototypeId) => {
      const { id } = await prisma.user.findUniqueOrThrow({ where: { email: who.email.toLowerCase() }, select: { id: true } });
      await attestAdminRows(prisma, id, prototypeId);
    });
  },
  // A session made in the database and its cookie given to the page's browser context, as a sign-in
  // would leave them: the tests that are not about signing in skip the form (ADR 0028). `open`
  // is where to go next (the page is blank until then).
  signInAs: async ({ prisma, baseURL }, use) => {
    await use(async (page, who, open) => {
      const { id } = await prisma.user.findUniqueOrThrow({ where: { email: who.email.toLowerCase() }, select: { id: true } });
      const { token } = await createSession(prisma, id, 30);
      await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
      if (open) await page.goto(open);
    });
  },
});

/** Signs in through the form: for the tests about signing in. Others use the signInAs fixture. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Logged in successfully!' })).toBeVisible();
}

export const admin = E2E_ADMIN;
