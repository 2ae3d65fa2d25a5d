import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ADMIN = { email: 'e2e-admin@atomix.test', password: 'E2e-admin-password-1' };

/**
 * Specs whose behaviour does not depend on the database engine (pre-rendered public pages, motion,
 * hydration, navigation, accessibility scans of screens): CI's PostgreSQL pass sets
 * E2E_DATABASE_SPECS_ONLY and leaves them to the embedded pass (ADR 0025).
 */
const ENGINE_INDEPENDENT_SPECS = [
  'public-pages.spec.ts',
  'public-motion.spec.ts',
  'before-hydration.spec.ts',
  'navigation.spec.ts',
  'admin-a11y.spec.ts',
  'messages-a11y.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  testIgnore: process.env.E2E_DATABASE_SPECS_ONLY ? ENGINE_INDEPENDENT_SPECS.map((file) => `**/${file}`) : [],
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // CI machines are shared and 2-core; their speed varies by several times between runs, and the
  // longest flows (a11y scans, lifecycle) neared 60 s on a slow one.
  timeout: process.env.CI ? 150_000 : 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // A fresh database for every run: embedded (new DATA_DIR) or `<DATABASE_URL db>_e2e` on a real server.
    command: 'tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      NODE_ENV: 'production',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_REQUESTS: 'false',
      E2E_DB_PORT: process.env.E2E_DB_PORT ?? '54329',
    },
  },
});
