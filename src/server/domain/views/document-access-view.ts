// What the seller sees of the team's access to their prototype (issue 14 point 8, issue 31 point 7):
// the access record's rows of the kinds in SELLER_ACCESS_KINDS, by "Dana K." (never the team member's
// full name or e-mail). Consecutive page views of one document by one viewer read as one row (ADR 0047).
import { firstNameAndInitial } from '~/shared/format.ts';
import type { z } from 'zod';
import { toCsv } from '../csv.ts';
import type { documentAccess } from './shapes/info-request.ts';

export type DocumentAccessView = z.infer<typeof documentAccess>;
export type SellerAccessKind = DocumentAccessView['kind'];

/** One access record row as the seller's list reads it, with its document's and viewer's names. */
export interface AccessRecordRow {
  id: number;
  at: Date;
  kind: SellerAccessKind;
  documentId: number | null;
  page: number | null;
  hash: string;
  fileName: string | null;
  viewer: { firstName: string | null; lastName: string | null } | null;
  userId: string | null;
}

const viewerName = (row: AccessRecordRow) => (row.viewer ? firstNameAndInitial(row.viewer) : 'A former team member');

/** Page views this far apart start a new run, even by the same viewer in the same document. */
export const PAGE_RUN_GAP_MS = 30 * 60 * 1000;

/** Rows newest first; a page view joins the row above it when it continues that run. */
export function toDocumentAccessViews(rows: readonly AccessRecordRow[]): DocumentAccessView[] {
  const views: DocumentAccessView[] = [];
  let run: { view: DocumentAccessView; userId: string | null; oldestAt: Date } | null = null;
  for (const row of rows) {
    if (
      run &&
      row.kind === 'page_view' &&
      run.view.kind === 'page_view' &&
      row.page !== null &&
      run.userId === row.userId &&
      run.view.documentId === row.documentId &&
      run.oldestAt.getTime() - row.at.getTime() <= PAGE_RUN_GAP_MS
    ) {
      run.view.pages!.unshift(row.page);
      run.oldestAt = row.at;
      continue;
    }
    const view: DocumentAccessView = {
      id: row.id,
      kind: row.kind,
      documentId: row.documentId,
      fileName: row.fileName,
      openedAt: row.at,
      openedBy: viewerName(row),
      pages: row.kind === 'page_view' && row.page !== null ? [row.page] : null,
      hash: row.hash,
    };
    views.push(view);
    run = { view, userId: row.userId, oldestAt: row.at };
  }
  return views;
}

const KIND_WORDS: Record<SellerAccessKind, string> = {
  download: 'Downloaded a copy',
  page_view: 'Viewed a page',
  attestation: 'Attested',
  denied: 'Denied access',
};

/** The export: one line per access record row (never grouped), each with its hash. */
export function documentAccessCsv(rows: readonly AccessRecordRow[]): string {
  return toCsv(
    ['Record', 'Time (UTC)', 'Kind', 'What', 'Document', 'Page', 'By', 'SHA-256'],
    rows.map((row) => [row.id, row.at, row.kind, KIND_WORDS[row.kind], row.fileName, row.page, viewerName(row), row.hash]),
  );
}
