// The public pages' first load, from the build the suite runs against (dist/client): the home page's
// JavaScript stays under its budget (ADR 0007; `npm run bench:web` prints every page's figures). Bytes
// of a build, not time: the same build gives the same figure. It came within 0.3 KB of the budget once
// without anyone noticing (the toasts' error helper had pulled the whole tRPC client in).
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { HOME_JS_TARGET_KB, firstLoadBytes } from '../scripts/first-load.ts';

test("the home page's first-load JavaScript stays under its budget", () => {
  const home = firstLoadBytes(path.resolve('dist/client'), 'src/routes/index.tsx');
  expect(home.jsFiles.length).toBeGreaterThan(1);
  expect(home.js, `home page JS ${(home.js / 1024).toFixed(1)} KB gzip in ${home.jsFiles.join(', ')}`).toBeLessThan(HOME_JS_TARGET_KB * 1024);
});
