// Cleared people (issue 32, point 4; ADR 0051): a controlled item's content opens only to U.S. persons
// and to people with a current authorization for it, on every path that carries it; each release and
// each refusal is on record with the person's status at that moment and the basis.
import { afterEach, describe, expect, it } from 'vitest';
import { notClearedMessage } from '../domain/export-clearance.ts';
import { attestAdmin, createPrototype } from '../test/factories.ts';
import { type RestClient, callerAs, setTestServices, signedInClient, useTestDatabase } from '../test/harness.ts';
import { controlledItem as sharedControlledItem, uploadPdf } from '../test/controlled-item.ts';
import { livePayloads } from '../test/live-payloads.ts';
import { fixedClock } from '../test/services.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

const SECRET = 'Lithium-6 enrichment cascade geometry';
const ANSWER = 'Separation factor 1.06 per stage';
const DAY = 86_400_000;

const upload = (client: RestClient, prototypeId: number) => uploadPdf(client, prototypeId, 'cascade.pdf', 2);

const raw = (client: RestClient, path: string) => client.app.request(`http://localhost${path}`, { headers: { cookie: client.cookie } });

const controlledItem = () => sharedControlledItem(t.db, { description: SECRET, fileName: 'cascade.pdf', pages: 2 });

const releasesOf = async (officer: RestClient, prototypeId: number) =>
  (await officer.request('GET', `/api/admin/compliance/releases?prototypeId=${prototypeId}`)).json as Record<string, unknown>[];

describe('cleared people for a controlled item', () => {
  it('a foreign person is refused on every path until authorized, then served and recorded with that basis, and refused again once it expires', async () => {
    const start = new Date('2026-12-01T09:00:00.000Z');
    const clock = fixedClock(start);
    setTestServices({ clock });
    const { seller, prototype, documentId, officer, reviewer } = await controlledItem();
    const status = await officer.request('PUT', `/api/admin/users/${reviewer.user.id}/export-status`, {
      status: 'foreign_person',
      citizenships: ['de', 'IN'],
      note: 'Passport seen',
    });
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({ status: 'foreign_person', citizenships: ['DE', 'IN'], note: 'Passport seen', authorizations: [] });
    // An answer to an information request: content too, and no live event carries it.
    const asked = await officer.request('POST', `/api/admin/prototypes/${prototype.id}/info-requests`, { question: 'Stage count?', wantsDocuments: false });
    expect(asked.status).toBe(201);
    const payloads = await livePayloads(() => seller.request('POST', `/api/seller/info-requests/${asked.json.id}/answer`, { answer: ANSWER }));
    expect(payloads.length).toBeGreaterThan(0);
    for (const payload of payloads) expect(payload).not.toContain(ANSWER);
    const caller = await callerAs(t.db, reviewer.user.id, undefined, { clock });

    const refusal = notClearedMessage('no_authorization');
    const copy = await raw(reviewer, `/api/documents/${documentId}`);
    expect(copy.status).toBe(403);
    expect(await copy.json()).toEqual({ message: refusal });
    const page = await raw(reviewer, `/api/documents/${documentId}/pages/1`);
    expect(page.status).toBe(403);
    expect(await page.json()).toEqual({ message: refusal });
    const detail = await reviewer.request('GET', `/api/admin/prototypes/${prototype.id}`);
    expect(detail.json).not.toHaveProperty('description');
    expect(detail.json.documents).toEqual([]);
    expect(detail.json.access.denial).toEqual({ reason: 'export_not_cleared', message: refusal });
    expect(JSON.stringify((await reviewer.request('GET', '/api/admin/prototypes')).json)).not.toContain(SECRET);
    expect(JSON.stringify((await reviewer.request('GET', '/api/admin/info-requests')).json)).not.toContain(ANSWER);
    expect(await caller.infoRequests.forPrototype({ id: prototype.id })).toEqual([expect.not.objectContaining({ answer: ANSWER })]);
    expect(JSON.stringify(await caller.prototypes.byId({ id: prototype.id }))).not.toContain(SECRET);
    expect(await caller.admin.exportPrototypesCsv({})).not.toContain(SECRET);

    const refused = (await releasesOf(officer, prototype.id)).filter((r) => r.userId === reviewer.user.id);
    expect(new Set(refused.map((r) => r.channel))).toEqual(new Set(['document_copy', 'page_view', 'fields']));
    for (const row of refused)
      expect(row).toMatchObject({ outcome: 'refused', status: 'foreign_person', citizenships: ['DE', 'IN'], basis: null, reason: 'no_authorization' });
    expect(refused.find((r) => r.channel === 'page_view')).toMatchObject({ documentId, page: 1 });

    // An authorization for this item, for ten days.
    const expiresAt = new Date(start.getTime() + 10 * DAY);
    const authorized = await officer.request('POST', `/api/admin/users/${reviewer.user.id}/export-authorizations`, {
      prototypeId: prototype.id,
      reference: 'D123456',
      expiresAt: expiresAt.toISOString(),
      note: 'Deemed export licence',
    });
    expect(authorized.status).toBe(201);
    expect(authorized.json).toMatchObject({ userId: reviewer.user.id, prototypeId: prototype.id, reference: 'D123456', expired: false });

    expect((await raw(reviewer, `/api/documents/${documentId}`)).status).toBe(200);
    const served = await raw(reviewer, `/api/documents/${documentId}/pages/2`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await reviewer.request('GET', `/api/admin/prototypes/${prototype.id}`)).json.description).toBe(SECRET);
    expect(await caller.infoRequests.forPrototype({ id: prototype.id })).toEqual([expect.objectContaining({ answer: ANSWER })]);

    const released = (await releasesOf(officer, prototype.id)).filter((r) => r.userId === reviewer.user.id && r.outcome === 'released');
    expect(new Set(released.map((r) => r.channel))).toEqual(new Set(['document_copy', 'page_view', 'fields']));
    for (const row of released)
      expect(row).toMatchObject({ status: 'foreign_person', basis: 'authorization', authorizationId: authorized.json.id, reference: 'D123456', reason: null });
    expect(released.find((r) => r.channel === 'page_view')).toMatchObject({ documentId, page: 2 });

    // Past the expiry: refused again, and the message names the expired authorization.
    clock.set(new Date(expiresAt.getTime() + 1000));
    const expired = await raw(reviewer, `/api/documents/${documentId}`);
    expect(expired.status).toBe(403);
    expect((await expired.json()).message).toBe(notClearedMessage('authorization_expired', { reference: 'D123456', expiresAt }));
    expect((await reviewer.request('GET', `/api/admin/prototypes/${prototype.id}`)).json).not.toHaveProperty('description');
    const [newest] = await releasesOf(officer, prototype.id);
    expect(newest).toMatchObject({ userId: reviewer.user.id, outcome: 'refused', reason: 'authorization_expired' });
    const record = await officer.request('GET', `/api/admin/users/${reviewer.user.id}/export-status`);
    expect(record.json.authorizations).toEqual([expect.objectContaining({ reference: 'D123456', expired: true })]);
  });

  it('an unknown status is refused with its own reason, a U.S. person is served on that basis; a removed authorization stops clearing', async () => {
    const { prototype, documentId, officer, reviewer } = await controlledItem();
    const unknown = await raw(reviewer, `/api/documents/${documentId}`);
    expect(unknown.status).toBe(403);
    expect((await unknown.json()).message).toBe(notClearedMessage('status_unknown'));

    // Authorized while the status is still unknown: the authorization clears.
    const authorized = await officer.request('POST', `/api/admin/users/${reviewer.user.id}/export-authorizations`, {
      prototypeId: prototype.id,
      reference: 'DOE-810-77',
      expiresAt: new Date(Date.now() + 90 * DAY).toISOString(),
    });
    expect(authorized.status).toBe(201);
    expect((await raw(reviewer, `/api/documents/${documentId}`)).status).toBe(200);
    expect((await officer.request('DELETE', `/api/admin/export-authorizations/${authorized.json.id}`)).status).toBe(204);
    expect((await officer.request('DELETE', `/api/admin/export-authorizations/${authorized.json.id}`)).status).toBe(404);
    expect((await raw(reviewer, `/api/documents/${documentId}`)).status).toBe(403);
    expect(await t.db.prisma.exportAuthorization.count({ where: { removedAt: { not: null } } })).toBe(1);

    await officer.request('PUT', `/api/admin/users/${reviewer.user.id}/export-status`, { status: 'us_person', citizenships: ['US'] });
    expect((await raw(reviewer, `/api/documents/${documentId}`)).status).toBe(200);
    const rows = await releasesOf(officer, prototype.id);
    expect(rows[0]).toMatchObject({
      userId: reviewer.user.id,
      channel: 'document_copy',
      outcome: 'released',
      status: 'us_person',
      citizenships: [],
      basis: 'us_person',
    });
    // Refused before the authorization and after its removal, both times for an unknown status.
    expect(rows.filter((r) => r.outcome === 'refused').map((r) => r.reason)).toEqual(['status_unknown', 'status_unknown']);
    // The status history, newest first.
    const record = await officer.request('GET', `/api/admin/users/${reviewer.user.id}/export-status`);
    expect(record.json.history.map((h: { status: string }) => h.status)).toEqual(['us_person']);

    // The CSV report.
    const csv = await raw(officer, `/api/admin/compliance/releases?prototypeId=${prototype.id}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,at,prototypeId,userId,userEmail,channel,outcome,status,citizenships,basis,reference,reason,documentId,page');
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines[1]).toContain(`${reviewer.user.email},document_copy,released,us_person,,us_person`);
  });

  it('a conflict of interest decides before clearance: its reason is shown and no release or refusal is written, cleared or not', async () => {
    const { seller, prototype, officer, reviewer } = await controlledItem();
    await t.db.prisma.reviewerConflict.create({ data: { adminId: reviewer.user.id, sellerId: seller.user.id, reason: 'Former colleague' } });
    const detail = await reviewer.request('GET', `/api/admin/prototypes/${prototype.id}`);
    expect(detail.json.access.denial.reason).toBe('conflict_of_interest');
    const list = await reviewer.request('GET', '/api/admin/prototypes');
    expect(list.json.find((p: { id: number }) => p.id === prototype.id).access.denial.reason).toBe('conflict_of_interest');
    await officer.request('PUT', `/api/admin/users/${reviewer.user.id}/export-status`, { status: 'us_person', citizenships: ['US'], note: 'Passport seen' });
    await reviewer.request('GET', `/api/admin/prototypes/${prototype.id}`);
    expect(await t.db.prisma.exportRelease.count({ where: { userId: reviewer.user.id } })).toBe(0);

    // The conflict withdrawn: released on the U.S. person basis, with the e-mail and status of the moment.
    await t.db.prisma.reviewerConflict.deleteMany({ where: { adminId: reviewer.user.id } });
    expect((await reviewer.request('GET', `/api/admin/prototypes/${prototype.id}`)).json.access.denial).toBeNull();
    expect(await t.db.prisma.exportRelease.findMany({ where: { userId: reviewer.user.id } })).toEqual([
      expect.objectContaining({ outcome: 'released', basis: 'us_person', status: 'us_person', userEmail: reviewer.user.email, channel: 'fields' }),
    ]);
  });

  it('items that are not controlled record nothing, whatever the status', async () => {
    const seller = await signedInClient(t.db, 'user');
    const prototype = await createPrototype(t.db.prisma, seller.user.id, { description: SECRET });
    const documentId = await upload(seller, prototype.id);
    const reviewer = await signedInClient(t.db, 'admin');
    await attestAdmin(t.db.prisma, reviewer.user.id, prototype.id);
    expect((await raw(reviewer, `/api/documents/${documentId}`)).status).toBe(200);
    expect((await reviewer.request('GET', `/api/admin/prototypes/${prototype.id}`)).json.description).toBe(SECRET);
    expect(await t.db.prisma.exportRelease.count()).toBe(0);
  });
});

describe('the export status and authorization contract', () => {
  it('401 guest, 403 seller and admin without compliance.manage, 404 unknown, 409 not an administrator, 400 bad bodies', async () => {
    const { prototype, officer, reviewer, seller } = await controlledItem();
    const guestStatus = await reviewer.app.request(`http://localhost/api/admin/users/${reviewer.user.id}/export-status`);
    expect(guestStatus.status).toBe(401);
    const body = { status: 'us_person' };
    expect((await seller.request('PUT', `/api/admin/users/${reviewer.user.id}/export-status`, body)).status).toBe(403);
    expect((await reviewer.request('PUT', `/api/admin/users/${reviewer.user.id}/export-status`, body)).status).toBe(403);
    expect((await reviewer.request('GET', '/api/admin/compliance/releases')).status).toBe(403);
    expect((await officer.request('PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/export-status', body)).status).toBe(404);
    expect((await officer.request('PUT', '/api/admin/users/not-a-uuid/export-status', body)).status).toBe(404);
    const seller409 = await officer.request('PUT', `/api/admin/users/${seller.user.id}/export-status`, body);
    expect(seller409).toMatchObject({ status: 409, json: { message: 'Export status and authorizations are recorded for administrators only' } });

    // No one records their own status or authorizations.
    const own = await officer.request('PUT', `/api/admin/users/${officer.user.id}/export-status`, body);
    expect(own).toMatchObject({
      status: 403,
      json: { message: 'You cannot record your own export status or authorizations: another compliance officer must' },
    });
    const bad = async (payload: unknown) => (await officer.request('PUT', `/api/admin/users/${reviewer.user.id}/export-status`, payload)).json.message;
    expect(await bad({ status: 'foreign_person' })).toBe('citizenships: A foreign person needs at least one country of citizenship');
    expect(await bad({ status: 'foreign_person', citizenships: ['Germany'] })).toBe('citizenships.0: Countries are two-letter ISO codes, for example DE or IN');
    expect(await bad({ status: 'alien' })).toBe('status: Status is one of us_person, foreign_person, unknown');
    expect(await t.db.prisma.userExportStatus.count()).toBe(0);

    const authorize = (payload: Record<string, unknown>, userId = reviewer.user.id) =>
      officer.request('POST', `/api/admin/users/${userId}/export-authorizations`, {
        prototypeId: prototype.id,
        reference: 'X-1',
        expiresAt: new Date(Date.now() + DAY).toISOString(),
        ...payload,
      });
    expect(await authorize({ expiresAt: new Date(Date.now() - DAY).toISOString() })).toMatchObject({
      status: 400,
      json: { message: 'The expiry must be in the future' },
    });
    expect(await authorize({ reference: '' })).toMatchObject({ status: 400, json: { message: 'reference: Licence or authorization number is required' } });
    expect((await authorize({ reference: 'x'.repeat(15_000) })).status).toBe(400);
    expect((await authorize({ prototypeId: 99_999_999 })).status).toBe(404);
    expect((await authorize({ prototypeId: 2 ** 40 })).status).toBe(400);
    expect((await authorize({}, seller.user.id)).status).toBe(409);
    expect((await authorize({}, officer.user.id)).status).toBe(403);
    expect((await officer.request('DELETE', '/api/admin/export-authorizations/2147483648')).status).toBe(404);
    expect((await reviewer.request('DELETE', '/api/admin/export-authorizations/1')).status).toBe(403);
    expect(await t.db.prisma.exportAuthorization.count()).toBe(0);
  });

  it('lists authorizations that expire within 30 days, soonest first', async () => {
    const now = new Date('2026-12-01T00:00:00.000Z');
    setTestServices({ clock: fixedClock(now) });
    const { prototype, officer, reviewer } = await controlledItem();
    for (const [reference, days] of [
      ['LATER', 45],
      ['SOON', 3],
      ['MONTH', 29],
    ] as const) {
      const res = await officer.request('POST', `/api/admin/users/${reviewer.user.id}/export-authorizations`, {
        prototypeId: prototype.id,
        reference,
        expiresAt: new Date(now.getTime() + days * DAY).toISOString(),
      });
      expect(res.status).toBe(201);
    }
    const expiring = await officer.request('GET', '/api/admin/compliance/expiring-authorizations');
    expect(expiring.json.map((a: { reference: string }) => a.reference)).toEqual(['SOON', 'MONTH']);
    expect(expiring.json[0]).toMatchObject({ userId: reviewer.user.id, prototypeId: prototype.id, prototypeName: prototype.prototypeName });
  });
});
