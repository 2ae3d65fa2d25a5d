// Audited confidential documents (issue 14, point 8): every download of a prototype's document by
// an admin is recorded in the request that serves it; the seller reads who opened what, and when.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { RequestMeta } from '../context.ts';
import type { Db } from '../db/index.ts';
import { publishDocumentAccess } from '../live/publish.ts';
import { appendAccessRecord } from './access-record.ts';
import { logActivity } from './activity-log.ts';
import { NotFoundError } from './errors.ts';
import { PROTOTYPE_NOT_FOUND, visiblePrototypes } from './prototype-access.ts';
import { toDocumentAccessView } from './views/document-access-view.ts';

/** The access list answers at most this many openings, newest first. */
export const DOCUMENT_ACCESS_LIST_MAX = 1000;

/** A download hands over a copy (stamped, or the original for types that cannot carry a stamp); a page view one rendered page. */
export type DocumentOpening = { kind: 'download'; copy: 'stamped' | 'original' } | { kind: 'page_view'; page: number };

/**
 * Records one opening (the access row, the access record's chained row and an audit row, in one
 * transaction) and tells the seller's open tabs at commit. Returns the access record's id, which the
 * stamp carries. Throws if it cannot be written: the caller then serves nothing, so no admin reads a
 * document unrecorded.
 */
export async function recordDocumentOpened(
  db: Db,
  meta: RequestMeta,
  entry: { documentId: number; prototypeId: number; userId: string; openedAt: Date; fileName: string } & DocumentOpening,
): Promise<{ accessRecordId: number }> {
  return db.$transaction(async (tx: Prisma.TransactionClient) => {
    await tx.documentAccess.create({
      data: { documentId: entry.documentId, prototypeId: entry.prototypeId, userId: entry.userId, openedAt: entry.openedAt },
      select: { id: true },
    });
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
        documentId: entry.documentId,
        fileName: entry.fileName,
        ...(entry.kind === 'page_view' ? { page: entry.page } : { copy: entry.copy }),
      },
    });
    await publishDocumentAccess(tx, entry.prototypeId);
    return { accessRecordId: record.id };
  });
}

/** Who from the team opened the prototype's documents, newest first: its seller's, or any for admins. */
export async function documentAccessOf(db: Db, user: { id: string; role: string }, prototypeId: number) {
  const visible = await db.prototype.findFirst({
    where: { id: prototypeId, ...visiblePrototypes(user) },
    select: { id: true },
  });
  if (!visible) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
  const rows = await db.documentAccess.findMany({
    where: { prototypeId },
    select: {
      documentId: true,
      openedAt: true,
      document: { select: { fileName: true } },
      user: { select: { firstName: true, lastName: true } },
    },
    orderBy: [{ openedAt: 'desc' }, { id: 'desc' }],
    take: DOCUMENT_ACCESS_LIST_MAX,
  });
  return rows.map(toDocumentAccessView);
}
