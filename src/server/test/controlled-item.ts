// A controlled prototype for the export-clearance tests (issue 32, ADR 0051): a seller's prototype with
// one uploaded PDF, a compliance officer, and an attested reviewer with no export status yet, the item
// classified controlled (1E201) by the officer.
import { expect } from 'vitest';
import type { Database } from '../db/index.ts';
import { attestAdmin, createPrototype } from './factories.ts';
import { type RestClient, signedInClient } from './harness.ts';
import { samplePdf } from './pdf-fixtures.ts';

/** Uploads a PDF of `pages` pages as `client` (the seller) and returns the document's id. */
export async function uploadPdf(client: RestClient, prototypeId: number, fileName: string, pages: number): Promise<number> {
  const res = await client.app.request(`http://localhost/api/prototypes/${prototypeId}/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': fileName, cookie: client.cookie },
    body: await samplePdf(pages),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

export async function controlledItem(db: Database, document: { description: string; fileName: string; pages: number }) {
  const seller = await signedInClient(db, 'user');
  const prototype = await createPrototype(db.prisma, seller.user.id, { description: document.description });
  const documentId = await uploadPdf(seller, prototype.id, document.fileName, document.pages);
  const officer = await signedInClient(db, 'admin');
  await db.prisma.userPermission.create({ data: { userId: officer.user.id, permission: 'compliance.manage', granted: true } });
  const reviewer = await signedInClient(db, 'admin');
  for (const admin of [officer, reviewer]) await attestAdmin(db.prisma, admin.user.id, prototype.id);
  const classified = await officer.request('PUT', `/api/admin/prototypes/${prototype.id}/export-classification`, {
    jurisdiction: 'ear',
    classification: '1E201',
    controlled: true,
    basis: 'counsel',
    note: 'Lithium isotope separation technology',
  });
  expect(classified.json.state).toBe('controlled');
  return { seller, prototype, documentId, officer, reviewer };
}
