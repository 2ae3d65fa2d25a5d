// Starts the built app for Playwright on a fresh database that the tests can also read:
// - DATABASE_URL set: a new database `<name>_e2e` on that server;
// - otherwise: a new embedded PGlite in a temporary DATA_DIR, served on 127.0.0.1:E2E_DB_PORT through
//   e2e/one-exchange-at-a-time.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { e2eDatabaseUrl } from '../e2e/database-url.ts';
import { startOneExchangeAtATime } from '../e2e/one-exchange-at-a-time.ts';

const target = e2eDatabaseUrl();
if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = new URL(target).pathname.slice(1);
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-e2e-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  // The server and the tests' fixtures share the one PGlite session: one exchange at a time.
  const proxy = await startOneExchangeAtATime(Number(new URL(target).port), embedded.socketPath);
  const stop = async () => {
    await proxy.close();
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  // PGlite is one session: one connection from the app (see src/server/db/embedded.ts).
  process.env.DATABASE_POOL_MAX = '1';
  process.once('SIGTERM', () => void stop());
}
process.env.DATABASE_URL = target;
if (!process.env.DATA_DIR) {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-e2e-files-'));
  process.env.DATA_DIR = filesDir;
  process.on('exit', () => fs.rmSync(filesDir, { recursive: true, force: true }));
}
// The compiled server, as `npm run serve` runs it (`npm run test:e2e` builds it first).
const compiled = path.resolve(import.meta.dirname, '../dist/server/server.js');
if (!fs.existsSync(compiled)) throw new Error(`${compiled} is missing: run \`npm run build\` first`);
await import(compiled);
