// The data room (issue 31, points 1, 2 and 5; ADR 0045): versioned confidentiality terms, the
// attestation per prototype, the one gate on every path that carries confidential content, the
// seller's revocations and the retention after a prototype closes.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TERMS, sha256 } from '../domain/confidentiality-terms.ts';
import { attestAdmin, createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { type RestClient, callerAs, restClient, setTestServices, signedInClient, useTestDatabase } from '../test/harness.ts';
import { livePayloads } from '../test/live-payloads.ts';
import { samplePdf } from '../test/pdf-fixtures.ts';
import { fixedClock } from '../test/services.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

const SECRET = 'Tokamak coil geometry, patent pending';
const NOTES = 'Confidential notes: cryostat supplier';
const ANSWER = 'The confinement time is 4.2 s at 12 T';
// A real PDF: an admin's copy is stamped (ADR 0046), which a damaged one could not be.
const PDF = await samplePdf(1);

async function upload(client: RestClient, prototypeId: number, fileName: string): Promise<number> {
  const res = await client.app.request(`http://localhost/api/prototypes/${prototypeId}/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(fileName), cookie: client.cookie },
    body: PDF,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function setUp() {
  const seller = await signedInClient(t.db, 'user');
  const prototype = await createPrototype(t.db.prisma, seller.user.id, { description: SECRET, notes: NOTES });
  const documentId = await upload(seller, prototype.id, 'coil-design.pdf');
  const admin = await signedInClient(t.db, 'admin', { fields: { firstName: 'Dana', lastName: 'Kowalski' } });
  return { seller, prototype, documentId, admin };
}

const acceptCurrent = async (client: RestClient) => {
  const terms = await client.request('GET', '/api/confidentiality/terms');
  return client.request('POST', '/api/confidentiality/terms/accept', { version: terms.json.version });
};

describe('confidentiality terms', () => {
  it('starts at version 1 of the default text; accepting records time, address, user agent and the SHA-256; 409 for another version', async () => {
    const clock = fixedClock(new Date('2026-11-20T08:00:00.000Z'));
    setTestServices({ clock });
    const { admin } = await setUp();
    const terms = await admin.request('GET', '/api/confidentiality/terms');
    expect(terms.status).toBe(200);
    expect(terms.json).toEqual({ version: 1, title: DEFAULT_TERMS.title, text: DEFAULT_TERMS.text, acceptedAt: null });
    expect(DEFAULT_TERMS.text).toMatch(/evaluat/);
    expect(DEFAULT_TERMS.text).toMatch(/return or delete/);

    expect((await admin.request('POST', '/api/confidentiality/terms/accept', { version: 2 })).status).toBe(409);
    expect((await admin.request('POST', '/api/confidentiality/terms/accept', { version: 'one' })).status).toBe(400);
    const accepted = await admin.request('POST', '/api/confidentiality/terms/accept', { version: 1 }, { 'user-agent': 'Firefox/140' });
    expect(accepted.status).toBe(201);
    expect(accepted.json).toEqual({ version: 1, acceptedAt: '2026-11-20T08:00:00.000Z' });
    // Accepting again keeps the first acceptance.
    clock.set(new Date('2026-11-21T08:00:00.000Z'));
    expect((await admin.request('POST', '/api/confidentiality/terms/accept', { version: 1 })).json.acceptedAt).toBe('2026-11-20T08:00:00.000Z');

    const rows = await t.db.prisma.termsAcceptance.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: admin.user.id, version: 1, textSha256: sha256(DEFAULT_TERMS.text), userAgent: 'Firefox/140' });
    expect(rows[0]?.ip).toBeTruthy();
    const record = await t.db.prisma.accessRecord.findMany({ where: { kind: 'terms_acceptance' } });
    expect(record).toHaveLength(1);
    expect(record[0]?.details).toMatchObject({ version: 1, textSha256: sha256(DEFAULT_TERMS.text), userAgent: 'Firefox/140' });
    expect((await admin.request('GET', '/api/confidentiality/terms')).json.acceptedAt).toBe('2026-11-20T08:00:00.000Z');
  });

  it(
    '30 acceptances at once: each answers 201 with the one acceptance; one row, one access record (races only bite on PostgreSQL)',
    { tags: ['engine'] },
    async () => {
      const { admin } = await setUp();
      const answers = await Promise.all(Array.from({ length: 30 }, () => admin.request('POST', '/api/confidentiality/terms/accept', { version: 1 })));
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 30 }, () => 201));
      const row = await t.db.prisma.termsAcceptance.findFirstOrThrow();
      expect(new Set(answers.map((answer) => answer.json.acceptedAt))).toEqual(new Set([row.acceptedAt.toISOString()]));
      expect(await t.db.prisma.termsAcceptance.count()).toBe(1);
      expect(await t.db.prisma.accessRecord.count({ where: { kind: 'terms_acceptance' } })).toBe(1);
    },
  );

  it('401 guest; a seller reads the terms but may neither accept nor publish (403); 400 for an empty or overlong text', async () => {
    const { seller, admin } = await setUp();
    expect((await restClient(t.db).request('GET', '/api/confidentiality/terms')).status).toBe(401);
    expect((await seller.request('GET', '/api/confidentiality/terms')).status).toBe(200);
    expect((await seller.request('POST', '/api/confidentiality/terms/accept', { version: 1 })).status).toBe(403);
    expect((await seller.request('PUT', '/api/admin/confidentiality/terms', { title: 'T', text: 'x' })).status).toBe(403);
    expect((await admin.request('PUT', '/api/admin/confidentiality/terms', { title: '', text: 'x' })).status).toBe(400);
    expect((await admin.request('PUT', '/api/admin/confidentiality/terms', { title: 'T', text: 'x'.repeat(20_001) })).status).toBe(400);
    expect((await admin.request('PUT', '/api/admin/confidentiality/terms', { title: 'T', text: 'a\u0000b' })).status).toBe(400);
  });

  it('a new version requires every admin to accept again before the content opens', async () => {
    const { prototype, admin } = await setUp();
    await attestAdmin(t.db.prisma, admin.user.id, prototype.id);
    expect((await admin.request('GET', `/api/admin/prototypes/${prototype.id}`)).json.description).toBe(SECRET);

    const published = await admin.request('PUT', '/api/admin/confidentiality/terms', { title: 'Terms v2', text: 'New text' });
    expect(published.status).toBe(201);
    expect(published.json).toEqual({ version: 2 });
    const terms = await admin.request('GET', '/api/confidentiality/terms');
    expect(terms.json).toMatchObject({ version: 2, title: 'Terms v2', text: 'New text', acceptedAt: null });

    const closed = await admin.request('GET', `/api/admin/prototypes/${prototype.id}`);
    expect(closed.json.description).toBeUndefined();
    expect(closed.json.access).toEqual({
      termsAccepted: false,
      attested: true,
      denial: { reason: 'terms_not_accepted', message: "Accept the confidentiality terms (version 2) to open this prototype's confidential content." },
    });
    expect((await admin.request('POST', '/api/confidentiality/terms/accept', { version: 1 })).status).toBe(409);
    expect((await admin.request('POST', '/api/confidentiality/terms/accept', { version: 2 })).status).toBe(201);
    expect((await admin.request('GET', `/api/admin/prototypes/${prototype.id}`)).json.description).toBe(SECRET);

    // The terms page: both versions, who accepted which.
    const history = await (await callerAs(t.db, admin.user.id)).confidentiality.history();
    expect(history.map((v) => [v.version, v.acceptances.map((a) => a.name)])).toEqual([
      [2, ['Dana Kowalski']],
      [1, ['Dana Kowalski']],
    ]);
  });

  it('thirty parallel first reads write version 1 once', async () => {
    const { admin } = await setUp();
    const answers = await Promise.all(Array.from({ length: 30 }, () => admin.request('GET', '/api/confidentiality/terms')));
    expect(answers.every((a) => a.status === 200 && a.json.version === 1)).toBe(true);
    expect(await t.db.prisma.confidentialityTerms.count()).toBe(1);
  });
});

describe('attestation per prototype', () => {
  it('404 unknown, 400 unless noConflict is true, 409 before the terms, 201 after; the seller sees who, when and which version', async () => {
    setTestServices({ clock: fixedClock(new Date('2026-11-22T10:00:00.000Z')) });
    const { seller, prototype, admin } = await setUp();
    const path = `/api/admin/prototypes/${prototype.id}/attestation`;
    expect((await restClient(t.db).request('POST', path, { noConflict: true })).status).toBe(401);
    expect((await seller.request('POST', path, { noConflict: true })).status).toBe(403);
    expect((await admin.request('POST', '/api/admin/prototypes/999999/attestation', { noConflict: true })).status).toBe(404);
    expect((await admin.request('POST', '/api/admin/prototypes/99999999999/attestation', { noConflict: true })).status).toBe(404);
    for (const body of [{}, { noConflict: false }, { noConflict: 'true' }]) expect((await admin.request('POST', path, body)).status).toBe(400);
    const early = await admin.request('POST', path, { noConflict: true });
    expect(early.status).toBe(409);
    expect(early.json.message).toMatch(/Accept the confidentiality terms \(version 1\)/);

    expect((await acceptCurrent(admin)).status).toBe(201);
    const attested = await admin.request('POST', path, { noConflict: true });
    expect(attested.status).toBe(201);
    expect(attested.json).toEqual({ prototypeId: prototype.id, termsVersion: 1, attestedAt: '2026-11-22T10:00:00.000Z' });
    const record = await t.db.prisma.accessRecord.findFirstOrThrow({ where: { kind: 'attestation' } });
    expect(record).toMatchObject({ userId: admin.user.id, prototypeId: prototype.id, details: { termsVersion: 1, noConflict: true } });

    const room = await (await callerAs(t.db, seller.user.id)).confidentiality.sellerDataRoom({ id: prototype.id });
    expect(room.admins).toEqual([
      { adminId: admin.user.id, name: 'Dana K.', attestedAt: new Date('2026-11-22T10:00:00.000Z'), termsVersion: 1, revokedAt: null },
    ]);
    const stranger = await createUser(t.db.prisma);
    await expect((await callerAs(t.db, stranger.id)).confidentiality.sellerDataRoom({ id: prototype.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the gate on every path', () => {
  it('before the terms and the attestation: no description, notes, documents or answers anywhere; documents 403 and recorded', async () => {
    const { seller, prototype, documentId, admin } = await setUp();
    const adminCaller = await callerAs(t.db, admin.user.id);
    // An information request, answered with the secret.
    const asked = await admin.request('POST', `/api/admin/prototypes/${prototype.id}/info-requests`, { question: 'Confinement time?', wantsDocuments: false });
    expect(asked.status).toBe(201);
    const payloads = await livePayloads(() => seller.request('POST', `/api/seller/info-requests/${asked.json.id}/answer`, { answer: ANSWER }));
    expect(payloads.length).toBeGreaterThan(0);
    for (const payload of payloads) expect(payload).not.toContain(ANSWER);

    // REST: the admin view.
    const detail = await admin.request('GET', `/api/admin/prototypes/${prototype.id}`);
    expect(detail.status).toBe(200);
    expect(detail.json).not.toHaveProperty('description');
    expect(detail.json).not.toHaveProperty('notes');
    expect(detail.json.documents).toEqual([]);
    expect(detail.json.prototypeName).toBe(prototype.prototypeName);
    expect(detail.json.energyType).toBe('solar');
    expect(detail.json.access).toMatchObject({ termsAccepted: false, attested: false, denial: { reason: 'terms_not_accepted' } });
    // REST: the list, and a transition's answer.
    const list = await admin.request('GET', '/api/admin/prototypes');
    expect(JSON.stringify(list.json)).not.toContain(SECRET);
    const review = await admin.request('PATCH', `/api/admin/prototypes/${prototype.id}/start-review`);
    expect([200, 404]).toContain(review.status);
    const approve = await admin.request('PATCH', `/api/admin/prototypes/${prototype.id}/approve`);
    expect(approve.status).toBe(200);
    expect(JSON.stringify(approve.json)).not.toContain(SECRET);
    expect(approve.json.status).toBe('approved');
    // Information requests: the answer and its documents are left out, answeredAt stays.
    const requests = await admin.request('GET', '/api/admin/info-requests');
    expect(JSON.stringify(requests.json)).not.toContain(ANSWER);
    const exchange = await adminCaller.infoRequests.forPrototype({ id: prototype.id });
    expect(exchange[0]).not.toHaveProperty('answer');
    expect(exchange[0]?.answeredAt).toBeInstanceOf(Date);
    // Procedures.
    const byId = await adminCaller.prototypes.byId({ id: prototype.id });
    expect(byId).not.toHaveProperty('description');
    expect(byId.documents).toEqual([]);
    expect(JSON.stringify(byId.timeline)).not.toContain('coil-design.pdf');
    const page = await adminCaller.admin.prototypes({});
    expect(JSON.stringify(page.items)).not.toContain(SECRET);
    // CSV export.
    const csv = await adminCaller.admin.exportPrototypesCsv({});
    expect(JSON.stringify(csv)).not.toContain(SECRET);
    // Notifications and e-mails to admins.
    const notes = await t.db.prisma.notification.findMany({ where: { userId: admin.user.id } });
    expect(notes.length).toBeGreaterThan(0);
    expect(JSON.stringify(notes)).not.toContain(ANSWER);
    const mails = await t.db.prisma.emailMessage.findMany({ where: { toAddress: admin.user.email } });
    expect(JSON.stringify(mails)).not.toContain(ANSWER);
    // The document: 403 with what to do, recorded as a denial; not for the seller.
    const refused = await admin.request('GET', `/api/documents/${documentId}`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("Accept the confidentiality terms (version 1) to open this prototype's confidential content.");
    const denied = await t.db.prisma.accessRecord.findFirstOrThrow({ where: { kind: 'denied' } });
    expect(denied).toMatchObject({ userId: admin.user.id, prototypeId: prototype.id, documentId, details: { reason: 'terms_not_accepted' } });
    expect(await t.db.prisma.documentAccess.count()).toBe(0);
    expect((await seller.request('GET', `/api/documents/${documentId}`)).status).toBe(200);
    const sellerView = await seller.request('GET', `/api/seller/prototypes/${prototype.id}`);
    expect(sellerView.json).toMatchObject({ description: SECRET, notes: NOTES, access: null });

    // Terms accepted, not yet attested: still closed, and the message says to attest.
    await acceptCurrent(admin);
    const notYet = await admin.request('GET', `/api/documents/${documentId}`);
    expect(notYet.status).toBe(403);
    expect(notYet.json.message).toMatch(/^Attest/);

    // Attested: everything opens.
    expect((await admin.request('POST', `/api/admin/prototypes/${prototype.id}/attestation`, { noConflict: true })).status).toBe(201);
    const open = await admin.request('GET', `/api/admin/prototypes/${prototype.id}`);
    expect(open.json).toMatchObject({ description: SECRET, notes: NOTES, access: { termsAccepted: true, attested: true, denial: null } });
    expect(open.json.documents).toEqual([
      expect.objectContaining({ id: documentId, fileName: 'coil-design.pdf', mimeType: 'application/pdf', size: PDF.length, viewOnly: false, pages: null }),
    ]);
    expect((await adminCaller.infoRequests.forPrototype({ id: prototype.id }))[0]?.answer).toBe(ANSWER);
    expect((await adminCaller.prototypes.byId({ id: prototype.id })).description).toBe(SECRET);
    expect((await admin.request('GET', `/api/documents/${documentId}`)).status).toBe(200);
  });

  it('404 for an unknown prototype or an id past the int range', async () => {
    const { admin, seller } = await setUp();
    expect((await admin.request('GET', '/api/admin/prototypes/999999')).status).toBe(404);
    expect((await admin.request('GET', '/api/admin/prototypes/4294967296')).status).toBe(404);
    expect((await seller.request('GET', '/api/admin/prototypes/1')).status).toBe(403);
  });
});

describe('access ends', () => {
  it("the seller revokes and restores one admin's access; another seller's prototype and unknown admins are 404", async () => {
    const { seller, prototype, documentId, admin } = await setUp();
    await attestAdmin(t.db.prisma, admin.user.id, prototype.id);
    const other = await signedInClient(t.db, 'admin');
    await attestAdmin(t.db.prisma, other.user.id, prototype.id);
    const path = `/api/seller/prototypes/${prototype.id}/access-revocations`;

    const stranger = await signedInClient(t.db, 'user');
    expect((await stranger.request('POST', path, { adminId: admin.user.id })).status).toBe(404);
    expect((await restClient(t.db).request('POST', path, { adminId: admin.user.id })).status).toBe(401);
    expect((await seller.request('POST', path, { adminId: stranger.user.id })).status).toBe(404);
    expect((await seller.request('POST', path, { adminId: 'not-a-uuid' })).status).toBe(400);
    expect((await seller.request('POST', '/api/seller/prototypes/999999/access-revocations', { adminId: admin.user.id })).status).toBe(404);

    const revoked = await seller.request('POST', path, { adminId: admin.user.id });
    expect(revoked.status).toBe(201);
    expect(revoked.json.adminId).toBe(admin.user.id);
    const refused = await admin.request('GET', `/api/documents/${documentId}`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("The seller has withdrawn your access to this prototype's confidential content.");
    expect((await admin.request('GET', `/api/admin/prototypes/${prototype.id}`)).json.access.denial.reason).toBe('access_revoked');
    // Only that admin.
    expect((await other.request('GET', `/api/documents/${documentId}`)).status).toBe(200);
    // Twice is once.
    expect((await seller.request('POST', path, { adminId: admin.user.id })).status).toBe(201);
    expect(await t.db.prisma.accessRecord.count({ where: { kind: 'revocation' } })).toBe(1);
    const room = await (await callerAs(t.db, seller.user.id)).confidentiality.sellerDataRoom({ id: prototype.id });
    expect(room.admins.find((a) => a.adminId === admin.user.id)?.revokedAt).toBeInstanceOf(Date);

    expect((await stranger.request('DELETE', `${path}/${admin.user.id}`)).status).toBe(404);
    expect((await seller.request('DELETE', `${path}/not-a-uuid`)).status).toBe(404);
    const restored = await seller.request('DELETE', `${path}/${admin.user.id}`);
    expect(restored.status).toBe(204);
    expect((await admin.request('GET', `/api/documents/${documentId}`)).status).toBe(200);
    const kinds = (await t.db.prisma.accessRecord.findMany({ orderBy: { id: 'asc' } })).map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['revocation', 'denied', 'restoration']));
  });

  it('ends DATA_ROOM_RETENTION_DAYS after the prototype is rejected', async () => {
    // The closing's timeline row carries the database's time: the clock starts there.
    const start = Date.now();
    const at = (days: number, seconds = 0) => new Date(start + days * 86_400_000 + seconds * 1000);
    const clock = fixedClock(at(0));
    setTestServices({ clock });
    const { prototype, documentId, admin } = await setUp();
    await attestAdmin(t.db.prisma, admin.user.id, prototype.id);
    const rejected = await admin.request('PATCH', `/api/admin/prototypes/${prototype.id}/reject`, { reason: 'Not viable' });
    expect(rejected.status).toBe(200);
    clock.set(at(29));
    expect((await admin.request('GET', `/api/documents/${documentId}`)).status).toBe(200);
    clock.set(at(30, 120));
    const ended = await admin.request('GET', `/api/documents/${documentId}`);
    expect(ended.status).toBe(403);
    expect(ended.json.message).toMatch(/closed more than 30 days ago/);
    expect((await admin.request('GET', `/api/admin/prototypes/${prototype.id}`)).json).not.toHaveProperty('description');
    // A shorter retention, from the configuration.
    const shorter = await callerAs(t.db, admin.user.id, undefined, {
      clock: fixedClock(at(2, 120)),
      config: { ...(await import('../test/services.ts')).TEST_CONFIG, dataRoomRetentionDays: 2 },
    });
    expect((await shorter.confidentiality.prototype({ id: prototype.id })).access.denial?.reason).toBe('retention_ended');
  });

  it('a prototype that is not closed stays open however old', async () => {
    const clock = fixedClock(new Date('2030-01-01T00:00:00.000Z'));
    setTestServices({ clock });
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id, { description: SECRET, status: 'quoted' });
    await attestAdmin(t.db.prisma, admin.id, prototype.id);
    expect((await (await callerAs(t.db, admin.id)).confidentiality.prototype({ id: prototype.id })).description).toBe(SECRET);
  });
});
