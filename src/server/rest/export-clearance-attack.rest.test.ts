// An attacker's review of export control (issue 32, ADR 0051) and review integrity (issue 33, ADR 0049)
// beside their main paths: the document access list (which names the documents), a clearance that
// lapses between the gate and the record, the seller's view of a prototype read by an admin (which
// carries the released figures), the list sorted by a hidden figure (whose order and cursors tell it),
// one's own id written in capitals, and the compliance records under hostile input.
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_YOUR_OWN_ROLE } from '../domain/admin-role.ts';
import { recordDocumentOpened } from '../domain/document-access.ts';
import { ForbiddenError } from '../domain/errors.ts';
import { NOT_YOUR_OWN, notClearedMessage } from '../domain/export-clearance.ts';
import { decodeCursor } from '../domain/keyset.ts';
import { attestAdmin, createPrototype, createUser } from '../test/factories.ts';
import { controlledItem as sharedControlledItem, uploadPdf } from '../test/controlled-item.ts';
import { type RestClient, callerAs, setTestServices, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

const SECRET = 'Lithium-6 enrichment cascade geometry';
const FILE = 'cascade-geometry-stage-7.pdf';
const tag = () => Math.random().toString(36).slice(2, 10);

type Admin = RestClient & { user: { id: string } };

const upload = (client: RestClient, prototypeId: number) => uploadPdf(client, prototypeId, FILE, 1);

const raw = (client: RestClient, path: string) => client.app.request(`http://localhost${path}`, { headers: { cookie: client.cookie } });

const controlledItem = () => sharedControlledItem(t.db, { description: SECRET, fileName: FILE, pages: 1 });

describe("the document access list names a controlled item's documents only to cleared people", () => {
  it('an uncleared admin reads who opened what without the file names (list and CSV), on record as refused; once authorized, named and on record as released', async () => {
    const { seller, prototype, documentId, officer, reviewer } = await controlledItem();
    await officer.request('PUT', `/api/admin/users/${reviewer.user.id}/export-status`, { status: 'foreign_person', citizenships: ['FR'] });
    // The refused copy is itself a row of the list (kind "denied", with its document).
    expect((await raw(reviewer, `/api/documents/${documentId}`)).status).toBe(403);
    const path = `/api/seller/prototypes/${prototype.id}/document-access`;

    const list = await reviewer.request('GET', path);
    expect(list.status).toBe(200);
    expect(list.json).toEqual([expect.objectContaining({ kind: 'denied', documentId, fileName: null })]);
    const csv = await raw(reviewer, `${path}?format=csv`);
    expect(csv.status).toBe(200);
    expect(await csv.text()).not.toContain(FILE);
    const caller = await callerAs(t.db, reviewer.user.id);
    expect(JSON.stringify(await caller.documentAccess.forPrototype({ id: prototype.id }))).not.toContain(FILE);
    const refusals = await t.db.prisma.exportRelease.count({
      where: { userId: reviewer.user.id, channel: 'fields', outcome: 'refused', reason: 'no_authorization' },
    });
    expect(refusals).toBeGreaterThanOrEqual(3);

    // Its seller reads the names, as always.
    expect((await seller.request('GET', path)).json).toEqual([expect.objectContaining({ fileName: FILE })]);

    const authorized = await officer.request('POST', `/api/admin/users/${reviewer.user.id}/export-authorizations`, {
      prototypeId: prototype.id,
      reference: 'D-778',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(authorized.status).toBe(201);
    const before = await t.db.prisma.exportRelease.count({ where: { userId: reviewer.user.id, outcome: 'released' } });
    expect((await reviewer.request('GET', path)).json).toEqual([expect.objectContaining({ fileName: FILE })]);
    const released = await t.db.prisma.exportRelease.findMany({ where: { userId: reviewer.user.id, outcome: 'released' }, orderBy: { id: 'asc' } });
    expect(released).toHaveLength(before + 1);
    expect(released.at(-1)).toMatchObject({ channel: 'fields', basis: 'authorization', reference: 'D-778', status: 'foreign_person' });
  });

  it("a held item's document names stay closed to an admin without compliance.manage", async () => {
    const seller = await signedInClient(t.db, 'user');
    const prototype = await createPrototype(t.db.prisma, seller.user.id);
    const documentId = await upload(seller, prototype.id);
    await t.db.prisma.prototypeExportScreening.create({
      data: {
        prototypeId: prototype.id,
        hydrogenIsotopeSeparation: false,
        tritium: true,
        enrichment: false,
        reactorComponents: false,
        militaryOrSpace: false,
        knownClassification: 'unknown',
        answeredAt: new Date(),
        answeredBy: seller.user.id,
      },
    });
    const admin = await signedInClient(t.db, 'admin');
    await attestAdmin(t.db.prisma, admin.user.id, prototype.id);
    expect((await raw(admin, `/api/documents/${documentId}`)).status).toBe(403);
    const list = await admin.request('GET', `/api/seller/prototypes/${prototype.id}/document-access`);
    expect(list.json).toEqual([expect.objectContaining({ kind: 'denied', fileName: null })]);
  });
});

describe('a clearance that lapses between the gate and the record', () => {
  it('serves nothing: the opening is refused (403), no access row is written and the refusal is on record', async () => {
    const { prototype, documentId, reviewer } = await controlledItem();
    // The gate asked a moment ago and let the reviewer through; since then nothing clears them (no status, no authorization).
    const opening = { documentId, prototypeId: prototype.id, userId: reviewer.user.id, openedAt: new Date(), kind: 'page_view' as const, page: 1 };
    await expect(recordDocumentOpened(t.db.prisma, { ip: null, userAgent: null }, opening)).rejects.toThrow(
      new ForbiddenError(notClearedMessage('status_unknown')),
    );
    expect(await t.db.prisma.accessRecord.count({ where: { userId: reviewer.user.id, kind: 'page_view' } })).toBe(0);
    expect(await t.db.prisma.exportRelease.findMany({ where: { userId: reviewer.user.id } })).toEqual([
      expect.objectContaining({ channel: 'page_view', outcome: 'refused', reason: 'status_unknown', documentId, page: 1 }),
    ]);
  });
});

const scorecard = (technicalFeasibility: number) => ({
  technicalFeasibility,
  commercialViability: 50,
  riskLevel: 'medium',
  marketPotential: 'high',
  trl: 4,
  estimatedValue: 500000,
  investmentRequired: 100000,
  timelineWeeks: 20,
  confidence: 'medium',
  strengths: 'Clear design',
  concerns: 'Supply chain',
});
const finalFigures = (technicalFeasibility: number) => ({
  technicalFeasibility,
  commercialViability: 55,
  riskLevel: 'low',
  marketPotential: 'high',
  trl: 5,
  estimatedValue: 600000,
  investmentRequired: 120000,
  timelineWeeks: 24,
});

/** A prototype scored by its lead, with `late` on the panel and no scorecard of theirs. */
async function scoredWithLateReviewer(lead: Admin, late: Admin, name: string, feasibility: number) {
  const seller = await createUser(t.db.prisma);
  const prototype = await createPrototype(t.db.prisma, seller.id, { prototypeName: name });
  const base = `/api/admin/prototypes/${prototype.id}`;
  expect((await lead.request('PUT', `${base}/reviewers`, { reviewerIds: [lead.user.id, late.user.id], leadId: lead.user.id })).status).toBe(200);
  expect((await lead.request('PUT', `${base}/scorecard`, scorecard(feasibility))).status).toBe(200);
  expect((await lead.request('PATCH', `${base}/evaluation`, finalFigures(feasibility))).status).toBe(200);
  return { prototype, base };
}

describe("a reviewer without a scorecard never sees the lead's final figures, by any path", () => {
  it("the seller's view of the prototype, read by the reviewer, carries the released evaluation without its figures", async () => {
    const lead = await signedInClient(t.db, 'admin');
    const late = await signedInClient(t.db, 'admin');
    const { prototype, base } = await scoredWithLateReviewer(lead, late, `Released-${tag()}`, 72);
    expect((await lead.request('PATCH', `${base}/approve`)).status).toBe(200);
    const released = await lead.request('POST', `${base}/evaluation/release`, { summary: 'Promising', strengths: null, concerns: null, includeScores: true });
    expect(released.status).toBe(201);

    const detail = await late.request('GET', `/api/seller/prototypes/${prototype.id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.evaluation).toMatchObject({ summary: 'Promising', scores: null });
    expect(JSON.stringify(await (await callerAs(t.db, late.user.id)).prototypes.byId({ id: prototype.id }))).not.toContain('600000');
    // An admin never on the panel, and the reviewer once their own scorecard is in, read them.
    const outsider = await signedInClient(t.db, 'admin');
    expect((await outsider.request('GET', `/api/seller/prototypes/${prototype.id}`)).json.evaluation.scores).toMatchObject({ technicalFeasibility: 72 });
    expect((await late.request('PUT', `${base}/scorecard`, scorecard(60))).status).toBe(200);
    expect((await late.request('GET', `/api/seller/prototypes/${prototype.id}`)).json.evaluation.scores).toMatchObject({ technicalFeasibility: 72 });
  });

  it('sorted by a figure, the rows hidden from the reviewer are left out: neither their place, the cursor nor a hand-written cursor tells the figure', async () => {
    const lead = await signedInClient(t.db, 'admin');
    const late = await signedInClient(t.db, 'admin');
    const name = `Sorted-${tag()}`;
    const first = await scoredWithLateReviewer(lead, late, `${name}-a`, 81);
    const second = await scoredWithLateReviewer(lead, late, `${name}-b`, 37);
    // The REST list is always newest first; the panel's list (tRPC) sorts by a figure.
    const sorted = async (client: Admin, extra: { cursor?: string; limit?: number } = {}) =>
      (await callerAs(t.db, client.user.id)).admin.prototypes({ search: name, sort: 'feasibility', limit: 1, ...extra } as never);

    // The lead (scorecard in) pages through both, the cursor carrying the first one's figure.
    const leadPage = await sorted(lead);
    expect(leadPage.items.map((row) => row.id)).toEqual([first.prototype.id]);
    expect(decodeCursor(leadPage.nextCursor!)).toEqual([81, first.prototype.id]);

    // The reviewer: no row, no cursor, whatever the cursor they write.
    expect(await sorted(late)).toMatchObject({ items: [], nextCursor: null, prevCursor: null });
    for (const value of [100, 82, 81, 60, 38, 0]) {
      const cursor = Buffer.from(JSON.stringify([value, 2_000_000_000])).toString('base64url');
      expect((await sorted(late, { cursor, limit: 5 })).items).toEqual([]);
    }
    // Other sorts list both, figures hidden.
    const newest = await late.request('GET', `/api/admin/prototypes?search=${name}`);
    expect(newest.json).toHaveLength(2);
    for (const row of newest.json) expect(row).toMatchObject({ technicalFeasibility: null, commercialViability: null });
    // Their own scorecard in on the second: that one joins the figure sort.
    expect((await late.request('PUT', `${second.base}/scorecard`, scorecard(40))).status).toBe(200);
    expect((await sorted(late, { limit: 5 })).items.map((row) => row.id)).toEqual([second.prototype.id]);
  });
});

describe('nobody records their own export status or authorizations, however they write their id', () => {
  it('an officer naming themselves by their id in capitals is refused (403) and nothing is recorded; the same holds for their own admin role', async () => {
    const officer = await signedInClient(t.db, 'admin');
    await t.db.prisma.userPermission.create({ data: { userId: officer.user.id, permission: 'compliance.manage', granted: true } });
    const seller = await signedInClient(t.db, 'user');
    const prototype = await createPrototype(t.db.prisma, seller.user.id);
    const own = officer.user.id.toUpperCase();

    const status = await officer.request('PUT', `/api/admin/users/${own}/export-status`, { status: 'us_person' });
    expect(status.status).toBe(403);
    expect(status.json.message).toBe(NOT_YOUR_OWN);
    const authorization = await officer.request('POST', `/api/admin/users/${own}/export-authorizations`, {
      prototypeId: prototype.id,
      reference: 'SELF-1',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(authorization.status).toBe(403);
    const caller = await callerAs(t.db, officer.user.id);
    await expect(caller.compliance.setExportStatus({ id: own, status: 'us_person', citizenships: [], note: null } as never)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await t.db.prisma.userExportStatus.count({ where: { userId: officer.user.id } })).toBe(0);
    expect(await t.db.prisma.exportAuthorization.count({ where: { userId: officer.user.id } })).toBe(0);

    // The same ids, read back, are the database's (lower case), and another officer's record works in capitals.
    const other = await signedInClient(t.db, 'admin');
    const recorded = await officer.request('PUT', `/api/admin/users/${other.user.id.toUpperCase()}/export-status`, { status: 'us_person' });
    expect(recorded.status).toBe(200);
    expect(recorded.json.userId).toBe(other.user.id);

    // The same trick on one's own administrator role (the last administrator could otherwise drop it).
    const role = await officer.request('DELETE', `/api/admin/users/${own}/admin-role`);
    expect(role.status).toBe(403);
    expect(role.json.message).toBe(NOT_YOUR_OWN_ROLE);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: officer.user.id } })).role).toBe('admin');
  });
});

describe('the release report under hostile input', () => {
  it('an unknown format is a 400 (never the CSV by default); ids past the int range, bad uuids and long or NUL text are 4xx; a batch of tRPC calls and 30 parallel changes never 5xx', async () => {
    const officer = await signedInClient(t.db, 'admin');
    await t.db.prisma.userPermission.create({ data: { userId: officer.user.id, permission: 'compliance.manage', granted: true } });
    const other = await signedInClient(t.db, 'admin');
    const seller = await signedInClient(t.db, 'user');
    const prototype = await createPrototype(t.db.prisma, seller.user.id);
    expect((await officer.request('GET', '/api/admin/compliance/releases?format=xml')).status).toBe(400);
    expect((await officer.request('GET', '/api/admin/compliance/releases?format=csv')).status).toBe(200);
    expect((await officer.request('GET', '/api/admin/compliance/releases?format=json')).status).toBe(200);

    const later = new Date(Date.now() + 86_400_000).toISOString();
    const tries: [string, string, unknown?][] = [
      ['PUT', `/api/admin/users/${other.user.id}/export-status`, { status: 'foreign_person', citizenships: ['DE'], note: 'x'.repeat(15_000) }],
      ['PUT', `/api/admin/users/${other.user.id}/export-status`, { status: 'us_person', note: 'a\u0000b' }],
      ['PUT', '/api/admin/users/not-a-uuid/export-status', { status: 'us_person' }],
      ['GET', `/api/admin/users/${'9'.repeat(40)}/export-status`],
      ['POST', `/api/admin/users/${other.user.id}/export-authorizations`, { prototypeId: 2_147_483_648, reference: 'R', expiresAt: later }],
      ['POST', `/api/admin/users/${other.user.id}/export-authorizations`, { prototypeId: prototype.id, reference: 'x'.repeat(15_000), expiresAt: later }],
      ['POST', `/api/admin/users/${other.user.id}/export-authorizations`, { prototypeId: prototype.id, reference: 'R', expiresAt: '+275760-09-13T00:00:00Z' }],
      ['DELETE', '/api/admin/export-authorizations/99999999999999999999'],
      ['GET', '/api/admin/compliance/releases?prototypeId=2147483648'],
      ['GET', '/api/admin/prototypes/99999999999999999999/compliance'],
    ];
    for (const [method, path, body] of tries) {
      const answer = await officer.request(method, path, body);
      expect([400, 404]).toContain(answer.status);
    }
    // One batched request with many calls: each answered, none a 5xx.
    const calls = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { json: { id: other.user.id, status: i % 2 ? 'us_person' : 'unknown' } }]));
    const batch = await officer.request('POST', `/trpc/${Array(10).fill('compliance.setExportStatus').join(',')}?batch=1`, JSON.stringify(calls), {
      'content-type': 'application/json',
      origin: 'http://localhost',
    });
    expect(batch.status).toBe(200);
    expect(batch.json).toHaveLength(10);
    // 30 parallel authorizations, then each removed twice at once: 201s, then one 204 and one 404 each.
    const added = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        officer.request('POST', `/api/admin/users/${other.user.id}/export-authorizations`, { prototypeId: prototype.id, reference: `R${i}`, expiresAt: later }),
      ),
    );
    expect(added.map((a) => a.status)).toEqual(Array(30).fill(201));
    const removed = await Promise.all(added.flatMap((a) => [a, a]).map((a) => officer.request('DELETE', `/api/admin/export-authorizations/${a.json.id}`)));
    expect(removed.filter((r) => r.status === 204)).toHaveLength(30);
    expect(removed.filter((r) => r.status === 404)).toHaveLength(30);
  });
});
