// What the API returns for a transaction: the seller's list on the dashboard, the seller's payouts
// and the admin's Payouts view. Named selects, amounts as exact decimal strings, nothing else leaves.
import type { Prisma } from '~/generated/prisma/client.ts';
import { parseRecordId } from '~/shared/schemas/bounds.ts';
import { fullName } from '~/shared/format.ts';
import { PAYOUT_STATUSES, type PayoutStatus } from '~/shared/schemas/payouts.ts';
import type { Db } from '../../db/index.ts';
import { ledgerBalance } from '../ledger.ts';
import { moneyString, toDecimal } from '../money.ts';
import { InvalidInputError } from '../errors.ts';
import type { z } from 'zod';
import type { adminPayout as adminPayoutShape, sellerTransaction } from './shapes/payout.ts';
import { personName } from './person-name.ts';
import { newestFirst } from '../keyset.ts';

export const sellerTransactionSelect = {
  id: true,
  prototypeId: true,
  amount: true,
  platformFee: true,
  sellerPayout: true,
  status: true,
  createdAt: true,
  completedAt: true,
} satisfies Prisma.TransactionSelect;

type SellerTransactionRow = Prisma.TransactionGetPayload<{ select: typeof sellerTransactionSelect }>;

/** Transaction amounts leave the server as decimal strings (spec section 3). */
export function toSellerTransactionView<Row extends SellerTransactionRow>(row: Row): Omit<Row, 'amount' | 'platformFee' | 'sellerPayout'> & TransactionView {
  return {
    ...row,
    amount: moneyString(row.amount)!,
    platformFee: moneyString(row.platformFee)!,
    sellerPayout: moneyString(row.sellerPayout)!,
  };
}
export type TransactionView = z.infer<typeof sellerTransaction>;

const adminPayoutSelect = {
  ...sellerTransactionSelect,
  payoutMethod: true,
  payoutReference: true,
  stripeTransferId: true,
  failureReason: true,
  payoutAttempt: true,
  updatedAt: true,
  prototype: { select: { prototypeName: true } },
  seller: {
    select: { id: true, firstName: true, lastName: true, email: true, stripeAccountId: true, stripePayoutsEnabled: true },
  },
  processor: { select: personName },
} satisfies Prisma.TransactionSelect;
type AdminPayoutRow = Prisma.TransactionGetPayload<{ select: typeof adminPayoutSelect }>;

function toAdminPayoutView(row: AdminPayoutRow): AdminPayoutView {
  const { prototype, seller, processor, ...rest } = row;
  return {
    ...toSellerTransactionView(rest),
    // Written only from PAYOUT_METHODS (payments/, the manual payout's schema).
    payoutMethod: rest.payoutMethod as AdminPayoutView['payoutMethod'],
    prototypeName: prototype.prototypeName,
    seller: {
      id: seller.id,
      name: fullName(seller),
      email: seller.email,
      payoutAccountConnected: seller.stripeAccountId !== null,
      payoutsEnabled: seller.stripePayoutsEnabled,
    },
    processedBy: processor ? fullName(processor) : null,
  };
}
export type AdminPayoutView = z.infer<typeof adminPayoutShape>;

/** Newest first (ids grow with creation); the cursor is the last id of the page. */
/**
 * The admin's payouts, newest first, a page at a time. The cursor is a transaction id (as the REST
 * list has always sent it): `next` reads the rows below it, `prev` the rows above it.
 */
export async function listPayouts(
  db: Db,
  input: { status?: PayoutStatus | undefined; cursor?: string | undefined; direction?: 'next' | 'prev' | undefined; limit: number },
) {
  const at = input.cursor ? parseRecordId(input.cursor) : null;
  if (input.cursor && at === null) throw new InvalidInputError('Invalid cursor');
  const backwards = at !== null && input.direction === 'prev';
  const rows = await db.transaction.findMany({
    where: {
      ...(input.status ? { status: input.status } : {}),
      ...(at !== null ? { id: backwards ? { gt: at } : { lt: at } } : {}),
    },
    orderBy: { id: backwards ? 'asc' : 'desc' },
    take: input.limit + 1,
    select: adminPayoutSelect,
  });
  const more = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  if (backwards) page.reverse();
  const items = page.map(toAdminPayoutView);
  const first = items[0];
  const last = items.at(-1);
  return {
    items,
    nextCursor: last && (backwards || more) ? String(last.id) : null,
    prevCursor: first && (backwards ? more : at !== null) ? String(first.id) : null,
  };
}

export async function adminPayout(db: Db, id: number) {
  return toAdminPayoutView(await db.transaction.findUniqueOrThrow({ where: { id }, select: adminPayoutSelect }));
}

/** Count and sums per status (every status present, zero when empty), summed by the database. */
export async function payoutTotals(db: Db) {
  const groups = await db.transaction.groupBy({
    by: ['status'],
    _count: { _all: true },
    _sum: { amount: true, platformFee: true, sellerPayout: true },
  });
  return PAYOUT_STATUSES.map((status) => {
    const group = groups.find((g) => g.status === status);
    return {
      status,
      count: group?._count._all ?? 0,
      amount: moneyString(group?._sum.amount ?? toDecimal(0))!,
      platformFee: moneyString(group?._sum.platformFee ?? toDecimal(0))!,
      sellerPayout: moneyString(group?._sum.sellerPayout ?? toDecimal(0))!,
    };
  });
}

/** The dashboard's transaction, plus how it was paid: the seller's Payouts page. */
const sellerPayoutSelect = {
  ...sellerTransactionSelect,
  payoutMethod: true,
  payoutReference: true,
  stripeTransferId: true,
  prototype: { select: { prototypeName: true } },
} satisfies Prisma.TransactionSelect;

/** The seller's full transaction list with what has been paid and what is still owed. */
export async function sellerPayouts(db: Db, sellerId: string) {
  const [rows, paid, owed] = await Promise.all([
    db.transaction.findMany({ where: { sellerId }, orderBy: newestFirst(), select: sellerPayoutSelect }),
    db.transaction.aggregate({ where: { sellerId, status: 'completed' }, _sum: { sellerPayout: true } }),
    ledgerBalance(db, sellerId),
  ]);
  return {
    items: rows.map(({ prototype, stripeTransferId, payoutReference, ...rest }) => ({
      ...toSellerTransactionView(rest),
      prototypeName: prototype.prototypeName,
      reference: stripeTransferId ?? payoutReference,
    })),
    paidOut: moneyString(paid._sum.sellerPayout ?? toDecimal(0))!,
    owed: moneyString(owed)!,
  };
}
