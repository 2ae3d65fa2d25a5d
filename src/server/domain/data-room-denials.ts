// A refusal by the confidential-content gate on a document (issue 31, ADR 0045): the access record
// gets a `denied` row with the reason, and the caller a 403 that says what to do.
import type { Db } from '../db/index.ts';
import { appendAccessRecord } from './access-record.ts';
import { type ConfidentialViewer, type DataRoomPolicy, confidentialDenial } from './confidential-access.ts';
import { type ReleaseTarget, recordExportDecisions } from './export-clearance.ts';
import { ForbiddenError } from './errors.ts';

export async function refuseClosedDataRoom(
  db: Db,
  viewer: ConfidentialViewer,
  target: { prototypeId: number; documentId: number; release: ReleaseTarget['channel']; page?: number | null },
  now: Date,
  policy: DataRoomPolicy,
): Promise<void> {
  const denial = await confidentialDenial(db, viewer, target.prototypeId, now, policy);
  if (!denial) return;
  await db.$transaction(async (tx) => {
    await appendAccessRecord(tx, {
      at: now,
      kind: 'denied',
      userId: viewer.id,
      prototypeId: target.prototypeId,
      documentId: target.documentId,
      details: { reason: denial.reason },
    });
    const release = { channel: target.release, documentId: target.documentId, page: target.page ?? null };
    await recordExportDecisions(tx, viewer.id, [target.prototypeId], new Map([[target.prototypeId, denial]]), release, now);
  });
  throw new ForbiddenError(denial.message);
}
