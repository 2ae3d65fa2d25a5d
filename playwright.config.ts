import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ADMIN = { email: 'e2e-admin@atomix.test', password: 'E2e-admin-password-1' };
/** The documents' master key of the end-to-end server (test data only), which fixtures that store documents share. */
export const E2E_DOCUMENT_KEY = 'MVHTYAAIgCKfXCP20r4o8q13qiXmSEr0oKwHhLDpRuo=';

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, what Playwright itself
 * runs headless) where installed, about a fifth lighter than the full browser; else the browser.
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';
}

// `npm run test:timings` sets TEST_TIMINGS_DIR: the JSON report lands there too (scripts/test-timings.ts).
const timingsDir = process.env.TEST_TIMINGS_DIR;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two at least: Playwright's default (half the cores) is one on a 2-core machine, where the browser
  // and the server still leave room for a second worker.
  workers: Math.max(2, Math.floor(os.availableParallelism() / 2)),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    ...(timingsDir ? [['json', { outputFile: path.join(timingsDir, 'playwright.json') }] as const] : []),
  ],
  // CI machines are shared and 2-core; their speed varies by several times between runs, and the
  // longest flows (a11y scans, lifecycle) neared 60 s on a slow one.
  timeout: process.env.CI ? 150_000 : 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace for every test costs about a seventh of the run; under CI a failure leaves its
    // message and screenshot, and `npx playwright test --trace on` records one where it is needed.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // Every test but the ones about motion (public-motion.spec.ts sets it back) runs as a user who
    // asked for less motion: the public pages' endless animations otherwise keep the headless
    // browser's software compositor drawing 60 frames a second for the whole test (ADR 0052).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
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
      DOCUMENT_ENCRYPTION_KEY: E2E_DOCUMENT_KEY,
      LOG_REQUESTS: 'false',
      E2E_DB_PORT: process.env.E2E_DB_PORT ?? '54329',
    },
  },
});
