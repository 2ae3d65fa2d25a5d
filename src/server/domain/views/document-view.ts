// What the API returns for a prototype's document: its name, type and size, never where the bytes live.
import type { Prisma } from '~/generated/prisma/client.ts';

export const documentSelect = {
  id: true,
  prototypeId: true,
  fileName: true,
  fileType: true,
  fileSize: true,
  uploadedAt: true,
  viewOnly: true,
  pageCount: true,
} satisfies Prisma.PrototypeDocumentSelect;
