// A real database per Vitest worker: an in-memory PGlite by default, or a fresh database on the
// PostgreSQL server named by DATABASE_URL (`<name>_vitest_<worker>`). No mocked Prisma anywhere.
import pg from 'pg';
import { afterAll } from 'vitest';
import { type Database, openDatabase } from '../db/index.ts';

let opened: Promise<Database> | null = null;
let workerUrl: string | undefined;

async function createWorkerDatabase(baseUrl: string): Promise<string> {
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1) || 'postgres'}_vitest_${process.env.VITEST_POOL_ID ?? '0'}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** The worker's database, migrated; opened once per worker and closed after its files. */
export function testDatabase(): Promise<Database> {
  opened ??= (async () => {
    const base = process.env.DATABASE_URL;
    workerUrl = base ? await createWorkerDatabase(base) : undefined;
    return openDatabase({ databaseUrl: workerUrl, dataDir: null });
  })();
  return opened;
}

afterAll(async () => {
  if (opened) await (await opened).close();
  opened = null;
});

/**
 * A second connection pool to the worker's database, as another app instance would open it: on a
 * PostgreSQL server only (the embedded database belongs to one process). The caller closes it.
 */
export async function openAnotherInstanceDatabase(): Promise<Database | null> {
  await testDatabase();
  return workerUrl ? openDatabase({ databaseUrl: workerUrl, dataDir: null }) : null;
}

/** Empties every table (keeps the migration history) so each test starts from nothing. */
export async function resetDatabase(db: Database) {
  const { rows } = await db.pool.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
  );
  if (rows.length === 0) return;
  await db.pool.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
}
