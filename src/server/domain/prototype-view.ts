// The one shape in which a prototype leaves the server (seller and admin views, spec section 3).
import type { Prisma } from '~/generated/prisma/client.ts';
import { moneyNumber } from './money.ts';

export const prototypeSelect = {
  id: true,
  sellerId: true,
  prototypeName: true,
  inventorName: true,
  energyType: true,
  description: true,
  status: true,
  stage: true,
  priority: true,
  powerOutput: true,
  efficiency: true,
  notes: true,
  atomixQuote: true,
  quoteNotes: true,
  quoteProvideBy: true,
  quotedAt: true,
  sellerResponse: true,
  sellerResponseNote: true,
  sellerResponseAt: true,
  finalAmount: true,
  reviewerComments: true,
  assignedTo: true,
  completedAt: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.PrototypeSelect;

export type PrototypeRow = Prisma.PrototypeGetPayload<{ select: typeof prototypeSelect }>;

export function toPrototypeView(row: PrototypeRow) {
  return { ...row, atomixQuote: moneyNumber(row.atomixQuote), finalAmount: moneyNumber(row.finalAmount) };
}
export type PrototypeView = ReturnType<typeof toPrototypeView>;
