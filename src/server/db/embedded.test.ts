// The embedded PGlite runs with the settings this app chose for it (ADR 0021).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';
import { openDatabase } from './index.ts';

describe('startEmbeddedPostgres', () => {
  it('keeps shared buffers small (they live in the process), its pool connection open, and serves the pg driver', async () => {
    const embedded = await startEmbeddedPostgres(null);
    const client = new pg.Client(embedded.poolConfig);
    try {
      await client.connect();
      expect((await client.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]?.shared_buffers).toBe('32MB');
      // Its one pool connection stays open while idle.
      expect(embedded.poolConfig).toMatchObject({ max: 1, idleTimeoutMillis: 0 });
    } finally {
      await client.end();
      await embedded.stop();
    }
  });
});

describe('startEmbeddedPostgres, its thread', () => {
  it('stops once its thread has ended, and a second stop or a dump after it fails fast instead of waiting', async () => {
    const embedded = await startEmbeddedPostgres(null);
    await embedded.stop();
    await expect(embedded.stop()).resolves.toBeUndefined();
    await expect(embedded.dumpImage()).rejects.toThrow('embedded database thread has ended');
  });
});

describe('openDatabase, embedded', () => {
  it("vacuums and analyses the database now and then, as a server's autovacuum would", async () => {
    const database = await openDatabase({ dataDir: null, embeddedVacuumEveryMs: 50 });
    try {
      const vacuums = async () =>
        Number(
          (await database.pool.query<{ vacuum_count: string }>("SELECT vacuum_count FROM pg_stat_user_tables WHERE relname = 'users'")).rows[0]?.vacuum_count,
        );
      expect(await vacuums()).toBe(0);
      await expect.poll(vacuums, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
