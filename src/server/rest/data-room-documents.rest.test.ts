// The data room's copies and reader (issue 31, points 3 and 4) through HTTP: an admin's copy of a PDF
// or picture is stamped with who they are (the stored original never changes, the seller gets it
// byte for byte), a view-only document is read only page by page, each page an admin sees is recorded,
// and hostile PDFs get a clear 4xx without stalling the server.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyAccessRecord } from '../domain/access-record.ts';
import { VIEW_ONLY_DOWNLOAD_REFUSED } from '../domain/document-reading.ts';
import { attestAdmin, createPrototype } from '../test/factories.ts';
import { type RestClient, setTestServices, signedInClient, useTestDatabase } from '../test/harness.ts';
import { pdfText, sampleImage, samplePdf } from '../test/pdf-fixtures.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

const NOW = new Date('2026-11-26T10:15:00.000Z');

async function upload(client: RestClient, prototypeId: number, fileName: string, bytes: Buffer<ArrayBuffer>): Promise<number> {
  const res = await client.app.request(`http://localhost/api/prototypes/${prototypeId}/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(fileName), cookie: client.cookie },
    body: bytes,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The raw answer (bytes, not text). */
const get = async (client: RestClient, path: string) =>
  client.app.request(`http://localhost${path}`, { headers: client.cookie ? { cookie: client.cookie } : {} });
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

async function setUp(fileName: string, bytes: Buffer<ArrayBuffer>) {
  setTestServices({ clock: { now: () => NOW } });
  const seller = await signedInClient(t.db, 'user');
  const prototype = await createPrototype(t.db.prisma, seller.user.id);
  const admin = await signedInClient(t.db, 'admin', { fields: { firstName: 'Dana', lastName: 'Kowalski', email: 'dana.kowalski@atomix.test' } });
  await attestAdmin(t.db.prisma, admin.user.id, prototype.id);
  const documentId = await upload(seller, prototype.id, fileName, bytes);
  return { seller, admin, prototype, documentId };
}

describe('watermarked copies (GET /api/documents/{id})', () => {
  it("stamps an admin's PDF on every page with name, e-mail, time, prototype and access record id, in the text and the metadata; the seller gets the original", async () => {
    const original = await samplePdf(3);
    const { seller, admin, prototype, documentId } = await setUp('design.pdf', original);

    const res = await get(admin, `/api/documents/${documentId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const copy = await bytesOf(res);
    expect(copy.equals(original)).toBe(false);
    const record = await t.db.prisma.accessRecord.findFirstOrThrow({ where: { kind: 'download', userId: admin.user.id } });
    expect(record).toMatchObject({ documentId, prototypeId: prototype.id, details: { copy: 'stamped' }, at: NOW });

    const text = await pdfText(copy);
    const pages = text.split('\n');
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page).toContain('Dana Kowalski <dana.kowalski@atomix.test>');
      expect(page).toContain(`2026-11-26 10:15 UTC | prototype ${prototype.id} | access record ${record.id}`);
    }
    expect(text).toContain('Confidential design page 2');
    const stamped = await PDFDocument.load(copy, { updateMetadata: false });
    expect(stamped.getSubject()).toBe(
      `Confidential copy for Dana Kowalski <dana.kowalski@atomix.test>, 2026-11-26T10:15:00.000Z, prototype ${prototype.id}, access record ${record.id}`,
    );

    // The stored original never changes: the seller downloads it byte for byte, unrecorded.
    const own = await get(seller, `/api/documents/${documentId}`);
    expect(own.status).toBe(200);
    expect((await bytesOf(own)).equals(original)).toBe(true);
    expect(await t.db.prisma.accessRecord.count()).toBe(1);
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: true, rows: 1 });
  });

  it.each(['png', 'jpeg'] as const)("stamps an admin's %s (same size, other pixels); the seller gets the original bytes", async (format) => {
    const original = await sampleImage(format);
    const { seller, admin, documentId } = await setUp(`photo.${format === 'png' ? 'png' : 'jpg'}`, original);
    const res = await get(admin, `/api/documents/${documentId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`image/${format}`);
    const copy = await bytesOf(res);
    expect(copy.equals(original)).toBe(false);
    const pixels = (bytes: Buffer) => sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [a, b] = await Promise.all([pixels(original), pixels(copy)]);
    expect([b.info.width, b.info.height]).toEqual([a.info.width, a.info.height]);
    let changed = 0;
    for (let i = 0; i < a.data.length; i += 1) if (Math.abs(a.data[i]! - b.data[i]!) > 24) changed += 1;
    // Visible, but not covering the picture.
    expect(changed / a.data.length).toBeGreaterThan(0.01);
    expect(changed / a.data.length).toBeLessThan(0.5);
    expect((await bytesOf(await get(seller, `/api/documents/${documentId}`))).equals(original)).toBe(true);
    expect(await t.db.prisma.accessRecord.findFirst({ where: { kind: 'download' }, select: { details: true } })).toEqual({ details: { copy: 'stamped' } });
  });

  it('serves other types as they are and records them as the original', async () => {
    const csv = Buffer.from('a,b\n1,2\n');
    const { admin, prototype } = await setUp('x.pdf', await samplePdf());
    // A CSV reaches the prototype only as an answer document: stored directly for this test.
    const doc = await t.db.prisma.prototypeDocument.findFirstOrThrow({ where: { prototypeId: prototype.id } });
    await t.db.prisma.prototypeDocument.update({ where: { id: doc.id }, data: { fileType: 'text/csv' } });
    const res = await get(admin, `/api/documents/${doc.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv');
    expect(await t.db.prisma.accessRecord.findFirst({ select: { kind: true, details: true } })).toEqual({ kind: 'download', details: { copy: 'original' } });
    expect(csv.length).toBeGreaterThan(0);
  });

  it('refuses a damaged PDF to an admin with 422 before anything is recorded', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);
    const { admin, seller, documentId } = await setUp('broken.pdf', broken);
    const res = await get(admin, `/api/documents/${documentId}`);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(/cannot be read/);
    expect(await t.db.prisma.accessRecord.count()).toBe(0);
    expect((await bytesOf(await get(seller, `/api/documents/${documentId}`))).equals(broken)).toBe(true);
  });
});

describe('the reader (GET /api/documents/{id}/pages/{n}) and view-only (PATCH /api/seller/documents/{id})', () => {
  it('renders each page as a PNG for the admin and the seller, records each admin page view, 404 past the end, 415 for a picture', async () => {
    const { seller, admin, prototype, documentId } = await setUp('design.pdf', await samplePdf(3));
    for (const n of [1, 2, 3]) {
      const res = await get(admin, `/api/documents/${documentId}/pages/${n}`);
      expect(res.status, `page ${n}`).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-page-count')).toBe('3');
      const meta = await sharp(await bytesOf(res)).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBeLessThanOrEqual(1240);
    }
    const views = await t.db.prisma.accessRecord.findMany({ where: { kind: 'page_view' }, orderBy: { id: 'asc' } });
    expect(views.map((v) => [v.userId, v.documentId, v.prototypeId, v.page, v.at.toISOString()])).toEqual(
      [1, 2, 3].map((page) => [admin.user.id, documentId, prototype.id, page, NOW.toISOString()]),
    );
    expect(await t.db.prisma.prototypeDocument.findUnique({ where: { id: documentId }, select: { pageCount: true } })).toEqual({ pageCount: 3 });

    // The seller reads their own pages, unrecorded.
    expect((await get(seller, `/api/documents/${documentId}/pages/2`)).status).toBe(200);
    expect(await t.db.prisma.accessRecord.count()).toBe(3);

    for (const n of ['4', '0', '-1', '2147483648', '99999999999999999999', 'abc', '1.5']) {
      const res = await get(admin, `/api/documents/${documentId}/pages/${n}`);
      expect(res.status, n).toBe(404);
    }
    expect(await t.db.prisma.accessRecord.count()).toBe(3);
    const picture = await upload(seller, prototype.id, 'photo.png', await sampleImage('png'));
    const refused = await get(admin, `/api/documents/${picture}/pages/1`);
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Only a PDF/);
    const stranger = await signedInClient(t.db, 'user');
    expect((await get(stranger, `/api/documents/${documentId}/pages/1`)).status).toBe(404);
    expect((await get({ ...stranger, cookie: '' } as RestClient, `/api/documents/${documentId}/pages/1`)).status).toBe(401);
  });

  it('a view-only document: the admin gets 403 on download and reads it in the reader; only its seller may switch it', async () => {
    const { seller, admin, documentId } = await setUp('design.pdf', await samplePdf(2));
    const stranger = await signedInClient(t.db, 'user');
    expect((await stranger.request('PATCH', `/api/seller/documents/${documentId}`, { viewOnly: true })).status).toBe(404);
    expect((await admin.request('PATCH', `/api/seller/documents/${documentId}`, { viewOnly: true })).status).toBe(404);
    expect((await seller.request('PATCH', `/api/seller/documents/2147483648`, { viewOnly: true })).status).toBe(404);
    expect((await seller.request('PATCH', `/api/seller/documents/${documentId}`, { viewOnly: 'yes' })).status).toBe(400);
    const patched = await seller.request('PATCH', `/api/seller/documents/${documentId}`, { viewOnly: true });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ id: documentId, viewOnly: true });

    const refused = await get(admin, `/api/documents/${documentId}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: VIEW_ONLY_DOWNLOAD_REFUSED });
    expect((await get(admin, `/api/documents/${documentId}/pages/2`)).status).toBe(200);
    // The seller still downloads their own.
    expect((await get(seller, `/api/documents/${documentId}`)).status).toBe(200);
    expect(await t.db.prisma.accessRecord.findMany({ select: { kind: true, page: true } })).toEqual([{ kind: 'page_view', page: 2 }]);

    expect((await seller.request('PATCH', `/api/seller/documents/${documentId}`, { viewOnly: false })).json).toMatchObject({ viewOnly: false });
    expect((await get(admin, `/api/documents/${documentId}`)).status).toBe(200);
  });
});

describe('hostile PDFs in the reader', () => {
  it('a damaged PDF is a 422, and the server answers right after', async () => {
    const broken = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n'),
      Buffer.alloc(512, 0x41),
      Buffer.from('\n%%EOF\n'),
    ]);
    const { admin, documentId } = await setUp('broken.pdf', broken);
    const res = await get(admin, `/api/documents/${documentId}/pages/1`);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(/cannot be read|damaged/);
    expect((await get(admin, '/healthz')).status).toBe(200);
  });

  it('a 5,000-page PDF: any page reads in the reader, a stamped copy is refused with 422 (too many pages to stamp)', async () => {
    const { admin, documentId } = await setUp('long.pdf', await samplePdf(5000, 'Long'));
    const last = await get(admin, `/api/documents/${documentId}/pages/5000`);
    expect(last.status).toBe(200);
    expect((await get(admin, `/api/documents/${documentId}/pages/5001`)).status).toBe(404);
    const copy = await get(admin, `/api/documents/${documentId}`);
    expect(copy.status).toBe(422);
    expect(((await copy.json()) as { message: string }).message).toMatch(/more than 2000 pages/);
  }, 60_000);

  it('a page bomb (14,400 × 14,400 pt, deeply nested objects) renders within bounds or is refused with a 4xx', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([14_400, 14_400]);
    // A deep chain of nested arrays in the page's dictionary.
    let nested = '[0]';
    for (let i = 0; i < 20_000; i += 1) nested = `[${nested}]`;
    const base = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
    const bomb = Buffer.from(base.replace('/Type /Page', `/Type /Page /Bomb ${nested}`), 'latin1');
    const { admin, documentId } = await setUp('bomb.pdf', bomb);
    const res = await get(admin, `/api/documents/${documentId}/pages/1`);
    expect([200, 422]).toContain(res.status);
    if (res.status === 200) {
      const meta = await sharp(await bytesOf(res)).metadata();
      expect(meta.width! * meta.height!).toBeLessThanOrEqual(1240 * 1754);
    }
    const copy = await get(admin, `/api/documents/${documentId}`);
    expect([200, 422]).toContain(copy.status);
    expect((await get(admin, '/healthz')).status).toBe(200);
  }, 60_000);

  it('30 parallel page requests: each is a page or a 429, and the server keeps answering meanwhile', async () => {
    const { admin, documentId } = await setUp('design.pdf', await samplePdf(30));
    const started = performance.now();
    const pending = Array.from({ length: 30 }, (_, i) => get(admin, `/api/documents/${documentId}/pages/${i + 1}`));
    // The event loop is free while pages render in the worker.
    const health = await get(admin, '/healthz');
    expect(health.status).toBe(200);
    const healthMs = performance.now() - started;
    const answers = await Promise.all(pending);
    expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    expect(healthMs).toBeLessThan(5000);
    const served = answers.filter((r) => r.status === 200).length;
    // Each page served to the admin was recorded.
    expect(await t.db.prisma.accessRecord.count({ where: { kind: 'page_view' } })).toBeGreaterThanOrEqual(served);
  }, 120_000);
});
