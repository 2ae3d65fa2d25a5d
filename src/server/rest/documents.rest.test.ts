// Document upload and download through HTTP against a real database, with the document store that
// database gets in production: files in a temporary DATA_DIR on the embedded database, chunks in
// PostgreSQL with DATABASE_URL. Ownership, user status, size and content checks while streaming,
// and nothing left behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SecondFactor } from '~/generated/prisma/client.ts';
import { createApp } from '../app.ts';
import { createSession } from '../auth/session.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { UPLOAD_MAX_BYTES } from '~/shared/constants.ts';
import { attestAdmin, createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { testEnv, useTestDatabase } from '../test/harness.ts';
import { TEST_KEYRING } from '../test/services.ts';
import { createDocumentStore } from '../storage/choose-store.ts';
import { CHUNK_BYTES } from '../storage/postgres-store.ts';
import { xlsxOf } from '../test/zip.ts';
import { samplePdf } from '../test/pdf-fixtures.ts';
import { contentDisposition } from './documents.ts';

const t = useTestDatabase();
let dataDir = '';
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-docs-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// A real PDF: an admin's copy is stamped (issue 31, point 3).
const PDF = await samplePdf();
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64, 3)]);
const DOCX = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(30, 0), Buffer.from('[Content_Types].xmlPK\x03\x04word/document.xml', 'latin1')]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(512, 0)]);

/** What the store holds: files (with unfinished uploads in .incoming/), and documents with chunks. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'documents');
  const files = fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()) : [];
  const chunked = await t.db.prisma.documentChunk.findMany({ distinct: ['storageKey'], select: { storageKey: true } });
  return [...files, ...chunked.map((c) => c.storageKey)];
}

/** A client as `userId` (or a guest); `strict`: ADMIN_REQUIRE_2FA, `secondFactor`: what the session passed. */
async function http(userId: string | null, options: { strict?: boolean; secondFactor?: SecondFactor } = {}) {
  const env = { ...testEnv, DATA_DIR: dataDir, ADMIN_REQUIRE_2FA: options.strict ?? false };
  const app = createApp({ db: t.db.prisma, env, log: () => {}, services: { documentStore: createDocumentStore(t.db, dataDir, TEST_KEYRING) } });
  const session = userId ? await createSession(t.db.prisma, userId, 30, undefined, new Date(), options.secondFactor ?? null) : null;
  const cookie = session ? `${SESSION_COOKIE}=${session.token}` : '';
  return {
    async upload(prototypeId: number | string, fileName: string | null, body: BodyInit | Buffer, headers: Record<string, string> = {}) {
      return app.request(`http://localhost/api/prototypes/${prototypeId}/documents`, {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          ...(fileName === null ? {} : { 'x-file-name': encodeURIComponent(fileName) }),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        body: body as BodyInit,
        // Node's fetch needs this to send a streamed body.
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
    },
    download(documentId: number | string) {
      return app.request(`http://localhost/api/documents/${documentId}`, { headers: cookie ? { cookie } : {} });
    },
  };
}

async function ownPrototype() {
  const seller = await createUser(t.db.prisma);
  const prototype = await createPrototype(t.db.prisma, seller.id);
  return { seller, prototype, client: await http(seller.id) };
}

describe('POST /api/prototypes/:id/documents', () => {
  it('stores every accepted kind with its metadata and a timeline row', async () => {
    const { seller, prototype, client } = await ownPrototype();
    const files: [string, Buffer, string][] = [
      ['design.pdf', PDF, 'application/pdf'],
      ['photo.PNG', PNG, 'image/png'],
      ['bench.jpg', JPEG, 'image/jpeg'],
      ['bench2.jpeg', JPEG, 'image/jpeg'],
      ['notes.doc', DOC, 'application/msword'],
      ['report.docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ];
    for (const [name, bytes, type] of files) {
      const res = await client.upload(prototype.id, name, bytes, { 'content-type': 'text/html' });
      expect(res.status, name).toBe(201);
      const json = await res.json();
      expect(json).toMatchObject({ prototypeId: prototype.id, fileName: name, fileType: type, fileSize: bytes.length });
      expect(json).not.toHaveProperty('storageKey');
    }
    const rows = await t.db.prisma.prototypeDocument.findMany({ where: { prototypeId: prototype.id } });
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.uploadedBy === seller.id && r.storageKey.startsWith(`prototypes/${prototype.id}/`))).toBe(true);
    expect(await storedFiles()).toHaveLength(6);
    expect(await t.db.prisma.prototypeTimeline.count({ where: { event: 'document_uploaded' } })).toBe(6);
  });

  it('refuses a renamed executable with 415 and stores nothing', async () => {
    const { client } = await ownPrototype();
    const res = await client.upload((await t.db.prisma.prototype.findFirstOrThrow()).id, 'invoice.pdf', EXE);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: 'Unsupported file type' });
    expect(await storedFiles()).toEqual([]);
    expect(await t.db.prisma.prototypeDocument.count()).toBe(0);
  });

  it('refuses other extensions, a png claiming to be a pdf and a zip that is not a Word file', async () => {
    const { prototype, client } = await ownPrototype();
    expect((await client.upload(prototype.id, 'tool.exe', EXE)).status).toBe(415);
    expect((await client.upload(prototype.id, 'noextension', PDF)).status).toBe(415);
    expect((await client.upload(prototype.id, 'scan.pdf', PNG)).status).toBe(415);
    const plainZip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(100, 0x41)]);
    expect((await client.upload(prototype.id, 'archive.docx', plainZip)).status).toBe(415);
    // Spreadsheets and text are for answers to information requests, not a prototype's documents.
    expect((await client.upload(prototype.id, 'data.csv', Buffer.from('a,b\n1,2\n'))).status).toBe(415);
    expect((await client.upload(prototype.id, 'data.xlsx', xlsxOf())).status).toBe(415);
    expect((await client.upload(prototype.id, 'empty.pdf', new Uint8Array(0))).status).toBe(400);
    expect(await storedFiles()).toEqual([]);
    expect(await t.db.prisma.prototypeDocument.count()).toBe(0);
  });

  it('answers 413 for a declared size above 50 MB before reading the body', async () => {
    const { prototype, client } = await ownPrototype();
    const res = await client.upload(prototype.id, 'huge.pdf', PDF, { 'content-length': String(UPLOAD_MAX_BYTES + 1) });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('File is too large (maximum 50MB)');
    expect(await storedFiles()).toEqual([]);
  });

  it('answers 413 while streaming a body without a length that grows past 50 MB, leaving nothing behind', async () => {
    const { prototype, client } = await ownPrototype();
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new Uint8Array(PDF));
        else controller.enqueue(chunk);
        sent += 1;
        if (sent > 60) controller.close();
      },
    });
    const res = await client.upload(prototype.id, 'stream.pdf', body);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(60);
    expect(await storedFiles()).toEqual([]);
    expect(await t.db.prisma.prototypeDocument.count()).toBe(0);
  });

  it('accepts a file of exactly 50 MB streamed in chunks', async () => {
    const { prototype, client } = await ownPrototype();
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new Uint8Array([...Buffer.from('%PDF-'), ...new Uint8Array(1024 * 1024 - 5)]));
        else controller.enqueue(chunk);
        sent += 1;
        if (sent === 50) controller.close();
      },
    });
    const res = await client.upload(prototype.id, 'big.pdf', body);
    expect(res.status).toBe(201);
    expect((await res.json()).fileSize).toBe(UPLOAD_MAX_BYTES);
  });

  it('sanitises the file name', async () => {
    const { prototype, client } = await ownPrototype();
    const res = await client.upload(prototype.id, '../../etc/"évil"\u0007<name>.pdf', PDF);
    expect(res.status).toBe(201);
    expect((await res.json()).fileName).toBe('évilname.pdf');
  });

  it('stores several uploads sent at the same time (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const { prototype, client } = await ownPrototype();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => client.upload(prototype.id, `part-${i}.pdf`, PDF)));
    const statuses = await Promise.all(results.map(async (r) => `${r.status}${r.status === 201 ? '' : ` ${await r.text()}`}`));
    expect(statuses).toEqual(Array(8).fill('201'));
    expect(await t.db.prisma.prototypeDocument.count({ where: { prototypeId: prototype.id } })).toBe(8);
    expect(await storedFiles()).toHaveLength(8);
  });

  it('answers a guest 401, another seller and an admin 404, and a missing prototype 404', async () => {
    const { prototype } = await ownPrototype();
    const guest = await (await http(null)).upload(prototype.id, 'a.pdf', PDF);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ message: 'Unauthorized' });
    const other = await createUser(t.db.prisma);
    expect((await (await http(other.id)).upload(prototype.id, 'a.pdf', PDF)).status).toBe(404);
    const admin = await createAdmin(t.db.prisma);
    expect((await (await http(admin.id)).upload(prototype.id, 'a.pdf', PDF)).status).toBe(404);
    expect((await (await http(other.id)).upload(999999, 'a.pdf', PDF)).status).toBe(404);
    expect((await (await http(other.id)).upload('abc', 'a.pdf', PDF)).status).toBe(404);
    expect(await storedFiles()).toEqual([]);
  });

  it('answers a restricted seller 403 with a clear message, and lets them upload once the time has passed', async () => {
    const { seller, prototype, client } = await ownPrototype();
    await t.db.prisma.user.update({ where: { id: seller.id }, data: { status: 'restricted', restrictedUntil: new Date(Date.now() + 3_600_000) } });
    const res = await client.upload(prototype.id, 'a.pdf', PDF);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toContain('restricted until');
    await t.db.prisma.user.update({ where: { id: seller.id }, data: { restrictedUntil: new Date(Date.now() - 1000) } });
    expect((await client.upload(prototype.id, 'a.pdf', PDF)).status).toBe(201);
  });

  it('refuses a cross-site upload', async () => {
    const { prototype, client } = await ownPrototype();
    const res = await client.upload(prototype.id, 'a.pdf', PDF, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await storedFiles()).toEqual([]);
  });
});

describe('GET /api/documents/:id', () => {
  it('streams the bytes to the owner and to admins with a safe Content-Disposition; others get 404, guests 401', async () => {
    const { prototype, client } = await ownPrototype();
    const uploaded = await (await client.upload(prototype.id, 'Résumé "final".pdf', PDF)).json();
    const res = await client.download(uploaded.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="R_sum_ final.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final.pdf`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);

    const admin = await createAdmin(t.db.prisma);
    await attestAdmin(t.db.prisma, admin.id, prototype.id);
    expect((await (await http(admin.id)).download(uploaded.id)).status).toBe(200);
    const other = await createUser(t.db.prisma);
    const foreign = await (await http(other.id)).download(uploaded.id);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: 'Document not found' });
    const guest = await (await http(null)).download(uploaded.id);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ message: 'Unauthorized' });
    expect((await client.download(999999)).status).toBe(404);
  });

  it('with ADMIN_REQUIRE_2FA serves an enrolled admin only in a session that passed the second factor', async () => {
    const { prototype, client } = await ownPrototype();
    const uploaded = await (await client.upload(prototype.id, 'design.pdf', PDF)).json();
    const admin = await createAdmin(t.db.prisma, { totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', twoFactorEnabledAt: new Date() });
    await attestAdmin(t.db.prisma, admin.id, prototype.id);
    // The same admin, signed in with the password alone: another seller's document is not found, and no opening is recorded.
    const passwordOnly = await (await http(admin.id, { strict: true })).download(uploaded.id);
    expect(passwordOnly.status).toBe(404);
    expect(await t.db.prisma.accessRecord.count()).toBe(0);
    for (const secondFactor of ['totp', 'recovery', 'enrolment'] as const) {
      expect((await (await http(admin.id, { strict: true, secondFactor })).download(uploaded.id)).status, secondFactor).toBe(200);
    }
    expect(await t.db.prisma.accessRecord.count({ where: { kind: 'download', userId: admin.id } })).toBe(3);
  });

  it('returns a file of several megabytes byte for byte, sent in pieces that do not match the chunks', async () => {
    const { prototype, client } = await ownPrototype();
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 3 * 1024 * 1024 + 123 }, (_, i) => (i * 7919) % 251))]);
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + 100_003)));
        offset += 100_003;
        if (offset >= bytes.length) controller.close();
      },
    });
    const uploaded = await client.upload(prototype.id, 'large.pdf', body);
    expect(uploaded.status).toBe(201);
    const { id, fileSize } = await uploaded.json();
    expect(fileSize).toBe(bytes.length);
    const res = await client.download(id);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    if (t.db.kind === 'postgres') {
      const chunks = await t.db.prisma.$queryRaw<{ size: number }[]>`SELECT octet_length(data) AS size FROM document_chunks ORDER BY seq`;
      expect(chunks).toHaveLength(Math.ceil(bytes.length / CHUNK_BYTES));
      expect(chunks.slice(0, -1).every((c) => c.size === CHUNK_BYTES)).toBe(true);
    }
  });

  it('builds Content-Disposition that cannot break the header', () => {
    expect(contentDisposition('a\r\nSet-Cookie: x.pdf')).not.toMatch(/[\r\n]/);
    expect(contentDisposition('a "b".pdf')).toBe(`attachment; filename="a _b_.pdf"; filename*=UTF-8''a%20%22b%22.pdf`);
    expect(contentDisposition("o'brien (1).pdf")).toContain("filename*=UTF-8''o%27brien%20%281%29.pdf");
  });
});
