// The quote history as the seller sees it (GET /api/seller/prototypes/{id} quoteVersions): each
// amount, its notes, when it was given and the seller's answer to it. Who quoted stays internal.
import type { Prisma } from '~/generated/prisma/client.ts';
import { fullName } from '~/shared/format.ts';
import type { Db } from '../../db/index.ts';
import { moneyNumber } from '../money.ts';
import { quoteVersionOrder } from '../quote-versions.ts';
import { personName } from './person-name.ts';

export const sellerQuoteVersionSelect = {
  select: { id: true, amount: true, notes: true, quotedAt: true, sellerResponse: true, sellerResponseNote: true, sellerResponseAt: true },
  orderBy: quoteVersionOrder,
} satisfies Prisma.Prototype$quoteVersionsArgs;

type SellerQuoteVersionRow = Prisma.QuoteVersionGetPayload<{ select: (typeof sellerQuoteVersionSelect)['select'] }>;

/** Newest first; the amount as a number, as the prototype's own quote is. */
export function toSellerQuoteVersion(row: SellerQuoteVersionRow) {
  return { ...row, amount: moneyNumber(row.amount) ?? 0 };
}

/** The admins' history: the seller's fields plus who gave each quote. */
export const adminQuoteVersionSelect = {
  ...sellerQuoteVersionSelect.select,
  quoter: { select: personName },
} satisfies Prisma.QuoteVersionSelect;

export async function adminQuoteVersions(db: Pick<Db, 'quoteVersion'>, prototypeId: number) {
  const rows = await db.quoteVersion.findMany({ where: { prototypeId }, select: adminQuoteVersionSelect, orderBy: quoteVersionOrder, take: 100 });
  return rows.map(({ quoter, ...row }) => ({ ...toSellerQuoteVersion(row), quotedByName: quoter ? fullName(quoter) : null }));
}
