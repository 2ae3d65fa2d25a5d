// Every quote an admin gives a prototype, first one included (prototype_quote_versions): the
// negotiation's history. The prototype's own columns hold the current quote; the newest version
// is the same quote, and the seller's answer is recorded on both.
import type { Prisma } from '~/generated/prisma/client.ts';
import { toDecimal } from './money.ts';

type Writer = Pick<Prisma.TransactionClient, 'quoteVersion'>;

export async function recordQuoteVersion(
  tx: Writer,
  version: { prototypeId: number; amount: string; notes: string | null; quotedBy: string; quotedAt: Date },
): Promise<{ quoteVersionId: number }> {
  const row = await tx.quoteVersion.create({
    data: { prototypeId: version.prototypeId, amount: toDecimal(version.amount), notes: version.notes, quotedBy: version.quotedBy, quotedAt: version.quotedAt },
    select: { id: true },
  });
  return { quoteVersionId: row.id };
}

/** Newest first: the current quote, then the ones it replaced. */
export const quoteVersionOrder = [{ quotedAt: 'desc' }, { id: 'desc' }] satisfies Prisma.QuoteVersionOrderByWithRelationInput[];

/** The seller's answer, on the current (newest) version; a prototype quoted before versions existed has none. */
export async function recordAnswerOnCurrentVersion(
  tx: Writer,
  prototypeId: number,
  answer: { sellerResponse: 'accepted' | 'declined'; sellerResponseNote: string | null; sellerResponseAt: Date },
) {
  const current = await tx.quoteVersion.findFirst({ where: { prototypeId }, orderBy: quoteVersionOrder, select: { id: true } });
  if (current) await tx.quoteVersion.update({ where: { id: current.id }, data: answer, select: { id: true } });
}
