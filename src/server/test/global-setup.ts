// Vitest's global set-up: the migrations run once per run, and every test file starts from a copy
// (ADR 0028). Embedded: a migrated PGlite's data directory, dumped to a file that each file loads
// (~0.3 s instead of ~1.5 s of initdb and migrations). PostgreSQL server: a migrated template
// database that each file clones with CREATE DATABASE ... TEMPLATE (~0.15 s).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { dropTestDatabases, templateDatabaseUrl, withServerConnection } from './database-names.ts';
import { recordSetUpTime } from './timings.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated embedded database's data directory, as a tarball (embedded runs only). */
    embeddedImagePath: string | null;
  }
}

export async function setup(project: TestProject) {
  const started = performance.now();
  const base = process.env.DATABASE_URL;
  let cleanUp = async () => {};
  if (base) {
    const template = new URL(templateDatabaseUrl(base)).pathname.slice(1);
    // Left by an interrupted run, perhaps of an older schema: every worker database is made anew from the template.
    await dropTestDatabases(base);
    await withServerConnection(base, (client) => client.query(`CREATE DATABASE "${template}"`));
    const pool = new pg.Pool({ connectionString: templateDatabaseUrl(base), max: 1 });
    try {
      await migrate(pool);
    } finally {
      await pool.end();
    }
    project.provide('embeddedImagePath', null);
    cleanUp = () => dropTestDatabases(base);
  } else {
    const embedded = await startEmbeddedPostgres(null);
    const pool = new pg.Pool(embedded.poolConfig);
    let image: Blob;
    try {
      await migrate(pool);
    } finally {
      await pool.end();
    }
    try {
      image = await embedded.dumpImage();
    } finally {
      await embedded.stop();
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-vitest-'));
    const imagePath = path.join(dir, 'migrated.tar');
    fs.writeFileSync(imagePath, Buffer.from(await image.arrayBuffer()));
    project.provide('embeddedImagePath', imagePath);
    cleanUp = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  recordSetUpTime('(once) migrate the template', performance.now() - started);
  return cleanUp;
}
