// The ledger on screen (issue 15, point 7; ADR 0018): financial_records newest first, each row with the
// seller's running balance after it (written with the row, src/server/domain/ledger.ts), for admins
// (filter by seller and type) and for each seller (their own statement); and both as CSV.
import type { Prisma } from '~/generated/prisma/client.ts';
import { LEDGER_ENTRY_TYPES, type LedgerEntryType } from '~/shared/ledger.ts';
import { formatAmount, fullName } from '~/shared/format.ts';
import type { Db } from '../../db/index.ts';
import { batched, toCsv } from '../csv.ts';
import { asInt, keysetPage, parseIntId } from '../keyset.ts';
import { type Decimal, moneyString, toDecimal } from '../money.ts';
import type { z } from 'zod';
import type { adminLedgerRow, statementRow } from './shapes/ledger.ts';
import { personName } from './person-name.ts';

const ledgerSelect = {
  id: true,
  userId: true,
  type: true,
  amount: true,
  balance: true,
  description: true,
  reference: true,
  createdAt: true,
  user: { select: personName },
} satisfies Prisma.FinancialRecordSelect;
type LedgerRow = Prisma.FinancialRecordGetPayload<{ select: typeof ledgerSelect }>;

function toStatementView(row: LedgerRow): StatementRow {
  return {
    id: row.id,
    type: row.type as LedgerEntryType,
    amount: moneyString(row.amount)!,
    balance: moneyString(row.balance)!,
    description: row.description,
    reference: row.reference,
    createdAt: row.createdAt,
  };
}
function toAdminLedgerView(row: LedgerRow): AdminLedgerRow {
  return { ...toStatementView(row), seller: { id: row.userId, name: fullName(row.user), email: row.user.email } };
}
export type StatementRow = z.infer<typeof statementRow>;
export type AdminLedgerRow = z.infer<typeof adminLedgerRow>;

interface Filters {
  userId?: string | undefined;
  type?: string | undefined;
}
interface PageInput extends Filters {
  cursor?: string | undefined;
  direction: 'next' | 'prev';
  limit: number;
}
const whereOf = (filters: Filters): Prisma.FinancialRecordWhereInput => ({
  ...(filters.userId ? { userId: filters.userId } : {}),
  ...(filters.type ? { type: filters.type } : {}),
});

function page(db: Db, input: PageInput) {
  return keysetPage({
    where: whereOf(input),
    sort: { field: 'id', order: 'desc', parse: asInt },
    page: input,
    parseId: parseIntId,
    find: (args) => db.financialRecord.findMany({ ...args, select: ledgerSelect }),
    keyOf: (row) => row.id,
  });
}

export async function adminLedger(db: Db, input: PageInput) {
  const result = await page(db, input);
  return { ...result, items: result.items.map(toAdminLedgerView) };
}

/** A seller's own statement: only their rows, whatever the client asks. */
export async function sellerStatement(db: Db, userId: string, input: Omit<PageInput, 'userId' | 'type'>) {
  const result = await page(db, { ...input, userId });
  return { ...result, items: result.items.map(toStatementView) };
}

const CSV_HEADER = ['Date', 'Type', 'Description', 'Reference', 'Amount', 'Balance'];
const csvRow = (row: LedgerRow) => [
  row.createdAt.toISOString(),
  LEDGER_ENTRY_TYPES[row.type as LedgerEntryType] ?? row.type,
  row.description,
  row.reference,
  formatAmount(row.amount),
  formatAmount(row.balance),
];

/** The filtered ledger as CSV, oldest first (as a statement reads), with the seller on each row. */
export async function ledgerCsv(db: Db, filters: Filters, max: number): Promise<string> {
  const rows = await batched({ where: whereOf(filters), order: 'asc', max }, (args) => db.financialRecord.findMany({ ...args, select: ledgerSelect }));
  return toCsv(
    ['Seller', 'Seller email', ...CSV_HEADER],
    rows.map((row) => [fullName(row.user), row.user.email, ...csvRow(row)]),
  );
}

export async function statementCsv(db: Db, userId: string, max: number): Promise<string> {
  const rows = await batched({ where: { userId }, order: 'asc', max }, (args) => db.financialRecord.findMany({ ...args, select: ledgerSelect }));
  return toCsv(CSV_HEADER, rows.map(csvRow));
}

/** The most sellers the ledger's balance table lists (largest balance first); the rest by the seller filter. */
export const SELLER_BALANCES_MAX = 200;

/**
 * Each seller's balance (what the platform owes them now) and what was owed, sent and reversed in all,
 * largest balance first; and the totals over the same rows (one seller with `userId`). Summed by the
 * database. A seller's balance is the sum of their signed amounts, which is also their last row's
 * running balance (auditLedger checks that the rows chain).
 */
export async function ledgerSummary(db: Db, filters: { userId?: string | undefined }) {
  const where = whereOf({ userId: filters.userId });
  const [byType, bySeller] = await Promise.all([
    db.financialRecord.groupBy({ by: ['type'], where, _sum: { amount: true }, _count: { _all: true } }),
    db.financialRecord.groupBy({
      by: ['userId'],
      where,
      _sum: { amount: true },
      _max: { createdAt: true },
      orderBy: [{ _sum: { amount: 'desc' } }, { userId: 'asc' }],
      take: SELLER_BALANCES_MAX + 1,
    }),
  ]);
  const shown = bySeller.slice(0, SELLER_BALANCES_MAX);
  const ids = shown.map((row) => row.userId);
  const [users, perType] = await Promise.all([
    db.user.findMany({ where: { id: { in: ids } }, select: { id: true, firstName: true, lastName: true, email: true } }),
    db.financialRecord.groupBy({ by: ['userId', 'type'], where: { userId: { in: ids } }, _sum: { amount: true } }),
  ]);
  const sumOf = (rows: { type: string; _sum: { amount: Decimal | null } }[], type: LedgerEntryType) =>
    (rows.find((row) => row.type === type)?._sum.amount ?? toDecimal(0)).abs();
  const totalsOf = (rows: { type: string; _sum: { amount: Decimal | null } }[]) => ({
    due: moneyString(sumOf(rows, 'payout_due'))!,
    sent: moneyString(sumOf(rows, 'payout_sent'))!,
    reversed: moneyString(sumOf(rows, 'payout_reversed'))!,
  });
  const balanceOf = (rows: { _sum: { amount: Decimal | null } }[]) => rows.reduce((sum, row) => sum.plus(row._sum.amount ?? 0), toDecimal(0));
  return {
    totals: {
      ...totalsOf(byType),
      balance: moneyString(balanceOf(byType))!,
      entries: byType.reduce((n, row) => n + row._count._all, 0),
    },
    sellers: shown.map((row) => {
      const user = users.find((u) => u.id === row.userId);
      return {
        id: row.userId,
        name: user ? fullName(user) : 'Deleted user',
        email: user?.email ?? '',
        balance: moneyString(row._sum.amount ?? toDecimal(0))!,
        ...totalsOf(perType.filter((t) => t.userId === row.userId)),
        lastEntryAt: row._max.createdAt,
      };
    }),
    /** More sellers have rows than are listed (filter by seller to see one). */
    moreSellers: bySeller.length > SELLER_BALANCES_MAX,
  };
}
