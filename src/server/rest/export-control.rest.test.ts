// Export control over REST (issue 32, points 1, 2, 3 and 5; ADR 0050): compliance.manage, the screening
// answers and the hold they put on, the classification and its history, the screening list and its hits,
// and the payout hold a hit puts on.
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { MANUAL_PAYMENTS, acceptedQuote, useFakeStripe } from '../test/payments-harness.ts';
import { type RestClient, restClient, setTestServices, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

const prototypeBody = {
  inventorName: 'Dr. Lise Meitner',
  prototypeName: 'Tritium Breeder',
  energyType: 'nuclear',
  description: 'A lithium blanket that breeds tritium.',
};
const noToAll = {
  hydrogenIsotopeSeparation: false,
  tritium: false,
  enrichment: false,
  reactorComponents: false,
  militaryOrSpace: false,
  knownClassification: 'ear99',
};

/** An administrator granted compliance.manage (no role holds it by default). */
async function officer() {
  const client = await signedInClient(t.db, 'admin', { fields: { firstName: 'Olga', lastName: 'Officer' } });
  await t.db.prisma.userPermission.create({ data: { userId: client.user.id, permission: 'compliance.manage', granted: true, reason: 'test' } });
  return client;
}

const compliance = (client: RestClient, id: number) => client.request('GET', `/api/admin/prototypes/${id}/compliance`);

describe('compliance.manage', () => {
  it('401 for a guest, 403 for a seller and for an administrator without it, 200 with it; 404 unknown, 400 bad body', async () => {
    const seller = await signedInClient(t.db, 'user');
    const admin = await signedInClient(t.db, 'admin');
    const compliant = await officer();
    const prototype = await createPrototype(t.db.prisma, seller.user.id);
    expect((await compliance(restClient(t.db), prototype.id)).status).toBe(401);
    expect((await compliance(seller, prototype.id)).status).toBe(403);
    const refused = await compliance(admin, prototype.id);
    expect(refused).toMatchObject({ status: 403, json: { message: 'You do not have the "compliance.manage" permission.' } });
    expect(await compliance(compliant, prototype.id)).toMatchObject({
      status: 200,
      json: { state: 'unscreened', screening: null, classification: null, history: [] },
    });
    expect((await compliance(compliant, 2_147_483_647)).status).toBe(404);
    expect((await compliance(compliant, 99_999_999_999)).status).toBe(404);
    const classifyPath = `/api/admin/prototypes/${prototype.id}/export-classification`;
    // Who may call comes before what they sent.
    expect((await admin.request('PUT', classifyPath, { jurisdiction: 'mars' })).status).toBe(403);
    const bad = await compliant.request('PUT', classifyPath, { jurisdiction: 'mars', classification: 'X', controlled: 'yes', basis: 'self' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('Jurisdiction is one of ear, part810, itar, none');
    expect(
      (await compliant.request('PUT', classifyPath, { jurisdiction: 'ear', classification: 'EAR99', controlled: false, basis: 'self', note: 'a\u0000b' }))
        .status,
    ).toBe(400);
    expect((await compliant.request('PATCH', '/api/admin/screening/hits/1', { decision: 'false_positive' })).status).toBe(404);
    expect((await admin.request('GET', '/api/admin/screening/hits?status=open')).status).toBe(403);
    expect((await compliant.request('GET', '/api/admin/screening/hits?status=maybe')).status).toBe(400);
  });

  it('only holders grant or revoke it; it goes to administrators only; the last holder keeps it', async () => {
    const manager = await signedInClient(t.db, 'admin');
    const first = await officer();
    const colleague = await createAdmin(t.db.prisma);
    const seller = await signedInClient(t.db, 'user');
    const grant = { permission: 'compliance.manage', granted: true, reason: 'New compliance officer' };
    // A permission manager who does not hold it cannot hand it out.
    const refused = await manager.request('POST', `/api/admin/users/${colleague.id}/permissions`, grant);
    expect(refused).toMatchObject({ status: 403, json: { message: 'Only an administrator who holds "compliance.manage" may grant or revoke it.' } });
    expect((await first.request('POST', `/api/admin/users/${seller.user.id}/permissions`, grant)).status).toBe(400);
    expect((await first.request('POST', `/api/admin/users/${colleague.id}/permissions`, grant)).status).toBe(201);
    const second = await signedInClient(t.db, colleague);
    expect((await compliance(second, (await createPrototype(t.db.prisma, seller.user.id)).id)).status).toBe(200);
    // The colleague takes it from the first officer: one holder is left.
    expect((await second.request('POST', `/api/admin/users/${first.user.id}/permissions`, { ...grant, granted: false, reason: 'Moved on' })).status).toBe(201);
    expect((await compliance(first, 1)).status).toBe(403);
    // Removing the last holder's administrator role would leave nobody to classify or grant it.
    const removal = await manager.request('DELETE', `/api/admin/users/${colleague.id}/admin-role`);
    expect(removal).toMatchObject({ status: 409, json: { message: 'At least one administrator must keep the "compliance.manage" permission' } });
    expect((await manager.request('DELETE', `/api/admin/users/${first.user.id}/admin-role`)).status).toBe(200);
  });
});

describe('screening questions at submission, the hold and the classification (points 1-3)', () => {
  it('a yes to tritium holds the prototype: the seller sees only "in progress", reviewers are 409 until classified not controlled', async () => {
    const seller = await signedInClient(t.db, 'user');
    const compliant = await officer();
    const created = await seller.request('POST', '/api/prototypes', { ...prototypeBody, exportScreening: { ...noToAll, tritium: true } });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const record = await compliance(compliant, id);
    expect(record.json).toMatchObject({ state: 'hold', screening: { tritium: true, knownClassification: 'ear99', eccn: null }, classification: null });
    expect((await seller.request('GET', '/api/seller/prototypes')).json[0]).toMatchObject({ id, exportScreening: 'in_progress' });
    const detail = await seller.request('GET', `/api/seller/prototypes/${id}`);
    expect(detail.json.exportScreening).toBe('in_progress');
    // Nothing else about it reaches the seller: no answers, no classification.
    for (const word of ['hydrogenIsotopeSeparation', 'knownClassification', 'controlled', 'hold']) expect(detail.text).not.toContain(word);

    const reviewers = { reviewerIds: [compliant.user.id], leadId: compliant.user.id };
    const held = await compliant.request('PUT', `/api/admin/prototypes/${id}/reviewers`, reviewers);
    expect(held.status).toBe(409);
    expect(held.json.message).toContain('export compliance hold');

    const classification = { jurisdiction: 'ear', classification: '1e201', controlled: true, basis: 'counsel', note: 'Tritium handling equipment' };
    const first = await compliant.request('PUT', `/api/admin/prototypes/${id}/export-classification`, classification);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ state: 'controlled', classification: { classification: '1E201', controlled: true, recordedByName: 'Olga Officer' } });
    const second = await compliant.request('PUT', `/api/admin/prototypes/${id}/export-classification`, {
      ...classification,
      classification: 'EAR99',
      controlled: false,
      basis: 'ccats',
      note: 'CCATS came back EAR99',
    });
    expect(second.json.state).toBe('not_controlled');
    expect(second.json.history.map((h: { classification: string }) => h.classification)).toEqual(['EAR99', '1E201']);
    expect((await seller.request('GET', `/api/seller/prototypes/${id}`)).json.exportScreening).toBeNull();
    expect((await compliant.request('PUT', `/api/admin/prototypes/${id}/reviewers`, reviewers)).status).toBe(200);
  });

  it('without answers the prototype is unscreened and the seller is asked; answering once is 200, twice 409, another seller 404', async () => {
    const seller = await signedInClient(t.db, 'user');
    const other = await signedInClient(t.db, 'user');
    const compliant = await officer();
    const id = (await seller.request('POST', '/api/prototypes', prototypeBody)).json.id as number;
    expect((await seller.request('GET', `/api/seller/prototypes/${id}`)).json.exportScreening).toBe('action_needed');
    const path = `/api/seller/prototypes/${id}/export-screening`;
    const noEccn = await seller.request('PUT', path, { ...noToAll, knownClassification: 'eccn' });
    expect(noEccn).toMatchObject({ status: 400, json: { message: 'eccn: Please give the ECCN (for example 1E201)' } });
    expect((await other.request('PUT', path, noToAll)).status).toBe(404);
    expect((await restClient(t.db).request('PUT', path, noToAll)).status).toBe(401);
    const answered = await seller.request('PUT', path, { ...noToAll, knownClassification: 'eccn', eccn: '0a521' });
    expect(answered).toMatchObject({ status: 200, json: { notice: 'in_progress' } });
    expect((await compliance(compliant, id)).json).toMatchObject({ state: 'hold', screening: { knownClassification: 'eccn', eccn: '0A521' } });
    expect((await seller.request('PUT', path, noToAll)).status).toBe(409);
    // Twenty answers at once: one stands.
    const id2 = (await seller.request('POST', '/api/prototypes', prototypeBody)).json.id as number;
    const statuses = await Promise.all(Array.from({ length: 20 }, () => seller.request('PUT', `/api/seller/prototypes/${id2}/export-screening`, noToAll)));
    expect(statuses.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect((await compliance(compliant, id2)).json.state).toBe('not_controlled');
  });

  it('POST /api/prototypes refuses an ECCN answer without its number (400) and stores nothing', async () => {
    const seller = await signedInClient(t.db, 'user');
    const res = await seller.request('POST', '/api/prototypes', {
      ...prototypeBody,
      exportScreening: { ...noToAll, knownClassification: 'eccn', eccn: 'nope' },
    });
    expect(res).toMatchObject({
      status: 400,
      json: { message: 'exportScreening.eccn: An ECCN is a digit, a letter A to E and three digits, for example 1E201' },
    });
    expect(await t.db.prisma.prototype.count()).toBe(0);
  });
});

/** The Consolidated Screening List as published (a few of its columns, quoted as the real file quotes them). */
const LIST = [
  '_id,source,entity_number,type,programs,name,title,addresses,federal_register_notice,alt_names,countries',
  'e1,Entity List (EL) - Bureau of Industry and Security,,Entity,,ACME ISOTOPE TRADING LLC,,"12 Harbour Rd, Dubai, AE",,"Núñez García, José María; ACME ISOTOPES",AE',
  'e2,Specially Designated Nationals (SDN) - Treasury Department,,Individual,SDGT,"PETROV, Ivan",,"Moscow, RU",,,RU',
].join('\r\n');

async function importList(client: RestClient, csv = LIST) {
  return client.request('POST', '/api/admin/screening-list', csv, { 'content-type': 'text/csv' });
}

describe('denied-party screening (point 5)', () => {
  it('imports the list as published, replaces it on a second import and keeps the history; refuses what is not the list', async () => {
    const compliant = await officer();
    const admin = await signedInClient(t.db, 'admin');
    expect((await importList(restClient(t.db))).status).toBe(401);
    expect((await importList(admin)).status).toBe(403);
    expect(await importList(compliant)).toMatchObject({ status: 201, json: { entries: 2 } });
    expect((await compliant.request('POST', '/api/admin/screening-list', LIST, { 'content-type': 'application/json' })).status).toBe(400);
    expect((await importList(compliant, 'title,addresses\r\nx,y')).json).toEqual({
      message: 'The list has no "name" column: import the Consolidated Screening List CSV as published',
    });
    expect((await importList(compliant, 'name,source\r\n"unterminated,x')).status).toBe(400);
    expect((await importList(compliant, `${LIST}\r\nx\u0000,y`)).status).toBe(400);
    expect(await importList(compliant, LIST.split('\r\n').slice(0, 2).join('\r\n'))).toMatchObject({ status: 201, json: { entries: 1 } });
    expect(await t.db.prisma.screeningListEntry.count()).toBe(1);
    expect(await t.db.prisma.screeningListImport.count()).toBe(2);
  });

  it('a registration matching an alternate name (other accents, other word order) goes through and opens a hit', async () => {
    const compliant = await officer();
    await importList(compliant);
    const guest = restClient(t.db);
    const registered = await guest.request('POST', '/api/register', {
      email: 'jose@example.test',
      password: 'a-long-enough-password',
      firstName: 'Jose-Maria',
      lastName: 'NUNEZ garcía',
    });
    expect(registered.status).toBe(201);
    const hits = await compliant.request('GET', '/api/admin/screening/hits?status=open');
    expect(hits.status).toBe(200);
    expect(hits.json).toHaveLength(1);
    expect(hits.json[0]).toMatchObject({
      userEmail: 'jose@example.test',
      screenedName: 'Jose-Maria NUNEZ garcía',
      entryName: 'ACME ISOTOPE TRADING LLC',
      matchedName: 'Núñez García, José María',
      entrySource: 'Entity List (EL) - Bureau of Industry and Security',
      occasion: 'registration',
      status: 'open',
    });
    // Someone whose name is not listed raises nothing.
    await guest.request('POST', '/api/register', { email: 'ana@example.test', password: 'a-long-enough-password', firstName: 'Ana', lastName: 'Lopez' });
    expect((await compliant.request('GET', '/api/admin/screening/hits')).json).toHaveLength(1);
  });

  it('a payout is refused while a hit is open, paid after a false positive (recorded); a confirmed hit restricts and keeps payouts blocked', async () => {
    setTestServices({ payments: MANUAL_PAYMENTS });
    const compliant = await officer();
    await importList(compliant);
    const { seller, transaction, admin } = await acceptedQuote(t.db, '1000.00');
    await t.db.prisma.user.update({ where: { id: seller.id }, data: { firstName: 'ivan', lastName: 'Petrov' } });
    await t.db.prisma.userPermission.create({ data: { userId: admin.id, permission: 'compliance.manage', granted: true, reason: 'test' } });
    const payer = await signedInClient(t.db, admin);
    const pay = () => payer.request('POST', `/api/admin/payouts/${transaction.id}/manual`, { method: 'bank_transfer', reference: 'WIRE-1' });

    const held = await pay();
    expect(held.status).toBe(409);
    expect(held.json.message).toContain('Payouts to this seller are on hold');
    const [hit] = (await compliant.request('GET', '/api/admin/screening/hits?status=open')).json;
    expect(hit).toMatchObject({ occasion: 'payout', matchedName: 'PETROV, Ivan' });
    expect((await pay()).status).toBe(409);

    const decided = await compliant.request('PATCH', `/api/admin/screening/hits/${hit.id}`, { decision: 'false_positive', note: 'Different date of birth' });
    expect(decided).toMatchObject({ status: 200, json: { status: 'false_positive', note: 'Different date of birth', decidedByName: 'Olga Officer' } });
    expect((await compliant.request('PATCH', `/api/admin/screening/hits/${hit.id}`, { decision: 'confirmed' })).status).toBe(409);
    // Screening again before the payout raises nothing new for the same name and party.
    expect((await pay()).status).toBe(200);
    expect(await t.db.prisma.screeningHit.count()).toBe(1);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.compliance.hit_decided', targetId: seller.id } })).toBe(1);

    // Another listed seller, confirmed: restricted, payouts blocked for good.
    const next = await acceptedQuote(t.db, '500.00');
    await t.db.prisma.user.update({ where: { id: next.seller.id }, data: { businessName: 'Acme Isotopes' } });
    const blocked = () => payer.request('POST', `/api/admin/payouts/${next.transaction.id}/manual`, { method: 'bank_transfer', reference: 'WIRE-2' });
    expect((await blocked()).status).toBe(409);
    const [second] = (await compliant.request('GET', '/api/admin/screening/hits?status=open')).json;
    expect((await compliant.request('PATCH', `/api/admin/screening/hits/${second.id}`, { decision: 'confirmed', note: 'Same entity' })).json).toMatchObject({
      status: 'confirmed',
      userStatus: 'restricted',
    });
    const refused = await blocked();
    expect(refused).toMatchObject({
      status: 409,
      json: { message: 'Payouts to this seller are blocked: a compliance officer confirmed a match on the denied-party screening list' },
    });
  });
});

describe('the payout hold under load (Stripe)', () => {
  const s = useFakeStripe();

  it('30 parallel pays: all 409 and one hit while on hold; after a false positive exactly one transfer', { tags: ['engine'] }, async () => {
    const compliant = await officer();
    await importList(compliant);
    const account = s.fake.addAccount({ payouts_enabled: true, details_submitted: true });
    const listed = await createUser(t.db.prisma, {
      firstName: 'Ivan',
      lastName: 'Petróv',
      stripeAccountId: account.id,
      stripePayoutsEnabled: true,
      stripeDetailsSubmitted: true,
    });
    const { transaction, admin } = await acceptedQuote(t.db, '100.00', listed);
    const payer = await signedInClient(t.db, admin);
    const payAll = () => Promise.all(Array.from({ length: 30 }, () => payer.request('POST', `/api/admin/payouts/${transaction.id}/pay`)));

    const held = await payAll();
    expect(held.map((r) => r.status)).toEqual(Array(30).fill(409));
    expect(s.fake.transfers.size).toBe(0);
    const hits = (await compliant.request('GET', '/api/admin/screening/hits?status=open')).json;
    expect(hits).toHaveLength(1);

    await compliant.request('PATCH', `/api/admin/screening/hits/${hits[0].id}`, { decision: 'false_positive', note: 'Not the listed person' });
    const paid = await payAll();
    expect(paid.filter((r) => r.status === 200 && r.json.outcome.status === 'completed').length).toBeGreaterThanOrEqual(1);
    expect(paid.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(s.fake.transfers.size).toBe(1);
    expect((await t.db.prisma.transaction.findUniqueOrThrow({ where: { id: transaction.id } })).status).toBe('completed');
    expect(await t.db.prisma.financialRecord.count({ where: { userId: listed.id, type: 'payout_sent' } })).toBe(1);
  });
});
