// @module-tag engine
// Engine-specific (CI runs it again on PostgreSQL): migrations and their advisory lock.
// The migration runner against a real database: idempotent, atomic per migration, safe to race.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';
import { openDatabase } from './index.ts';
import { applyUnderAdvisoryLock, migrate, readMigrations } from './migrate.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** A fresh, empty database: a new database on DATABASE_URL's server, or a new in-memory PGlite. */
async function freshPool(): Promise<pg.Pool[]> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `migrate_test_${process.env.VITEST_POOL_ID ?? 0}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const pools = [new pg.Pool({ connectionString: url.toString() }), new pg.Pool({ connectionString: url.toString() })];
    for (const pool of pools) pool.on('error', () => {});
    cleanups.push(async () => {
      await Promise.all(pools.map((p) => p.end()));
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    });
    return pools;
  }
  const embedded = await startEmbeddedPostgres(null);
  const pools = [new pg.Pool({ ...embedded.poolConfig, max: 3 }), new pg.Pool({ ...embedded.poolConfig, max: 3 })];
  cleanups.push(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await embedded.stop();
  });
  return pools;
}

// Applying every migration to a fresh embedded database takes 15-20 s on an idle 2-core machine, more
// while the rest of the suite runs beside it: these tests wait for it rather than time out.
const EVERY_MIGRATION = { timeout: 120_000 };

describe('migrate', () => {
  it('applies every migration once, recorded the way Prisma records them', EVERY_MIGRATION, async () => {
    const [pool] = await freshPool();
    const migrations = readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(await migrate(pool!)).toEqual(migrations.map((m) => m.name));
    expect(await migrate(pool!)).toEqual([]);
    const { rows } = await pool!.query('SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name');
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
    expect(rows[0].checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.every((r) => r.finished_at)).toBe(true);
  });

  it('two instances starting at once do not race: each migration is applied exactly once', EVERY_MIGRATION, async () => {
    const [a, b] = await freshPool();
    // On a PostgreSQL server the advisory lock alone must hold (separate processes share no memory);
    // PGlite has a single backend session, so there the in-process queue does the ordering.
    const run = process.env.DATABASE_URL ? (pool: pg.Pool) => applyUnderAdvisoryLock(pool, readMigrations()) : migrate;
    const [first, second] = await Promise.all([run(a!), run(b!)]);
    expect([...first!, ...second!].sort()).toEqual(readMigrations().map((m) => m.name));
    const { rows } = await a!.query('SELECT count(*)::int AS n FROM "_prisma_migrations"');
    expect(rows[0].n).toBe(readMigrations().length);
  });

  it('a failing migration leaves nothing behind and is not recorded', async () => {
    const [pool] = await freshPool();
    const broken = [
      { name: '1_ok', sql: 'CREATE TABLE ok_table (id int);', checksum: 'a'.repeat(64) },
      { name: '2_broken', sql: 'CREATE TABLE half_done (id int);\nSELECT * FROM missing_table;', checksum: 'b'.repeat(64) },
    ];
    await expect(migrate(pool!, broken)).rejects.toThrow(/2_broken failed and was rolled back/);
    const tables = await pool!.query(`SELECT tablename FROM pg_tables WHERE tablename IN ('ok_table', 'half_done')`);
    expect(tables.rows.map((r) => r.tablename)).toEqual(['ok_table']);
    const recorded = await pool!.query('SELECT migration_name FROM "_prisma_migrations"');
    expect(recorded.rows.map((r) => r.migration_name)).toEqual(['1_ok']);
  });
});

describe('embedded database', () => {
  it('keeps its data on disk across restarts', EVERY_MIGRATION, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-restart-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = await openDatabase({ dataDir });
    await first.prisma.contact.create({ data: { name: 'Kept', email: 'k@example.test', subject: 'general', message: 'Hello' } });
    await first.close();
    const second = await openDatabase({ dataDir });
    expect(await second.prisma.contact.findMany({ select: { name: true } })).toEqual([{ name: 'Kept' }]);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
    await second.close();
  });
});
