// Audited confidential documents (issue 14, point 8): every admin download writes one access row
// (who, which document, when) before the bytes go out; the seller's own downloads write none; the
// seller reads the list, nobody else's seller can.
import { afterEach, describe, expect, it } from 'vitest';
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
    expect(await t.db.prisma.documentAccess.count()).toBe(0);
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

    const rows = await t.db.prisma.documentAccess.findMany({ orderBy: { openedAt: 'asc' } });
    expect(rows.map((r) => [r.userId, r.documentId, r.prototypeId, r.openedAt.toISOString()])).toEqual([
      [dana.id, documentId, prototype.id, '2026-11-20T08:00:00.000Z'],
      [omar.id, documentId, prototype.id, '2026-11-21T15:30:00.000Z'],
      [dana.id, documentId, prototype.id, '2026-11-22T09:00:00.000Z'],
    ]);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'document.opened', userId: dana.id } })).toBe(2);

    const list = await accessList(sellerClient, prototype.id);
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      { documentId, fileName: 'design.pdf', openedAt: '2026-11-22T09:00:00.000Z', openedBy: 'Dana K.' },
      { documentId, fileName: 'design.pdf', openedAt: '2026-11-21T15:30:00.000Z', openedBy: 'Omar R.' },
      { documentId, fileName: 'design.pdf', openedAt: '2026-11-20T08:00:00.000Z', openedBy: 'Dana K.' },
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
    expect(await t.db.prisma.documentAccess.count()).toBe(0);
  });

  it('when the access row cannot be written, the admin gets no document', async () => {
    const { documentId, prototype } = await setUp();
    const admin = await createAdmin(t.db.prisma);
    await attestAdmin(t.db.prisma, admin.id, prototype.id);
    const client = await signedInClient(t.db, admin);
    // A trigger that refuses every access row: the recording fails, so must the download.
    await t.db.prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION refuse_access() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no'; END $$`);
    await t.db.prisma.$executeRawUnsafe(`CREATE TRIGGER refuse_access BEFORE INSERT ON document_access FOR EACH ROW EXECUTE FUNCTION refuse_access()`);
    try {
      const res = await client.app.request(`http://localhost/api/documents/${documentId}`, { headers: { cookie: client.cookie } });
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain('%PDF');
    } finally {
      await t.db.prisma.$executeRawUnsafe(`DROP TRIGGER refuse_access ON document_access`);
      await t.db.prisma.$executeRawUnsafe(`DROP FUNCTION refuse_access()`);
    }
  });
});

describe('GET /api/seller/prototypes/:id/document-access', () => {
  it('401 guest, 404 another seller or unknown', async () => {
    const { prototype } = await setUp();
    expect((await accessList(restClient(t.db), prototype.id)).status).toBe(401);
    const stranger = await signedInClient(t.db, await createUser(t.db.prisma));
    expect((await accessList(stranger, prototype.id)).status).toBe(404);
    expect((await accessList(stranger, 999_999)).status).toBe(404);
    expect((await accessList(stranger, 'abc')).status).toBe(404);
  });
});
