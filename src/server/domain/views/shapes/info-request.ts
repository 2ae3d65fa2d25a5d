// Information requests and who opened a prototype's documents (info-request-view.ts, document-access-view.ts).
import { z } from 'zod';
import { prototypeDocument } from './prototype.ts';
import { id, timestamp } from './common.ts';

export const infoRequest = z.strictObject({
  id,
  prototypeId: id,
  prototypeName: z.string(),
  question: z.string(),
  wantsDocuments: z.boolean(),
  /** Who asked, as "Dana K.". */
  askedBy: z.string().nullable(),
  createdAt: timestamp,
  /** Null while the request is open; absent for an admin before the prototype's confidential content opens (ADR 0045). */
  answer: z.string().nullable().optional(),
  answeredAt: timestamp.nullable(),
  /** Documents the seller sent with the answer. */
  documents: z.array(prototypeDocument),
});
export const adminInfoRequest = infoRequest.extend({ askedByName: z.string().nullable(), sellerName: z.string() });
export const openInfoRequests = z.strictObject({ total: z.number().int().nonnegative(), items: z.array(adminInfoRequest) });
/** What the seller's access list shows (seller-visibility: admins' view kinds only, never terms or revocations). */
export const SELLER_ACCESS_KINDS = ['download', 'page_view', 'attestation', 'denied'] as const;
export const documentAccess = z.strictObject({
  /** The access record's id (for a run of page views: its newest). */
  id,
  kind: z.enum(SELLER_ACCESS_KINDS),
  /** Null for an attestation, or a denial that named no document. */
  documentId: id.nullable(),
  fileName: z.string().nullable(),
  /** When (for a run of page views: the newest). */
  openedAt: timestamp,
  /** First name and last initial ("Dana K."). */
  openedBy: z.string(),
  /** Page views: the pages of one run (one viewer, one document, one after another), in the order viewed; otherwise null. */
  pages: z.array(z.number().int().positive()).nullable(),
  /** The access record row's SHA-256 (for a run: its newest row's, which chains over the others). */
  hash: z.string(),
});
