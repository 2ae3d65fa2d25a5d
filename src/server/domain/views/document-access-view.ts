// What the seller sees of an opening of their document: which, when, and by whom as "Dana K."
// (never the team member's full name or e-mail).
import { firstNameAndInitial } from '~/shared/format.ts';
import type { z } from 'zod';
import type { documentAccess } from './shapes/info-request.ts';

interface DocumentAccessRow {
  documentId: number;
  openedAt: Date;
  document: { fileName: string };
  user: { firstName: string | null; lastName: string | null } | null;
}

export function toDocumentAccessView(row: DocumentAccessRow): DocumentAccessView {
  return {
    documentId: row.documentId,
    fileName: row.document.fileName,
    openedAt: row.openedAt,
    openedBy: row.user ? firstNameAndInitial(row.user) : 'A former team member',
  };
}
export type DocumentAccessView = z.infer<typeof documentAccess>;
