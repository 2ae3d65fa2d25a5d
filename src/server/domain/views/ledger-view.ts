// The ledger on screen (issue 15, point 7; ADR 0018): financial_records newest first, each row with the
// seller's running balance after it (written with the row, src/server/domain/ledger.ts), for admins
// (filter by seller and type) and for each seller (their own statement); and both as CSV.
import type { Prisma } from '~/generated/prisma/client.ts';
import { LEDGER_ENTRY_TYPES, type LedgerEntryType } from '~/shared/ledger.ts';
import { formatAmount, fullName } from '~/shared/format.ts';
import type { Db } from '../../db/index.ts';
import { batched, toCsv } from '../csv.ts';
import { asInt, keysetPage, parseIntId } from '../keyset.ts';
import { moneyString } from '../money.ts';
import type { z } from 'zod';
import type { adminLedgerRow, statementRow } from './shapes/ledger.ts';

const ledgerSelect = {
  id: true,
  userId: true,
  type: true,
  amount: true,
  balance: true,
  description: true,
  reference: true,
  createdAt: true,
  user: { select: { firstName: true, lastName: true, email: true } },
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
    cursor: input.cursor,
    direction: input.direction,
    limit: input.limit,
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
  const rows = await batched(
    (cursor, take) =>
      db.financialRecord.findMany({
        where: { AND: [whereOf(filters), cursor === undefined ? {} : { id: { gt: Number(cursor) } }] },
        orderBy: { id: 'asc' },
        take,
        select: ledgerSelect,
      }),
    max,
  );
  return toCsv(
    ['Seller', 'Seller email', ...CSV_HEADER],
    rows.map((row) => [fullName(row.user), row.user.email, ...csvRow(row)]),
  );
}

export async function statementCsv(db: Db, userId: string, max: number): Promise<string> {
  const rows = await batched(
    (cursor, take) =>
      db.financialRecord.findMany({
        where: { userId, ...(cursor === undefined ? {} : { id: { gt: Number(cursor) } }) },
        orderBy: { id: 'asc' },
        take,
        select: ledgerSelect,
      }),
    max,
  );
  return toCsv(CSV_HEADER, rows.map(csvRow));
}
