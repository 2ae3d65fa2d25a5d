// What the API returns for an information request: the question, the answer once given, and the
// documents the seller sent with it. The seller sees who asked as "Dana K."; admins also get the
// asker's and the seller's full names.
import type { Prisma } from '~/generated/prisma/client.ts';
import { firstNameAndInitial, fullName } from '~/shared/format.ts';
import { documentSelect } from './document-view.ts';
import type { z } from 'zod';
import type { adminInfoRequest, infoRequest } from './shapes/info-request.ts';
import { personName } from './person-name.ts';

export const infoRequestSelect = {
  id: true,
  prototypeId: true,
  question: true,
  wantsDocuments: true,
  answer: true,
  answeredAt: true,
  createdAt: true,
  prototype: { select: { prototypeName: true, seller: { select: personName } } },
  asker: { select: personName },
  documents: { select: documentSelect, orderBy: [{ uploadedAt: 'asc' }, { id: 'asc' }] },
} satisfies Prisma.InfoRequestSelect;

type InfoRequestRow = Prisma.InfoRequestGetPayload<{ select: typeof infoRequestSelect }>;

export function toInfoRequestView(row: InfoRequestRow): InfoRequestView {
  const { prototype, asker, ...rest } = row;
  return {
    ...rest,
    prototypeName: prototype.prototypeName,
    askedBy: asker ? firstNameAndInitial(asker) : null,
  };
}
export type InfoRequestView = z.infer<typeof infoRequest>;

export function toAdminInfoRequestView(row: InfoRequestRow): AdminInfoRequestView {
  return {
    ...toInfoRequestView(row),
    askedByName: row.asker ? fullName(row.asker) : null,
    sellerName: fullName(row.prototype.seller),
  };
}
export type AdminInfoRequestView = z.infer<typeof adminInfoRequest>;
