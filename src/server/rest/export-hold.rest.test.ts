// The data room's export rule for held items (issue 32, point 2): a prototype whose screening put it on
// hold opens its documents and confidential fields only to holders of compliance.manage, until a
// compliance officer classifies it; then the other rules of the gate decide again.
import { describe, expect, it } from 'vitest';
import { EXPORT_HOLD_DENIAL } from '../domain/export-control.ts';
import { attestAdmin, createPrototype } from '../test/factories.ts';
import { type RestClient, signedInClient, useTestDatabase } from '../test/harness.ts';
import { samplePdf } from '../test/pdf-fixtures.ts';

const t = useTestDatabase();

async function upload(client: RestClient, prototypeId: number): Promise<number> {
  const res = await client.app.request(`http://localhost/api/prototypes/${prototypeId}/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'design.pdf', cookie: client.cookie },
    body: await samplePdf(1),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const get = (client: RestClient, path: string) => client.app.request(`http://localhost${path}`, { headers: { cookie: client.cookie } });

describe('export compliance hold in the data room', () => {
  it('refuses a held prototype to an attested admin without compliance.manage, opens it to an officer, and to everyone once classified not controlled', async () => {
    const seller = await signedInClient(t.db, 'user');
    const prototype = await createPrototype(t.db.prisma, seller.user.id, { description: 'Tritium breeding blanket design' });
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
      },
    });
    const documentId = await upload(seller, prototype.id);
    const reviewer = await signedInClient(t.db, 'admin');
    const officer = await signedInClient(t.db, 'admin');
    await t.db.prisma.userPermission.create({ data: { userId: officer.user.id, permission: 'compliance.manage', granted: true } });
    for (const admin of [reviewer, officer]) await attestAdmin(t.db.prisma, admin.user.id, prototype.id);

    const refused = await get(reviewer, `/api/documents/${documentId}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: EXPORT_HOLD_DENIAL });
    const held = (await (await get(reviewer, `/api/admin/prototypes/${prototype.id}`)).json()) as Record<string, unknown>;
    expect(held.description).toBeUndefined();
    expect(held.prototypeName).toBe(prototype.prototypeName);
    expect(await t.db.prisma.accessRecord.count({ where: { kind: 'denied', userId: reviewer.user.id } })).toBe(1);

    expect((await get(officer, `/api/documents/${documentId}`)).status).toBe(200);
    const forOfficer = (await (await get(officer, `/api/admin/prototypes/${prototype.id}`)).json()) as Record<string, unknown>;
    expect(forOfficer.description).toBe('Tritium breeding blanket design');

    const classified = await officer.request('PUT', `/api/admin/prototypes/${prototype.id}/export-classification`, {
      jurisdiction: 'ear',
      classification: 'EAR99',
      controlled: false,
      basis: 'counsel',
      note: 'Reviewed',
    });
    expect(classified.status).toBe(200);
    expect((await get(reviewer, `/api/documents/${documentId}`)).status).toBe(200);
  });
});
