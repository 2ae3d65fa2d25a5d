// A real database per Vitest worker, copied from the one the global set-up migrated (global-setup.ts):
// an in-memory PGlite loaded from its dumped data directory by default, or, with DATABASE_URL, a
// clone of the template database on that server (`<name>_vitest_<worker>`). Test files share their
// worker's modules (vitest.config.ts: isolate false), so the database is opened by the worker's first
// file and kept for the others; useTestDatabase empties it before every test. No mocked Prisma anywhere.
import fs from 'node:fs';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/index.ts';
import { templateDatabaseUrl, withServerConnection, workerDatabaseUrl } from './database-names.ts';
import { recordSetUpTime } from './timings.ts';

let opened: Promise<Database> | null = null;
let workerUrl: string | undefined;

async function cloneTemplate(baseUrl: string): Promise<string> {
  const url = workerDatabaseUrl(baseUrl, process.env.VITEST_POOL_ID ?? '0');
  const name = new URL(url).pathname.slice(1);
  const template = new URL(templateDatabaseUrl(baseUrl)).pathname.slice(1);
  await withServerConnection(baseUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  });
  return url;
}

async function openTestDatabase(): Promise<Database> {
  const started = performance.now();
  const base = process.env.DATABASE_URL;
  let database: Database;
  if (base) {
    workerUrl = await cloneTemplate(base);
    database = await openDatabase({ databaseUrl: workerUrl, dataDir: null });
  } else {
    const imagePath = inject('embeddedImagePath');
    if (!imagePath) throw new Error('No migrated database image: run the tests through vitest.config.ts (its globalSetup makes one)');
    database = await openDatabase({ dataDir: null, embeddedImage: new Blob([fs.readFileSync(imagePath)]) });
  }
  recordSetUpTime(`worker ${process.env.VITEST_POOL_ID ?? '0'}: its copy of the template`, performance.now() - started);
  return database;
}

/** The worker's database, migrated; it lives as long as the worker (the global teardown drops a server's copies). */
export function testDatabase(): Promise<Database> {
  opened ??= openTestDatabase();
  return opened;
}

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
