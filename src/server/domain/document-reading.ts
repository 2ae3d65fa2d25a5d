// How a prototype's document reaches its reader (issue 31, points 3 and 4): the seller gets their own
// originals; an admin gets a copy stamped with who they are, when, the prototype and the access
// record's id, or, when the seller made the document view-only, only its pages rendered one by one.
import type { Db } from '../db/index.ts';
import { NotFoundError, ForbiddenError } from './errors.ts';
import { visiblePrototypes } from './prototype-access.ts';
import { documentSelect } from './views/document-view.ts';
import { formatUtcStamp, fullName } from '~/shared/format.ts';

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const VIEW_ONLY_DOWNLOAD_REFUSED = 'The seller made this document view-only: it cannot be downloaded. Open it in the reader to read it page by page.';

/** What can carry a stamp: a PDF on every page, a picture over its whole surface. Anything else is served as it is. */
export type StampKind = 'pdf' | 'png' | 'jpeg' | null;

export function stampKindOf(fileType: string): StampKind {
  if (fileType === 'application/pdf') return 'pdf';
  if (fileType === 'image/png') return 'png';
  if (fileType === 'image/jpeg') return 'jpeg';
  return null;
}

const readableSelect = {
  id: true,
  prototypeId: true,
  fileName: true,
  fileType: true,
  storageKey: true,
  viewOnly: true,
  pageCount: true,
  prototype: { select: { sellerId: true } },
} as const;

/**
 * The document if the reader may see it at all (its seller, or an admin); `admin` says whether the
 * reader reads as the team (stamped, recorded) rather than as its seller.
 */
export async function readableDocument(db: Db, reader: { id: string; role: string }, documentId: number | null) {
  const document =
    documentId === null
      ? null
      : await db.prototypeDocument.findFirst({ where: { id: documentId, prototype: visiblePrototypes(reader) }, select: readableSelect });
  if (!document) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  return { document, admin: reader.role === 'admin' && document.prototype.sellerId !== reader.id };
}

/** A download by the team of a view-only document is refused; the seller downloads their own. */
export function assertMayDownload(document: { viewOnly: boolean }, admin: boolean) {
  if (admin && document.viewOnly) throw new ForbiddenError(VIEW_ONLY_DOWNLOAD_REFUSED);
}

/** The seller marks their own document view-only (or not); anyone else's is a 404. */
export async function setDocumentViewOnly(db: Db, sellerId: string, documentId: number, viewOnly: boolean) {
  const { count } = await db.prototypeDocument.updateMany({ where: { id: documentId, prototype: { sellerId } }, data: { viewOnly } });
  if (count === 0) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  return db.prototypeDocument.findUniqueOrThrow({ where: { id: documentId }, select: documentSelect });
}

/** The page count, kept once it is known (a PDF's bytes never change). */
export async function rememberPageCount(db: Db, documentId: number, pages: number) {
  await db.prototypeDocument.updateMany({ where: { id: documentId, pageCount: null }, data: { pageCount: pages } });
}

/** The stamp's text: two lines drawn on the copy, and one sentence for the PDF's metadata. The seller's own pages carry no record id. */
export function watermarkFor(
  viewer: { firstName: string | null; lastName: string | null; email: string },
  at: Date,
  prototypeId: number,
  accessRecordId: number | null,
) {
  const name = fullName(viewer);
  const when = formatUtcStamp(at);
  const record = accessRecordId === null ? '' : ` | access record ${accessRecordId}`;
  const lines = [`Confidential: ${name} <${viewer.email}>`, `${when} | prototype ${prototypeId}${record}`];
  const metadata =
    `Confidential copy for ${name} <${viewer.email}>, ${at.toISOString()}, prototype ${prototypeId}` +
    (accessRecordId === null ? '' : `, access record ${accessRecordId}`);
  return { lines, metadata };
}
