// Information requests over REST (issue 14, point 5): the admin asks, the seller answers once with
// text and documents; the role/ownership/state matrix of every path, the seller's e-mail, the
// lead's notification, and concurrent answers.
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, restClient, type RestClient, setTestServices, signedInClient, useTestDatabase } from '../test/harness.ts';
import { xlsxOf, zipOf } from '../test/zip.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(512, 0x20), Buffer.from('\n%%EOF\n')]);

async function setUp() {
  const admin = await createAdmin(t.db.prisma, { firstName: 'Dana', lastName: 'Kowalski' });
  const seller = await createUser(t.db.prisma, { firstName: 'Sam' });
  const prototype = await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Tidal Kite' });
  return { admin, seller, prototype, adminClient: await signedInClient(t.db, admin), sellerClient: await signedInClient(t.db, seller) };
}

const ask = (client: RestClient, prototypeId: number | string, body: unknown = { question: 'What is the rated power at 2 m/s?', wantsDocuments: true }) =>
  client.request('POST', `/api/admin/prototypes/${prototypeId}/info-requests`, body);

function upload(client: RestClient, requestId: number | string, fileName: string, bytes: Buffer) {
  return client.app.request(`http://localhost/api/seller/info-requests/${requestId}/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(fileName), cookie: client.cookie },
    body: new Uint8Array(bytes),
  });
}

describe('POST /api/admin/prototypes/:id/info-requests', () => {
  it('answers 201 with the open request; the seller gets a notification and an e-mail with the question and the link; timeline and audit rows', async () => {
    const now = new Date('2026-11-20T10:00:00.000Z');
    setTestServices({ clock: { now: () => now } });
    const { admin, seller, prototype, adminClient } = await setUp();
    const res = await ask(adminClient, prototype.id);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      prototypeId: prototype.id,
      prototypeName: 'Tidal Kite',
      question: 'What is the rated power at 2 m/s?',
      wantsDocuments: true,
      answer: null,
      answeredAt: null,
      documents: [],
      askedBy: 'Dana K.',
      askedByName: 'Dana Kowalski',
      createdAt: now.toISOString(),
    });
    const notification = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id } });
    expect(notification).toMatchObject({ type: 'info_requested', prototypeId: prototype.id, actionUrl: `/prototypes/${prototype.id}` });
    const email = await t.db.prisma.emailMessage.findFirstOrThrow({ where: { userId: seller.id } });
    expect(email.template).toBe('info_requested');
    expect(email.toAddress).toBe(seller.email);
    expect(email.textBody).toContain('What is the rated power at 2 m/s?');
    expect(email.textBody).toContain(`/prototypes/${prototype.id}`);
    expect(email.textBody).toContain('attach the documents');
    const timeline = await t.db.prisma.prototypeTimeline.findFirstOrThrow({ where: { prototypeId: prototype.id, event: 'info_requested' } });
    expect(timeline.performedBy).toBe(admin.id);
    const audit = await t.db.prisma.userActivityLog.findFirstOrThrow({ where: { action: 'admin.prototype.infoRequest' } });
    expect(audit).toMatchObject({ userId: admin.id, targetId: String(prototype.id) });
  });

  it('no e-mail for a seller who turned e-mail notifications off (the notification still)', async () => {
    const { seller, prototype, adminClient } = await setUp();
    await t.db.prisma.user.update({ where: { id: seller.id }, data: { emailNotifications: false } });
    expect((await ask(adminClient, prototype.id)).status).toBe(201);
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, type: 'info_requested' } })).toBe(1);
    expect(await t.db.prisma.emailMessage.count({ where: { userId: seller.id } })).toBe(0);
  });

  it('401 guest, 403 seller, 404 unknown prototype, 409 rejected or closed, 400 bad body, overlong, NUL', async () => {
    const { seller, prototype, adminClient, sellerClient } = await setUp();
    expect((await ask(restClient(t.db), prototype.id)).status).toBe(401);
    expect((await ask(sellerClient, prototype.id)).status).toBe(403);
    expect((await ask(adminClient, 999_999)).status).toBe(404);
    expect((await ask(adminClient, 'abc')).status).toBe(404);
    const rejected = await createPrototype(t.db.prisma, seller.id, { status: 'rejected' });
    const closed = await createPrototype(t.db.prisma, seller.id, { status: 'approved', stage: 'closed' });
    expect((await ask(adminClient, rejected.id)).status).toBe(409);
    expect((await ask(adminClient, closed.id)).status).toBe(409);
    const empty = await ask(adminClient, prototype.id, { question: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toContain('Question is required');
    const long = await ask(adminClient, prototype.id, { question: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.json.message).toContain('at most 5000');
    expect((await ask(adminClient, prototype.id, { question: 'a\u0000b' })).status).toBe(400);
    expect((await ask(adminClient, prototype.id, { question: 'ok', wantsDocuments: 'yes' })).status).toBe(400);
    expect((await ask(adminClient, prototype.id, { question: 'x'.repeat(5000) })).status).toBe(201);
    expect(await t.db.prisma.infoRequest.count()).toBe(1);
  });
});

describe('seller: GET /api/seller/info-requests, POST /api/seller/info-requests/:id/answer', () => {
  it('lists open requests first, answers once with a document; the lead is notified; 409 the second time', async () => {
    const answeredAt = new Date('2026-11-21T09:30:00.000Z');
    let now = new Date('2026-11-20T10:00:00.000Z');
    setTestServices({ clock: { now: () => now } });
    const { admin, seller, prototype, adminClient, sellerClient } = await setUp();
    const lead = await createAdmin(t.db.prisma, { firstName: 'Lee' });
    await t.db.prisma.prototype.update({ where: { id: prototype.id }, data: { assignedTo: lead.id } });
    const first = (await ask(adminClient, prototype.id, { question: 'First?' })).json;
    const second = (await ask(adminClient, prototype.id, { question: 'Second?', wantsDocuments: true })).json;

    const openList = await sellerClient.request('GET', '/api/seller/info-requests');
    expect(openList.status).toBe(200);
    expect(openList.json.map((r: { question: string }) => r.question)).toEqual(['Second?', 'First?']);
    expect((await sellerClient.request('GET', `/api/seller/prototypes/${prototype.id}`)).json.openInfoRequests).toBe(2);
    const rows = (await sellerClient.request('GET', '/api/seller/prototypes')).json;
    expect(rows.find((r: { id: number }) => r.id === prototype.id).openInfoRequests).toBe(2);

    const doc = await upload(sellerClient, second.id, 'power curve.pdf', PDF);
    expect(doc.status).toBe(201);
    const docJson = (await doc.json()) as { id: number };
    now = answeredAt;
    const answered = await sellerClient.request('POST', `/api/seller/info-requests/${second.id}/answer`, { answer: '  3.2 kW, curve attached.  ' });
    expect(answered.status).toBe(200);
    expect(answered.json).toMatchObject({
      id: second.id,
      answer: '3.2 kW, curve attached.',
      answeredAt: answeredAt.toISOString(),
      documents: [{ id: docJson.id, fileName: 'power curve.pdf' }],
    });
    expect((await t.db.prisma.prototypeDocument.findUniqueOrThrow({ where: { id: docJson.id } })).infoRequestId).toBe(second.id);

    const again = await sellerClient.request('POST', `/api/seller/info-requests/${second.id}/answer`, { answer: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect((await t.db.prisma.infoRequest.findUniqueOrThrow({ where: { id: second.id } })).answer).toBe('3.2 kW, curve attached.');
    expect((await upload(sellerClient, second.id, 'late.pdf', PDF)).status).toBe(409);

    // The lead alone hears of it; the other admin does not.
    expect(await t.db.prisma.notification.count({ where: { userId: lead.id, type: 'info_answered' } })).toBe(1);
    expect(await t.db.prisma.notification.count({ where: { userId: admin.id, type: 'info_answered' } })).toBe(0);
    expect(await t.db.prisma.prototypeTimeline.count({ where: { prototypeId: prototype.id, event: 'info_answered' } })).toBe(1);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'prototype.info_answer', userId: seller.id } })).toBe(1);

    const list = (await sellerClient.request('GET', '/api/seller/info-requests')).json;
    expect(list.map((r: { id: number }) => r.id)).toEqual([first.id, second.id]);
    expect((await sellerClient.request('GET', `/api/seller/prototypes/${prototype.id}`)).json.openInfoRequests).toBe(1);

    const open = await adminClient.request('GET', '/api/admin/info-requests');
    expect(open.status).toBe(200);
    expect(open.json.items.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expect(open.json.total).toBe(1);
  });

  it('with no lead, every admin is notified', async () => {
    const { admin, prototype, adminClient, sellerClient } = await setUp();
    const other = await createAdmin(t.db.prisma);
    const request = (await ask(adminClient, prototype.id)).json;
    expect((await sellerClient.request('POST', `/api/seller/info-requests/${request.id}/answer`, { answer: 'Here.' })).status).toBe(200);
    for (const id of [admin.id, other.id]) expect(await t.db.prisma.notification.count({ where: { userId: id, type: 'info_answered' } })).toBe(1);
  });

  it('401 guest, 404 another seller or unknown, 400 empty/overlong/NUL; another seller sees none of it', async () => {
    const { prototype, adminClient } = await setUp();
    const request = (await ask(adminClient, prototype.id)).json;
    const answer = (client: RestClient, id: number | string, body: unknown = { answer: 'Mine now' }) =>
      client.request('POST', `/api/seller/info-requests/${id}/answer`, body);
    expect((await answer(restClient(t.db), request.id)).status).toBe(401);
    expect((await restClient(t.db).request('GET', '/api/seller/info-requests')).status).toBe(401);
    const stranger = await signedInClient(t.db, await createUser(t.db.prisma));
    expect((await answer(stranger, request.id)).status).toBe(404);
    expect((await upload(stranger, request.id, 'x.pdf', PDF)).status).toBe(404);
    expect((await answer(stranger, 999_999)).status).toBe(404);
    expect((await stranger.request('GET', '/api/seller/info-requests')).json).toEqual([]);
    expect((await stranger.request('GET', '/api/admin/info-requests')).status).toBe(403);
    const owner = await signedInClient(t.db, await t.db.prisma.user.findUniqueOrThrow({ where: { id: prototype.sellerId } }));
    expect((await answer(owner, request.id, { answer: '' })).status).toBe(400);
    expect((await answer(owner, request.id, { answer: 'y'.repeat(5001) })).status).toBe(400);
    expect((await answer(owner, request.id, { answer: 'a\u0000' })).status).toBe(400);
    expect((await answer(owner, request.id, {})).status).toBe(400);
    expect((await t.db.prisma.infoRequest.findUniqueOrThrow({ where: { id: request.id } })).answeredAt).toBeNull();
  });

  it('uploads with an answer follow the submission rules (type refused: 415)', async () => {
    const { prototype, adminClient, sellerClient } = await setUp();
    const request = (await ask(adminClient, prototype.id)).json;
    expect((await upload(sellerClient, request.id, 'tool.exe', Buffer.from('MZ\x90\x00'))).status).toBe(415);
    expect((await upload(sellerClient, request.id, 'fake.pdf', Buffer.from('not a pdf at all'))).status).toBe(415);
    expect(await t.db.prisma.prototypeDocument.count({ where: { infoRequestId: request.id } })).toBe(0);
  });

  it('answers also take spreadsheets and text (XLSX, XLS, CSV, TSV, TXT), checked by content, stored with their own type (issue 34, point 14)', async () => {
    const { prototype, adminClient, sellerClient } = await setUp();
    const request = (await ask(adminClient, prototype.id)).json;
    const csv = Buffer.from('wind speed (m/s),power (kW)\n2,1.5\n12,48.2\n');
    const files: [string, Buffer, string][] = [
      ['power curve.xlsx', xlsxOf(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['legacy.xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64, 0)]), 'application/vnd.ms-excel'],
      ['readings.csv', csv, 'text/csv; charset=utf-8'],
      ['readings.tsv', Buffer.from('speed\tpower\n2\t1.5\n'), 'text/tab-separated-values; charset=utf-8'],
      ['log.TXT', Buffer.from('24 h run, no faults.\n'), 'text/plain; charset=utf-8'],
    ];
    for (const [name, bytes, type] of files) {
      const res = await upload(sellerClient, request.id, name, bytes);
      expect(res.status, name).toBe(201);
      expect(await res.json(), name).toMatchObject({ fileName: name, fileType: type, fileSize: bytes.length });
    }
    const refused = [
      ['binary.csv', Buffer.from([0x61, 0x2c, 0x00, 0x0a])],
      ['latin1.csv', Buffer.from('caf\xe9,1\n', 'latin1')],
      ['renamed.xlsx', Buffer.from('a,b\n1,2\n')],
      ['report.xlsx', zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' })],
    ] as const;
    for (const [name, bytes] of refused) expect((await upload(sellerClient, request.id, name, bytes)).status, name).toBe(415);
    expect(await t.db.prisma.prototypeDocument.count({ where: { infoRequestId: request.id } })).toBe(files.length);
    // The seller downloads the CSV as it was sent.
    const stored = await t.db.prisma.prototypeDocument.findFirstOrThrow({ where: { fileName: 'readings.csv' }, select: { id: true } });
    const download = await sellerClient.app.request(`http://localhost/api/documents/${stored.id}`, { headers: { cookie: sellerClient.cookie } });
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(Buffer.from(await download.arrayBuffer()).equals(csv)).toBe(true);
  });

  it('two answers at once: exactly one wins, the other is 409 (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const { prototype, adminClient, seller } = await setUp();
    const request = (await ask(adminClient, prototype.id)).json;
    const clients = await Promise.all([signedInClient(t.db, seller), signedInClient(t.db, seller), signedInClient(t.db, seller), signedInClient(t.db, seller)]);
    const results = await Promise.all(
      clients.map((client, i) => client.request('POST', `/api/seller/info-requests/${request.id}/answer`, { answer: `Answer ${i}` })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await t.db.prisma.prototypeTimeline.count({ where: { event: 'info_answered' } })).toBe(1);
    expect(await t.db.prisma.notification.count({ where: { type: 'info_answered' } })).toBe(1);
  });
});

describe('infoRequests.forPrototype (the exchange on the prototype pages)', () => {
  it("the seller reads their own prototype's exchange (no full names), an admin any, another seller none", async () => {
    const { seller, prototype, adminClient, admin } = await setUp();
    const asked = (await ask(adminClient, prototype.id, { question: 'Why?' })).json;
    const own = await (await callerAs(t.db, seller.id)).infoRequests.forPrototype({ id: prototype.id });
    expect(own).toEqual([expect.objectContaining({ id: asked.id, question: 'Why?', askedBy: 'Dana K.' })]);
    expect(own[0]).not.toHaveProperty('askedByName');
    const asAdmin = await (await callerAs(t.db, admin.id)).infoRequests.forPrototype({ id: prototype.id });
    expect(asAdmin[0]).toMatchObject({ askedByName: 'Dana Kowalski' });
    const stranger = await createUser(t.db.prisma);
    await expect((await callerAs(t.db, stranger.id)).infoRequests.forPrototype({ id: prototype.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
