// @module-tag engine
// Engine-specific (CI runs it again on PostgreSQL): the document store in PostgreSQL (document_chunks) and two instances sharing it.
// Where documents live: the store chosen for each kind of database (bytes sealed at rest, ADR 0042), and
// (on PostgreSQL) two app instances with their own pools and DATA_DIRs sharing every document through the database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { SESSION_COOKIE, createSession } from '../auth/session.ts';
import { type Database, openDatabase } from '../db/index.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { testEnv, useTestDatabase } from '../test/harness.ts';
import { TEST_KEYRING } from '../test/services.ts';
import { createDocumentStore } from './choose-store.ts';
import { CHUNK_BYTES, createPostgresDocumentStore } from './postgres-store.ts';

const t = useTestDatabase();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

function temporaryDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-store-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** What must never be found at rest: a run of the document's own text. */
const SECRET = 'Reactor-core-drawing-rev-7';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(SECRET.repeat(25_000))]);
const containsSecret = (bytes: Buffer) => bytes.includes(Buffer.from(SECRET)) || bytes.includes(Buffer.from('%PDF'));

async function saveDocument(database: Pick<Database, 'prisma' | 'kind'>, dataDir: string) {
  const seller = await createUser(t.db.prisma);
  const prototype = await createPrototype(t.db.prisma, seller.id);
  const key = `prototypes/${prototype.id}/abc-123`;
  const store = createDocumentStore(database, dataDir, TEST_KEYRING);
  await store.save(key, Readable.from([PDF]), (tx, fileSize) =>
    tx.prototypeDocument.create({
      data: { prototypeId: prototype.id, fileName: 'a.pdf', fileType: 'application/pdf', fileSize, storageKey: key },
    }),
  );
  return { store, key, file: path.join(dataDir, 'documents', 'prototypes', String(prototype.id), 'abc-123') };
}

describe('createDocumentStore', () => {
  it('keeps documents on disk under DATA_DIR in embedded mode, sealed', async () => {
    const dataDir = temporaryDir();
    const { store, key, file } = await saveDocument({ prisma: t.db.prisma, kind: 'embedded' }, dataDir);
    expect(fs.statSync(file).size).toBeGreaterThan(PDF.length);
    expect(containsSecret(fs.readFileSync(file))).toBe(false);
    expect(await t.db.prisma.documentChunk.count()).toBe(0);
    const stored = await store.get(key);
    expect(stored?.size).toBe(PDF.length);
    expect(Buffer.concat(await stored!.stream.toArray()).equals(PDF)).toBe(true);
    expect((await t.db.prisma.prototypeDocument.findUniqueOrThrow({ where: { storageKey: key } })).fileSize).toBe(PDF.length);
  });

  it('keeps documents in PostgreSQL with DATABASE_URL, nothing on disk, and drops them with their row', async () => {
    const dataDir = temporaryDir();
    const { store, key, file } = await saveDocument({ prisma: t.db.prisma, kind: 'postgres' }, dataDir);
    expect(fs.existsSync(file)).toBe(false);
    const chunks = await t.db.prisma.documentChunk.findMany({ where: { storageKey: key }, orderBy: { seq: 'asc' } });
    const sealed = Buffer.concat(chunks.map((c) => Buffer.from(c.data)));
    expect(chunks.length).toBe(Math.ceil(sealed.length / CHUNK_BYTES));
    expect(sealed.length).toBeGreaterThan(PDF.length);
    expect(containsSecret(sealed)).toBe(false);
    const stored = await store.get(key);
    expect(stored?.size).toBe(PDF.length);
    expect(Buffer.concat(await stored!.stream.toArray()).equals(PDF)).toBe(true);

    await t.db.prisma.prototype.deleteMany();
    expect(await t.db.prisma.documentChunk.count()).toBe(0);
    expect(await store.get(key)).toBeNull();
  });

  it('keeps no bytes when the row cannot be written', async () => {
    const dataDir = temporaryDir();
    for (const kind of ['embedded', 'postgres'] as const) {
      const store = createDocumentStore({ prisma: t.db.prisma, kind }, dataDir, TEST_KEYRING);
      const key = `prototypes/1/${kind}`;
      await expect(
        store.save(key, Readable.from([PDF]), async () => {
          throw new Error('row refused');
        }),
      ).rejects.toThrow('row refused');
      expect(await store.get(key), kind).toBeNull();
    }
    expect(await t.db.prisma.documentChunk.count()).toBe(0);
  });
});

/** A fresh database on DATABASE_URL's server, opened `count` times: app instances' own pools. */
async function freshDatabase(count: number, poolMax?: number): Promise<Database[]> {
  const base = process.env.DATABASE_URL!;
  const name = `${new URL(base).pathname.slice(1) || 'postgres'}_instances_${process.env.VITEST_POOL_ID ?? 0}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databases: Database[] = [];
  for (let i = 0; i < count; i++) databases.push(await openDatabase({ databaseUrl: url.toString(), dataDir: null, ...(poolMax ? { poolMax } : {}) }));
  cleanups.push(async () => {
    await Promise.all(databases.map((d) => d.close()));
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });
  return databases;
}

describe('the PostgreSQL store and slow clients', () => {
  it('a client still sending an upload holds no database connection', async () => {
    // One connection, as the embedded test database has: any connection held by the upload would
    // stop the request below.
    const database = process.env.DATABASE_URL ? (await freshDatabase(1, 1))[0]! : t.db;
    const app = createApp({
      db: database.prisma,
      env: { ...testEnv, DATA_DIR: temporaryDir() },
      log: () => {},
      services: { documentStore: createPostgresDocumentStore(database.prisma) },
    });
    const seller = await createUser(database.prisma);
    const prototype = await createPrototype(database.prisma, seller.id);
    const cookie = `${SESSION_COOKIE}=${(await createSession(database.prisma, seller.id, 30)).token}`;

    let sending!: () => void;
    const stillSending = new Promise<void>((resolve) => (sending = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pulls += 1;
        // The second pull means the server is consuming the body; the rest comes when the test says.
        if (pulls === 2) {
          sending();
          await finished;
          controller.close();
          return;
        }
        controller.enqueue(new Uint8Array(PDF));
      },
    });
    const upload = app.request(`http://localhost/api/prototypes/${prototype.id}/documents`, {
      method: 'POST',
      headers: { cookie, 'x-file-name': 'slow.pdf', 'content-type': 'application/octet-stream' },
      body,
      duplex: 'half',
    } as RequestInit);
    await stillSending;
    const me = await app.request('http://localhost/api/auth/user', { headers: { cookie } });
    expect(me.status).toBe(200);
    finish();
    expect((await upload).status).toBe(201);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('two app instances on one PostgreSQL database (PostgreSQL only)', () => {
  it('a document uploaded through one downloads through the other, and goes when its seller is deleted', async () => {
    const [databaseA, databaseB] = (await freshDatabase(2)) as [Database, Database];
    // Each instance has its own DATA_DIR, as on separate machines: nothing may depend on the disk.
    const instance = (database: Database) => {
      const dataDir = temporaryDir();
      return createApp({
        db: database.prisma,
        env: { ...testEnv, DATA_DIR: dataDir },
        log: () => {},
        services: { documentStore: createDocumentStore(database, dataDir, TEST_KEYRING) },
      });
    };
    const [appA, appB] = [instance(databaseA), instance(databaseB)];
    const cookieFor = async (userId: string) => `${SESSION_COOKIE}=${(await createSession(databaseA.prisma, userId, 30)).token}`;
    const seller = await createUser(databaseA.prisma);
    const prototype = await createPrototype(databaseA.prisma, seller.id);
    const sellerCookie = await cookieFor(seller.id);

    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 4 * 1024 * 1024 }, (_, i) => (i * 31) % 256))]);
    const uploaded = await appA.request('http://localhost/api/prototypes/' + prototype.id + '/documents', {
      method: 'POST',
      headers: { cookie: sellerCookie, 'x-file-name': 'design.pdf', 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(uploaded.status).toBe(201);
    const { id } = await uploaded.json();
    expect(await databaseB.prisma.documentChunk.count()).toBeGreaterThan(Math.floor(bytes.length / CHUNK_BYTES));

    const download = await appB.request(`http://localhost/api/documents/${id}`, { headers: { cookie: sellerCookie } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    const adminCookie = await cookieFor((await createAdmin(databaseA.prisma)).id);
    const deleted = await appB.request(`http://localhost/api/admin/users/${seller.id}`, { method: 'DELETE', headers: { cookie: adminCookie } });
    expect(deleted.status).toBe(200);
    expect(await databaseA.prisma.documentChunk.count()).toBe(0);
    expect((await appA.request(`http://localhost/api/documents/${id}`, { headers: { cookie: adminCookie } })).status).toBe(404);
  });
});
