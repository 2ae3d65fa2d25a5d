import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:timings` sets TEST_TIMINGS_DIR: the JSON report lands there too (scripts/test-timings.ts).
const timingsDir = process.env.TEST_TIMINGS_DIR;

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // The migrations run once per run; each test file starts from a copy (src/server/test/global-setup.ts, ADR 0028).
    globalSetup: ['src/server/test/global-setup.ts'],
    // Files share their worker's modules and database (emptied before each test): a fresh module graph
    // and PGlite per file cost ~1.2 s each, most of the run (ADR 0028). Module mocks (vi.mock) do not
    // work across shared modules: spy on a class's prototype instead.
    isolate: false,
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    tags: [
      {
        name: 'engine',
        description:
          'Depends on the database engine: races and locks (PGlite runs one query at a time, so only a server shows them), ' +
          'LISTEN/NOTIFY, several instances on one database, documents stored in PostgreSQL, migrations. ' +
          'CI runs these again on PostgreSQL (`npm run test:postgres`).',
      },
    ],
    reporters: timingsDir ? ['default', ['json', { outputFile: path.join(timingsDir, 'vitest.json') }]] : ['default'],
  },
});
