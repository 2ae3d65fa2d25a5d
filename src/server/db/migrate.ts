// Applies prisma/migrations the way `prisma migrate deploy` does, without Prisma's native engine:
// each migration in its own transaction, recorded in Prisma's _prisma_migrations table with the same
// checksum, under an advisory lock so that app instances starting together do not race.
// Stock `prisma migrate status/deploy` agree with what this writes (docs/decisions/0002).
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Pool } from 'pg';

/** prisma/migrations of this checkout, found from the source (src/server/db) or the compiled server (dist/server). */
export const MIGRATIONS_DIR = findUp(import.meta.dirname, path.join('prisma', 'migrations'));

function findUp(from: string, relative: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, relative);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${relative} not found in ${from} or above`);
  }
}
/** Arbitrary constant shared by every instance: "atomix" as a number. */
const MIGRATION_LOCK_ID = 0x61746f6d6978;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

const CREATE_HISTORY_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// Calls in one process queue up here; the advisory lock orders processes. (On PGlite every
// connection shares one backend session, where an advisory lock cannot exclude anyone.)
let queue: Promise<unknown> = Promise.resolve();

/** Returns the names of the migrations it applied. */
export function migrate(pool: Pool, migrations = readMigrations(), log: (line: string) => void = () => {}) {
  const run = queue.then(() => applyUnderAdvisoryLock(pool, migrations, log));
  queue = run.catch(() => {});
  return run;
}

/** The cross-process part alone: what two app instances on one PostgreSQL server rely on. */
export async function applyUnderAdvisoryLock(pool: Pool, migrations: Migration[], log: (line: string) => void = () => {}) {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(CREATE_HISTORY_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const failed = rows.find((row) => row.finished_at === null);
    if (failed) {
      throw new Error(`Migration ${failed.migration_name} failed earlier and was not rolled back; resolve it before starting.`);
    }
    const done = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    for (const migration of migrations) {
      const recorded = done.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) log(`warning: migration ${migration.name} was edited after it was applied`);
        continue;
      }
      await client.query('BEGIN');
      try {
        // The whole file in one simple-protocol query: statements, $$ bodies and comments stay intact.
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`, {
          cause: error,
        });
      }
      applied.push(migration.name);
      log(`applied migration ${migration.name}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  return applied;
}
