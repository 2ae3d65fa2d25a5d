// The embedded PGlite runs with the settings this app chose for it (ADR 0021).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

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
