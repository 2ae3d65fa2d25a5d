// Audited confidential documents (issue 14 point 8, issue 31 point 7): every opening of a prototype's
// document by an admin is a row of the access record, written in the request that serves it; the
// seller reads who opened what, and when, with each row's hash (and a CSV of them).
import type { Prisma } from '~/generated/prisma/client.ts';
import type { RequestMeta } from '../context.ts';
import type { Db } from '../db/index.ts';
import { publishDocumentAccess } from '../live/publish.ts';
import { ACCESS_RECORD_LOCK_ID, appendAccessRecord } from './access-record.ts';
import { logActivity } from './activity-log.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';
import { type ReleaseTarget, recordExportDecisions } from './export-clearance.ts';
import { PROTOTYPE_NOT_FOUND, visiblePrototypes } from './prototype-access.ts';
import { type GateScope, dataRoomAccess } from './views/confidential-view.ts';
import { type AccessRecordRow, documentAccessCsv, toDocumentAccessViews } from './views/document-access-view.ts';
import { SELLER_ACCESS_KINDS } from './views/shapes/info-request.ts';

/** The access list reads at most this many rows, newest first (the CSV too). */
export const DOCUMENT_ACCESS_LIST_MAX = 1000;

/** A download hands over a copy (stamped, or the original for types that cannot carry a stamp); a page view one rendered page. */
export type DocumentOpening = { kind: 'download'; copy: 'stamped' | 'original' } | { kind: 'page_view'; page: number };

/** A clearance that held at the gate and no longer did at the record. */
class ClearanceLapsed extends Error {}

/**
 * Records one opening (the access record's chained row and an audit row, in one transaction) and
 * tells the seller's open tabs at commit. Returns the access record's id, which the stamp carries.
 * Throws if it cannot be written: the caller then serves nothing, so no admin reads a document unrecorded.
 */
export async function recordDocumentOpened(
  db: Db,
  meta: RequestMeta,
  entry: { documentId: number; prototypeId: number; userId: string; openedAt: Date } & DocumentOpening,
): Promise<{ accessRecordId: number }> {
  // A controlled item's copy or page sent is an export release on record (issue 32, ADR 0051).
  const release = {
    channel: entry.kind === 'page_view' ? 'page_view' : 'document_copy',
    documentId: entry.documentId,
    page: entry.kind === 'page_view' ? entry.page : null,
  } as const;
  try {
    return await openingRecorded(db, meta, entry, release);
  } catch (error) {
    if (!(error instanceof ClearanceLapsed)) throw error;
    // Cleared at the gate, no longer by the time of the record (an authorization removed or expired
    // in between): nothing is served, and the refusal is on record like the gate's.
    const denial = { reason: 'export_not_cleared' as const, message: error.message };
    await recordExportDecisions(db, entry.userId, [entry.prototypeId], new Map([[entry.prototypeId, denial]]), release, entry.openedAt);
    throw new ForbiddenError(error.message);
  }
}

async function openingRecorded(
  db: Db,
  meta: RequestMeta,
  entry: { documentId: number; prototypeId: number; userId: string; openedAt: Date } & DocumentOpening,
  release: ReleaseTarget,
): Promise<{ accessRecordId: number }> {
  return db.$transaction(async (tx: Prisma.TransactionClient) => {
    const record = await appendAccessRecord(tx, {
      at: entry.openedAt,
      kind: entry.kind,
      userId: entry.userId,
      prototypeId: entry.prototypeId,
      documentId: entry.documentId,
      ...(entry.kind === 'page_view' ? { page: entry.page } : { details: { copy: entry.copy } }),
    });
    await logActivity(tx, meta, {
      userId: entry.userId,
      action: 'document.opened',
      targetType: 'prototype',
      targetId: entry.prototypeId,
      details: {
        // No file name: the activity log is read by admins the data room may keep closed (ADR 0045).
        documentId: entry.documentId,
        ...(entry.kind === 'page_view' ? { page: entry.page } : { copy: entry.copy }),
      },
    });
    // The release is written with the clearance read here, in the record's transaction: one that no
    // longer holds serves nothing (the transaction rolls back; the caller records the refusal).
    const clearance = (await recordExportDecisions(tx, entry.userId, [entry.prototypeId], new Map(), release, entry.openedAt)).get(entry.prototypeId);
    if (clearance && !clearance.cleared) throw new ClearanceLapsed(clearance.message);
    await publishDocumentAccess(tx, entry.prototypeId);
    return { accessRecordId: record.id };
  });
}

/**
 * The prototype's rows the seller sees, newest first, with names; its seller's, or any for admins.
 * The documents' names are confidential content (ADR 0045): an admin before the data room's gate
 * opens (terms, conflict, export hold or clearance) reads the rows without them, and for a controlled
 * item the list is an export decision on record like any other view (dataRoomAccess, ADR 0051).
 */
async function accessRowsOf(scope: GateScope, prototypeId: number): Promise<AccessRecordRow[]> {
  const { db, viewer: user } = scope;
  const visible = await db.prototype.findFirst({
    where: { id: prototypeId, ...visiblePrototypes(user) },
    select: { id: true },
  });
  if (!visible) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
  const rows = await db.accessRecord.findMany({
    where: { prototypeId, kind: { in: [...SELLER_ACCESS_KINDS] } },
    select: { id: true, at: true, kind: true, userId: true, documentId: true, page: true, hash: true },
    orderBy: { id: 'desc' },
    take: DOCUMENT_ACCESS_LIST_MAX,
  });
  const closed = user.role === 'admin' && (await dataRoomAccess(scope, [prototypeId])).get(prototypeId)?.denial;
  const userIds = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const documentIds = closed ? [] : [...new Set(rows.flatMap((r) => (r.documentId ? [r.documentId] : [])))];
  const [users, documents] = await Promise.all([
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, firstName: true, lastName: true } }),
    db.prototypeDocument.findMany({ where: { id: { in: documentIds } }, select: { id: true, fileName: true } }),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const fileNameById = new Map(documents.map((d) => [d.id, d.fileName]));
  return rows.map((row) => ({
    ...row,
    kind: row.kind as AccessRecordRow['kind'],
    fileName: row.documentId ? (fileNameById.get(row.documentId) ?? null) : null,
    viewer: row.userId ? (userById.get(row.userId) ?? null) : null,
  }));
}

/** Who from the team opened the prototype's documents (and attested, or was denied), newest first. */
export async function documentAccessOf(scope: GateScope, prototypeId: number) {
  return toDocumentAccessViews(await accessRowsOf(scope, prototypeId));
}

/** The same rows as CSV, one line per access record row with its hash. */
export async function documentAccessCsvOf(scope: GateScope, prototypeId: number) {
  return documentAccessCsv(await accessRowsOf(scope, prototypeId));
}

const LEGACY_BATCH = 500;

/**
 * Start-up step (ADR 0047): the openings recorded before the access record (table document_access)
 * become rows of the chain, oldest first, and leave that table, a batch per transaction under the
 * chain's lock, so instances starting at once move each row exactly once. Returns how many moved.
 */
export async function moveLegacyDocumentAccess(db: Db): Promise<number> {
  let moved = 0;
  for (;;) {
    const count = await db.$transaction(async (tx: Prisma.TransactionClient) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ACCESS_RECORD_LOCK_ID})`;
      const batch = await tx.documentAccess.findMany({
        select: { id: true, documentId: true, prototypeId: true, userId: true, openedAt: true },
        orderBy: [{ openedAt: 'asc' }, { id: 'asc' }],
        take: LEGACY_BATCH,
      });
      for (const row of batch) {
        await appendAccessRecord(tx, {
          at: row.openedAt,
          kind: 'download',
          userId: row.userId,
          prototypeId: row.prototypeId,
          documentId: row.documentId,
          details: { recordedBefore: 'access_record' },
        });
      }
      await tx.documentAccess.deleteMany({ where: { id: { in: batch.map((r) => r.id) } } });
      return batch.length;
    });
    moved += count;
    if (count < LEGACY_BATCH) return moved;
  }
}
