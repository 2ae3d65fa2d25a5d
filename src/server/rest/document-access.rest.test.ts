// Audited confidential documents (issue 14 point 8, issue 31 point 7): every admin download writes one
// access record row (who, which document, when) before the bytes go out; the seller's own downloads
// write none; the seller reads the list (kinds, pages, hashes, CSV), nobody else's seller can; the
// record's check finds a changed or deleted row.
import { afterEach, describe, expect, it } from 'vitest';
import { appendAccessRecord } from '../domain/access-record.ts';
import { moveLegacyDocumentAccess } from '../domain/document-access.ts';
import { attestAdmin, createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { restClient, type RestClient, setTestServices, signedInClient, useTestDatabase } from '../test/harness.ts';
import { samplePdf } from '../test/pdf-fixtures.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

// A real PDF: an admin's copy is stamped (issue 31, point 3).
const PDF = await samplePdf();

async function upload(client: RestClient, prototypeId: number, fileName: string): Promise<number> {
  const res = await client.app.request(`http://localhost/api/prototypes/${prototypeId}/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(fileName), cookie: client.cookie },
    body: PDF,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const download = (client: RestClient, documentId: number) => client.request('GET', `/api/documents/${documentId}`);
const accessList = (client: RestClient, prototypeId: number | string) => client.request('GET', `/api/seller/prototypes/${prototypeId}/document-access`);

async function setUp() {
  const seller = await createUser(t.db.prisma);
  const prototype = await createPrototype(t.db.prisma, seller.id);
  const sellerClient = await signedInClient(t.db, seller);
  const documentId = await upload(sellerClient, prototype.id, 'design.pdf');
  return { seller, prototype, sellerClient, documentId };
}

describe('GET /api/documents/:id records admin downloads', () => {
  it('one row per admin download with the admin and the clock time; none for the seller; the seller sees "Dana K.", newest first', async () => {
    let now = new Date('2026-11-20T08:00:00.000Z');
    setTestServices({ clock: { now: () => now } });
    const { prototype, sellerClient, documentId } = await setUp();
    const dana = await createAdmin(t.db.prisma, { firstName: 'Dana', lastName: 'Kowalski' });
    const omar = await createAdmin(t.db.prisma, { firstName: 'Omar', lastName: 'Reyes' });
    await attestAdmin(t.db.prisma, dana.id, prototype.id);
    await attestAdmin(t.db.prisma, omar.id, prototype.id);
    const danaClient = await signedInClient(t.db, dana);
    const omarClient = await signedInClient(t.db, omar);

    const own = await download(sellerClient, documentId);
    expect(own.status).toBe(200);
    expect(await t.db.prisma.accessRecord.count()).toBe(0);
    expect((await accessList(sellerClient, prototype.id)).json).toEqual([]);

    const first = await download(danaClient, documentId);
    expect(first.status).toBe(200);
    // A stamped copy, not the original.
    expect(first.text.startsWith('%PDF-')).toBe(true);
    expect(first.text).not.toBe(PDF.toString('latin1'));
    now = new Date('2026-11-21T15:30:00.000Z');
    expect((await download(omarClient, documentId)).status).toBe(200);
    now = new Date('2026-11-22T09:00:00.000Z');
    expect((await download(danaClient, documentId)).status).toBe(200);

    const rows = await t.db.prisma.accessRecord.findMany({ orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.kind, r.userId, r.documentId, r.prototypeId, r.at.toISOString()])).toEqual([
      ['download', dana.id, documentId, prototype.id, '2026-11-20T08:00:00.000Z'],
      ['download', omar.id, documentId, prototype.id, '2026-11-21T15:30:00.000Z'],
      ['download', dana.id, documentId, prototype.id, '2026-11-22T09:00:00.000Z'],
    ]);
    const logged = await t.db.prisma.userActivityLog.findMany({ where: { action: 'document.opened', userId: dana.id }, select: { details: true } });
    expect(logged).toHaveLength(2);
    // The activity log names the document by id only: its readers may not have opened the data room.
    for (const { details } of logged) expect(details).toEqual({ documentId, copy: 'stamped' });

    const list = await accessList(sellerClient, prototype.id);
    expect(list.status).toBe(200);
    const row = (i: number) => ({ id: rows[i]!.id, kind: 'download', pages: null, hash: rows[i]!.hash, documentId, fileName: 'design.pdf' });
    expect(list.json).toEqual([
      { ...row(2), openedAt: '2026-11-22T09:00:00.000Z', openedBy: 'Dana K.' },
      { ...row(1), openedAt: '2026-11-21T15:30:00.000Z', openedBy: 'Omar R.' },
      { ...row(0), openedAt: '2026-11-20T08:00:00.000Z', openedBy: 'Dana K.' },
    ]);
    // Admins may read any prototype's list.
    expect((await accessList(danaClient, prototype.id)).json).toHaveLength(3);
  });

  it('a download that is refused or not found writes nothing', async () => {
    const { documentId } = await setUp();
    const stranger = await signedInClient(t.db, await createUser(t.db.prisma));
    expect((await download(stranger, documentId)).status).toBe(404);
    expect((await download(restClient(t.db), documentId)).status).toBe(401);
    const admin = await signedInClient(t.db, await createAdmin(t.db.prisma));
    expect((await download(admin, 999_999)).status).toBe(404);
    expect(await t.db.prisma.accessRecord.count()).toBe(0);
  });

  it('when the access row cannot be written, the admin gets no document', async () => {
    const { documentId, prototype } = await setUp();
    const admin = await createAdmin(t.db.prisma);
    await attestAdmin(t.db.prisma, admin.id, prototype.id);
    const client = await signedInClient(t.db, admin);
    // A trigger that refuses every access row: the recording fails, so must the download.
    await t.db.prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION refuse_access() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no'; END $$`);
    await t.db.prisma.$executeRawUnsafe(`CREATE TRIGGER refuse_access BEFORE INSERT ON access_records FOR EACH ROW EXECUTE FUNCTION refuse_access()`);
    try {
      const res = await client.app.request(`http://localhost/api/documents/${documentId}`, { headers: { cookie: client.cookie } });
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain('%PDF');
    } finally {
      await t.db.prisma.$executeRawUnsafe(`DROP TRIGGER refuse_access ON access_records`);
      await t.db.prisma.$executeRawUnsafe(`DROP FUNCTION refuse_access()`);
    }
  });
});

const csvOf = (client: RestClient, prototypeId: number | string, format = 'csv') =>
  client.request('GET', `/api/seller/prototypes/${prototypeId}/document-access?format=${format}`);
const verify = (client: RestClient) => client.request('GET', '/api/admin/audit/verify');

describe('GET /api/seller/prototypes/:id/document-access', () => {
  it('401 guest, 404 another seller or unknown (the CSV too); 400 for an unknown format', async () => {
    const { prototype, sellerClient } = await setUp();
    for (const format of [undefined, 'csv']) {
      const list = (client: RestClient, id: number | string) => (format ? csvOf(client, id) : accessList(client, id));
      expect((await list(restClient(t.db), prototype.id)).status).toBe(401);
      const stranger = await signedInClient(t.db, await createUser(t.db.prisma));
      expect((await list(stranger, prototype.id)).status).toBe(404);
      expect((await list(stranger, 999_999)).status).toBe(404);
      expect((await list(stranger, 2_147_483_648)).status).toBe(404);
      expect((await list(stranger, 'abc')).status).toBe(404);
    }
    expect((await csvOf(restClient(t.db), prototype.id, 'xml')).status).toBe(401);
    expect((await csvOf(sellerClient, prototype.id, 'xml')).status).toBe(400);
  });

  it('kinds, runs of page views with their pages, attestations and denials; the CSV has one line and one hash per row', async () => {
    const { prototype, sellerClient, documentId } = await setUp();
    const other = await createPrototype(t.db.prisma, (await createUser(t.db.prisma)).id);
    const dana = await createAdmin(t.db.prisma, { firstName: 'Dana', lastName: 'Kowalski' });
    const omar = await createAdmin(t.db.prisma, { firstName: 'Omar', lastName: 'Reyes' });
    const base = Date.parse('2026-11-20T08:00:00.000Z');
    const minute = (n: number) => new Date(base + n * 60_000);
    const append = (entry: Parameters<typeof appendAccessRecord>[1]) => t.db.prisma.$transaction((tx) => appendAccessRecord(tx, entry));
    const view = (userId: string, page: number, at: Date) => append({ kind: 'page_view', userId, prototypeId: prototype.id, documentId, page, at });
    await append({ kind: 'terms_acceptance', userId: dana.id, at: minute(0), details: { version: 1 } });
    await append({ kind: 'attestation', userId: dana.id, prototypeId: prototype.id, at: minute(1), details: { termsVersion: 1 } });
    await view(dana.id, 1, minute(2));
    await view(dana.id, 2, minute(3));
    await view(dana.id, 3, minute(4));
    await view(omar.id, 1, minute(5)); // another viewer: a run of its own
    await view(dana.id, 4, minute(6)); // not consecutive with Dana's run any more
    await view(dana.id, 5, minute(60)); // more than 30 minutes later
    await append({ kind: 'denied', userId: omar.id, prototypeId: prototype.id, documentId, at: minute(61), details: { reason: 'not_attested' } });
    await append({ kind: 'revocation', userId: dana.id, prototypeId: prototype.id, at: minute(62) });
    await append({ kind: 'download', userId: dana.id, prototypeId: other.id, documentId: 1, at: minute(63) });
    const records = await t.db.prisma.accessRecord.findMany({ where: { prototypeId: prototype.id }, orderBy: { id: 'asc' } });
    const hashOf = (i: number) => records[i]!.hash;

    const list = await accessList(sellerClient, prototype.id);
    expect(list.status).toBe(200);
    expect(list.json.map((r: { kind: string; openedBy: string; pages: number[] | null; hash: string }) => [r.kind, r.openedBy, r.pages, r.hash])).toEqual([
      ['denied', 'Omar R.', null, hashOf(7)],
      ['page_view', 'Dana K.', [5], hashOf(6)],
      ['page_view', 'Dana K.', [4], hashOf(5)],
      ['page_view', 'Omar R.', [1], hashOf(4)],
      ['page_view', 'Dana K.', [1, 2, 3], hashOf(3)],
      ['attestation', 'Dana K.', null, hashOf(0)],
    ]);
    expect(list.json.at(-1)).toMatchObject({ documentId: null, fileName: null, openedAt: '2026-11-20T08:01:00.000Z' });

    const csv = await csvOf(sellerClient, prototype.id);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="document-access-${prototype.id}.csv"`);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Record,Time (UTC),Kind,What,Document,Page,By,SHA-256');
    // Every row of this prototype the seller sees, newest first, each with its own hash; no revocation, no other prototype.
    expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual([7, 6, 5, 4, 3, 2, 1, 0].map(hashOf));
    expect(lines[2]).toBe(`${records[6]!.id},2026-11-20T09:00:00.000Z,page_view,Viewed a page,design.pdf,5,Dana K.,${hashOf(6)}`);
    expect(csv.text).not.toContain(hashOf(8));
  });
});

describe('GET /api/admin/audit/verify', () => {
  async function threeDownloads() {
    const { prototype, documentId } = await setUp();
    const keeper = await createAdmin(t.db.prisma);
    const keeperClient = await signedInClient(t.db, keeper);
    await attestAdmin(t.db.prisma, keeper.id, prototype.id);
    for (let i = 0; i < 3; i += 1) expect((await download(keeperClient, documentId)).status).toBe(200);
    const rows = await t.db.prisma.accessRecord.findMany({ orderBy: { id: 'asc' } });
    return { prototype, keeper, keeperClient, rows };
  }

  it('401 guest, 403 a seller and an admin without permissions.manage', async () => {
    const { sellerClient } = await setUp();
    expect((await verify(restClient(t.db))).status).toBe(401);
    expect((await verify(sellerClient)).status).toBe(403);
    const narrowed = await createAdmin(t.db.prisma);
    await t.db.prisma.userPermission.create({ data: { userId: narrowed.id, permission: 'permissions.manage', granted: false, reason: 'test' } });
    expect((await verify(await signedInClient(t.db, narrowed))).status).toBe(403);
  });

  it('ok with the row count; a changed row fails at that row; restored, ok again', async () => {
    const { keeperClient, rows } = await threeDownloads();
    expect((await verify(keeperClient)).json).toEqual({ ok: true, rows: 3 });
    await t.db.prisma.$executeRaw`UPDATE access_records SET at = at + interval '1 second' WHERE id = ${rows[1]!.id}`;
    const broken = await verify(keeperClient);
    expect(broken.status).toBe(200);
    expect(broken.json).toEqual({ ok: false, firstBrokenId: rows[1]!.id });
    await t.db.prisma.$executeRaw`UPDATE access_records SET at = ${rows[1]!.at} WHERE id = ${rows[1]!.id}`;
    expect((await verify(keeperClient)).json).toEqual({ ok: true, rows: 3 });
    await t.db.prisma.$executeRaw`UPDATE access_records SET user_id = NULL WHERE id = ${rows[0]!.id}`;
    expect((await verify(keeperClient)).json).toEqual({ ok: false, firstBrokenId: rows[0]!.id });
  });

  it('a deleted middle row fails at its successor; a deleted last row at its own id', async () => {
    const { keeperClient, rows } = await threeDownloads();
    await t.db.prisma.$executeRaw`DELETE FROM access_records WHERE id = ${rows[2]!.id}`;
    expect((await verify(keeperClient)).json).toEqual({ ok: false, firstBrokenId: rows[2]!.id });
    await t.db.prisma.$executeRaw`DELETE FROM access_records WHERE id = ${rows[0]!.id}`;
    expect((await verify(keeperClient)).json).toEqual({ ok: false, firstBrokenId: rows[1]!.id });
  });
});

describe('openings recorded before the access record', () => {
  it('join the chain once, oldest first, even when two instances start at once', async () => {
    const { prototype, sellerClient, documentId } = await setUp();
    const dana = await createAdmin(t.db.prisma, { firstName: 'Dana', lastName: 'Kowalski' });
    const times = ['2026-11-02T10:00:00.000Z', '2026-11-01T10:00:00.000Z', '2026-11-03T10:00:00.000Z'];
    for (const openedAt of times) await t.db.prisma.documentAccess.create({ data: { documentId, prototypeId: prototype.id, userId: dana.id, openedAt } });
    const moved = await Promise.all([moveLegacyDocumentAccess(t.db.prisma), moveLegacyDocumentAccess(t.db.prisma)]);
    expect(moved.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await t.db.prisma.documentAccess.count()).toBe(0);
    const list = await accessList(sellerClient, prototype.id);
    expect(list.json.map((r: { kind: string; openedAt: string; openedBy: string }) => [r.kind, r.openedAt, r.openedBy])).toEqual(
      [...times]
        .sort()
        .reverse()
        .map((at) => ['download', at, 'Dana K.']),
    );
    const keeper = await signedInClient(t.db, await createAdmin(t.db.prisma));
    expect((await verify(keeper)).json).toEqual({ ok: true, rows: 3 });
    expect(await moveLegacyDocumentAccess(t.db.prisma)).toBe(0);
  });
});
