// Documents encrypted at rest (issue 31 point 6, ADR 0042): sizes across segment edges, every way of
// altering the sealed bytes or their key, documents stored before encryption sealed at start-up
// (twice at once), master keys re-wrapped without touching the bytes, and where the key comes from.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, createSession } from '../auth/session.ts';
import { createApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { createPrototype, createUser } from '../test/factories.ts';
import { testEnv, useTestDatabase } from '../test/harness.ts';
import { capturingLogger } from '../test/services.ts';
import { documentsDir, newStorageKey } from './choose-store.ts';
import { DocumentIntegrityError, HEADER_BYTES, SEGMENT_BYTES, keyring } from './document-encryption.ts';
import { createDiskDocumentStore } from './disk-store.ts';
import { encryptExistingDocuments } from './encrypt-existing.ts';
import { createEncryptedDocumentStore } from './encrypted-store.ts';
import { documentKeyring, keyFileOf, nextKeyFileOf } from './master-key.ts';
import { rewrapDocumentKeys } from './rewrap-keys.ts';

const t = useTestDatabase();
const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});
function temporaryDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-sealed-'));
  dirs.push(dir);
  return dir;
}

const SECRET = Buffer.from('Fusion-blanket-test-data-42');
const documentOf = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => SECRET[i % SECRET.length]!));

/** A disk store sealed under `ring`, its directory, and a seller's prototype to attach documents to. */
async function setUp(ring = keyring(randomBytes(32))) {
  const dataDir = temporaryDir();
  const inner = createDiskDocumentStore(documentsDir(dataDir), t.db.prisma);
  const store = createEncryptedDocumentStore(inner, t.db.prisma, () => ring);
  const seller = await createUser(t.db.prisma);
  const prototype = await createPrototype(t.db.prisma, seller.id);
  const save = async (bytes: Buffer, into = store) => {
    const key = newStorageKey(prototype.id);
    const row = await into.save(key, Readable.from([bytes]), (tx, fileSize) =>
      tx.prototypeDocument.create({ data: { prototypeId: prototype.id, fileName: 'a.pdf', fileType: 'application/pdf', fileSize, storageKey: key } }),
    );
    return { key, id: row.id, file: path.join(documentsDir(dataDir), ...key.split('/')) };
  };
  const read = async (key: string, from = store) => {
    const stored = await from.get(key);
    return stored && { size: stored.size, bytes: Buffer.concat(await stored.stream.toArray()) };
  };
  return { ring, dataDir, inner, store, seller, prototype, save, read };
}

describe('the sealed store', () => {
  it('gives back every size exactly, across segment edges, and keeps none of the text at rest', async () => {
    const { save, read } = await setUp();
    for (const size of [0, 1, SEGMENT_BYTES - 1, SEGMENT_BYTES, SEGMENT_BYTES + 1, 2 * SEGMENT_BYTES, 3 * SEGMENT_BYTES + 5]) {
      const bytes = documentOf(size);
      const { key, file } = await save(bytes);
      const sealed = fs.readFileSync(file);
      expect(sealed.includes(SECRET), `size ${size}`).toBe(false);
      expect(sealed.length, `size ${size}`).toBe(HEADER_BYTES + size + 16 * Math.max(1, Math.ceil(size / SEGMENT_BYTES)));
      const opened = await read(key);
      expect(opened?.size, `size ${size}`).toBe(size);
      expect(opened?.bytes.equals(bytes), `size ${size}`).toBe(true);
      expect((await t.db.prisma.prototypeDocument.findUniqueOrThrow({ where: { storageKey: key } })).fileSize).toBe(size);
    }
  });

  it('refuses, before a byte is served, bytes that were changed, cut, reordered or opened with the wrong keys', async () => {
    const { ring, dataDir, save, read } = await setUp();
    const bytes = documentOf(3 * SEGMENT_BYTES + 100);
    const alter = async (change: (sealed: Buffer) => Buffer) => {
      const { key, file } = await save(bytes);
      fs.writeFileSync(file, change(fs.readFileSync(file)));
      return read(key);
    };
    const segment = SEGMENT_BYTES + 16;
    await expect(alter((b) => ((b[HEADER_BYTES + segment + 10]! ^= 1), b))).rejects.toBeInstanceOf(DocumentIntegrityError);
    await expect(alter((b) => b.subarray(0, b.length - 1))).rejects.toBeInstanceOf(DocumentIntegrityError);
    await expect(alter((b) => b.subarray(0, HEADER_BYTES + 2 * segment))).rejects.toBeInstanceOf(DocumentIntegrityError);
    await expect(
      alter((b) =>
        Buffer.concat([
          b.subarray(0, HEADER_BYTES),
          b.subarray(HEADER_BYTES + segment, HEADER_BYTES + 2 * segment),
          b.subarray(HEADER_BYTES, HEADER_BYTES + segment),
          b.subarray(HEADER_BYTES + 2 * segment),
        ]),
      ),
    ).rejects.toBeInstanceOf(DocumentIntegrityError);
    await expect(alter((b) => Buffer.concat([b, Buffer.alloc(16)]))).rejects.toBeInstanceOf(DocumentIntegrityError);

    // Another document's key row (bound to its own storage key), and a store without this master key.
    const first = await save(bytes);
    const second = await save(bytes);
    const { wrappedKey } = await t.db.prisma.documentKey.findUniqueOrThrow({ where: { storageKey: first.key } });
    await t.db.prisma.documentKey.update({ where: { storageKey: second.key }, data: { wrappedKey } });
    await expect(read(second.key)).rejects.toBeInstanceOf(DocumentIntegrityError);
    const stranger = createEncryptedDocumentStore(createDiskDocumentStore(documentsDir(dataDir), t.db.prisma), t.db.prisma, () => keyring(randomBytes(32)));
    await expect(read(first.key, stranger)).rejects.toBeInstanceOf(DocumentIntegrityError);
    expect((await read(first.key))?.bytes.equals(bytes)).toBe(true);
    expect(ring.current.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('answers a download of altered bytes with a clear error and a log line, never the bytes', async () => {
    const { store, save, seller } = await setUp();
    const log = capturingLogger();
    const app = createApp({ db: t.db.prisma, env: testEnv, log, services: { documentStore: store } });
    const { id, file } = await save(documentOf(1000));
    const sealed = fs.readFileSync(file);
    sealed[HEADER_BYTES + 3]! ^= 0xff;
    fs.writeFileSync(file, sealed);
    const cookie = `${SESSION_COOKIE}=${(await createSession(t.db.prisma, seller.id, 30)).token}`;
    const res = await app.request(`http://localhost/api/documents/${id}`, { headers: { cookie } });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'This document failed its integrity check, so it is not served. The team has been alerted.' });
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'error', msg: 'document failed its integrity check', documentId: id }));
  });
});

describe('documents stored before encryption', () => {
  it('are served as they are until the start-up step seals them under a new key; two instances at once seal each once', async () => {
    const { inner, store, save, read } = await setUp();
    const bytes = documentOf(2 * SEGMENT_BYTES + 7);
    const legacy = await Promise.all([save(bytes, inner), save(documentOf(10), inner)]);
    expect(fs.readFileSync(legacy[0].file).equals(bytes)).toBe(true);
    expect((await read(legacy[0].key))?.bytes.equals(bytes)).toBe(true);

    const log = capturingLogger();
    const sealed = await Promise.all([encryptExistingDocuments(t.db.prisma, store, log), encryptExistingDocuments(t.db.prisma, store, log)]);
    expect(sealed[0] + sealed[1]).toBe(2);
    expect(log.lines).toEqual([]);
    expect(await t.db.prisma.documentKey.count()).toBe(2);
    for (const { id, file } of legacy) {
      expect(fs.existsSync(file)).toBe(false);
      const row = await t.db.prisma.prototypeDocument.findUniqueOrThrow({ where: { id }, select: { storageKey: true } });
      const moved = path.join(path.dirname(file), path.basename(row.storageKey));
      expect(fs.readFileSync(moved).includes(SECRET)).toBe(false);
    }
    const first = await t.db.prisma.prototypeDocument.findUniqueOrThrow({ where: { id: legacy[0].id }, select: { storageKey: true } });
    expect((await read(first.storageKey))?.bytes.equals(bytes)).toBe(true);
    expect(await encryptExistingDocuments(t.db.prisma, store, log)).toBe(0);
  });
});

describe('npm run documents:rotate-key', () => {
  it('re-wraps every key under the new master key without touching the bytes; the old key is then not needed', async () => {
    const old = randomBytes(32);
    const { save, read, dataDir } = await setUp(keyring(old));
    const bytes = documentOf(5000);
    const { key, file } = await save(bytes);
    const sealedBefore = fs.readFileSync(file);

    const fresh = randomBytes(32);
    const rotating = keyring(fresh, [old]);
    expect(await rewrapDocumentKeys(t.db.prisma, rotating)).toBe(1);
    expect(await rewrapDocumentKeys(t.db.prisma, rotating)).toBe(0);
    expect((await t.db.prisma.documentKey.findUniqueOrThrow({ where: { storageKey: key } })).masterKeyId).toBe(rotating.current.id);
    expect(fs.readFileSync(file).equals(sealedBefore)).toBe(true);

    const onlyNew = createEncryptedDocumentStore(createDiskDocumentStore(documentsDir(dataDir), t.db.prisma), t.db.prisma, () => keyring(fresh));
    expect((await read(key, onlyNew))?.bytes.equals(bytes)).toBe(true);
    const onlyOld = createEncryptedDocumentStore(createDiskDocumentStore(documentsDir(dataDir), t.db.prisma), t.db.prisma, () => keyring(old));
    await expect(read(key, onlyOld)).rejects.toBeInstanceOf(DocumentIntegrityError);
  });
});

describe('the master key', () => {
  it('embedded: a key file made once in DATA_DIR (owner-only, announced), read again after; a rotation left unfinished still opens', () => {
    const dataDir = temporaryDir();
    const env = parseEnv({ DATA_DIR: dataDir });
    const log = capturingLogger();
    const first = documentKeyring(env, log);
    expect(fs.statSync(keyFileOf(dataDir)).mode & 0o777).toBe(0o600);
    expect(log.lines).toEqual([expect.objectContaining({ msg: expect.stringContaining(`created the documents' encryption key in ${keyFileOf(dataDir)}`) })]);
    expect(documentKeyring(env, log).current.id).toBe(first.current.id);
    expect(log.lines).toHaveLength(1);

    fs.writeFileSync(nextKeyFileOf(dataDir), randomBytes(32).toString('base64'));
    const during = documentKeyring(env);
    expect(during.current.id).toBe(first.current.id);
    expect(during.byId.size).toBe(2);
  });

  it('is DOCUMENT_ENCRYPTION_KEY when set, and is required with DATABASE_URL', () => {
    const key = randomBytes(32).toString('base64');
    const old = randomBytes(32).toString('base64');
    const dataDir = temporaryDir();
    const ring = documentKeyring(parseEnv({ DATA_DIR: dataDir, DOCUMENT_ENCRYPTION_KEY: key, DOCUMENT_ENCRYPTION_OLD_KEYS: ` ${old}, ` }));
    expect(ring.current.id).toBe(keyring(Buffer.from(key, 'base64')).current.id);
    expect(ring.byId.size).toBe(2);
    expect(fs.existsSync(keyFileOf(dataDir))).toBe(false);

    expect(() => parseEnv({ DATABASE_URL: 'postgresql://app@db.internal:5432/atomix' })).toThrow(
      /DOCUMENT_ENCRYPTION_KEY: DOCUMENT_ENCRYPTION_KEY is required with DATABASE_URL \(every instance must share it\)/,
    );
    expect(() => parseEnv({ DOCUMENT_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/DOCUMENT_ENCRYPTION_KEY: expected 32 bytes in base64/);
    expect(() => parseEnv({ DOCUMENT_ENCRYPTION_KEY: key, DOCUMENT_ENCRYPTION_OLD_KEYS: 'nope' })).toThrow(/DOCUMENT_ENCRYPTION_OLD_KEYS/);
    expect(parseEnv({ DATABASE_URL: 'postgresql://app@db.internal:5432/atomix', DOCUMENT_ENCRYPTION_KEY: key }).DOCUMENT_ENCRYPTION_KEY).toBe(key);
  });
});
