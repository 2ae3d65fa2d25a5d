// @module-tag engine
// Engine-specific (CI runs it again on PostgreSQL): several server processes starting on one database at once.
// Real `server.ts` processes started at the same moment: every start-up step (migrations, first
// admin, worker) must be safe to race, as when a deploy starts several instances at once.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The documents' master key that instances on one PostgreSQL database share. */
const SHARED_KEY = randomBytes(32).toString('base64');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

interface RunningServer {
  /** Resolves with the server's address once it listens; rejects if the process exits first. */
  listening: Promise<string>;
  exited: Promise<number | null>;
  output(): string;
}

function startServer(env: Record<string, string>, nodeArgs: string[] = []): RunningServer {
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_REQUESTS: 'false',
      CLIENT_DIR: path.join(ROOT, 'no-client-here'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = /listening on (http:\/\/[^"\s]+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  listening.catch(() => {});
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  return { listening, exited, output: () => output };
}

/** A new, empty database `<name>_<suffix>_<worker>` on the DATABASE_URL server, dropped after the test. */
async function emptyDatabase(suffix: string): Promise<URL> {
  const base = process.env.DATABASE_URL!;
  const name = `${new URL(base).pathname.slice(1) || 'postgres'}_${suffix}_${process.env.VITEST_POOL_ID ?? 0}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url;
}

function temporaryDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-start-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe.runIf(!!process.env.DATABASE_URL)('two server.ts instances starting together on an empty PostgreSQL database', () => {
  it('both start, one admin is created and its password is printed once', async () => {
    const url = await emptyDatabase('startup');

    const servers = [0, 1].map(() => startServer({ DATABASE_URL: url.toString(), DATA_DIR: temporaryDir(), DOCUMENT_ENCRYPTION_KEY: SHARED_KEY }));
    const addresses = await Promise.all(servers.map((s) => s.listening));
    for (const address of addresses) expect((await fetch(`${address}/readyz`)).status).toBe(200);

    const printed = servers.map((s) => s.output().match(/First admin account created/g)?.length ?? 0);
    expect(printed.sort()).toEqual([0, 1]);
    const password = /password: (\S+)/.exec(servers.map((s) => s.output()).join('\n'))?.[1];
    const login = await fetch(`${addresses[0]}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@atomix.local', password }),
    });
    expect(login.status).toBe(200);
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
    await db.end();
    expect(rows[0].n).toBe(1);
  }, 90_000);
});

/** A module resolve hook that appends to `logFile` every import of the package `name` (or a path inside it). */
function importRecorder(logFile: string, name: string): string[] {
  const hook = `import fs from 'node:fs';
export async function resolve(specifier, context, next) {
  if (specifier === ${JSON.stringify(name)} || specifier.startsWith(${JSON.stringify(`${name}/`)})) fs.appendFileSync(${JSON.stringify(logFile)}, specifier + '\\n');
  return next(specifier, context);
}`;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
  return ['--import', `data:text/javascript,${encodeURIComponent(register)}`];
}

describe('a server without Stripe keys', () => {
  it('never loads the Stripe SDK (21 MB of memory, for Stripe payouts only); with the keys it does', async () => {
    // Both servers start at once, each recording its own imports: one start-up's wait instead of two
    // in a row (the test took up to 90 s on a busy machine; ADR 0043).
    const manualImports = path.join(temporaryDir(), 'imports.log');
    const stripeImports = path.join(temporaryDir(), 'imports.log');
    for (const file of [manualImports, stripeImports]) fs.writeFileSync(file, '');
    const keys = { STRIPE_SECRET_KEY: 'sk_test_startup', STRIPE_WEBHOOK_SECRET: 'whsec_startup', PUBLIC_URL: 'http://127.0.0.1' };
    const manual = startServer({ DATA_DIR: temporaryDir() }, importRecorder(manualImports, 'stripe'));
    const withStripe = startServer({ DATA_DIR: temporaryDir(), ...keys }, importRecorder(stripeImports, 'stripe'));
    const [address] = await Promise.all([manual.listening, withStripe.listening]);
    expect((await fetch(`${address}/readyz`)).status).toBe(200);
    expect(fs.readFileSync(manualImports, 'utf8')).toBe('');
    expect(fs.readFileSync(stripeImports, 'utf8')).toContain('stripe');
  }, 90_000);
});

describe.runIf(!!process.env.DATABASE_URL)('a server on PostgreSQL', () => {
  it("never loads the embedded database's code (its memory is for embedded mode only)", async () => {
    const imports = path.join(temporaryDir(), 'imports.log');
    const embeddedImports = path.join(temporaryDir(), 'imports.log');
    for (const file of [imports, embeddedImports]) fs.writeFileSync(file, '');
    const url = await emptyDatabase('no_pglite');
    const server = startServer(
      { DATABASE_URL: url.toString(), DATA_DIR: temporaryDir(), DOCUMENT_ENCRYPTION_KEY: SHARED_KEY },
      importRecorder(imports, '@electric-sql/pglite'),
    );
    // The recorder does see PGlite when it is loaded: the same server without DATABASE_URL, started
    // at the same time (one start-up's wait instead of two).
    const embedded = startServer({ DATA_DIR: temporaryDir() }, importRecorder(embeddedImports, '@electric-sql/pglite'));
    const [address] = await Promise.all([server.listening, embedded.listening]);
    expect((await fetch(`${address}/readyz`)).status).toBe(200);
    expect(fs.readFileSync(imports, 'utf8')).toBe('');
    expect(fs.readFileSync(embeddedImports, 'utf8')).toContain('@electric-sql/pglite');
  }, 90_000);
});

describe('npm run serve (server.ts in production) without a built client', () => {
  it('stops at once with exit code 1 and says to build first', async () => {
    const server = startServer({ NODE_ENV: 'production', DATA_DIR: temporaryDir() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('has no built client: run `npm run build` once, then `npm run serve`');
    expect(server.output()).not.toContain('database ready');
  });
});

describe('server.ts on PostgreSQL without DOCUMENT_ENCRYPTION_KEY', () => {
  it('refuses to start, with exit code 1 and what to set (every instance must share the key)', async () => {
    const server = startServer({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/never_opened', DATA_DIR: temporaryDir() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('DOCUMENT_ENCRYPTION_KEY is required with DATABASE_URL (every instance must share it)');
    expect(server.output()).not.toContain('database ready');
    expect(server.output()).not.toMatch(/\n\s+at /);
  });
});
