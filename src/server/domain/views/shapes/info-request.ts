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
export const documentAccess = z.strictObject({
  documentId: id,
  fileName: z.string(),
  openedAt: timestamp,
  /** First name and last initial ("Dana K."). */
  openedBy: z.string(),
});
