import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'server.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Each worker gets its own database (src/server/test/database.ts); forks keep PGlite's WASM heaps apart.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
