// The sellers' ledger (financial_records): every money movement between the platform and a seller
// is one signed row with the seller's running balance (what the platform owes them) after it.
// Rows are only ever appended, inside the transaction that moves the money.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { LedgerEntryType } from '~/shared/ledger.ts';
import { type Decimal, roundCents, toDecimal } from './money.ts';

type Tx = Pick<Prisma.TransactionClient, 'financialRecord' | '$executeRaw'>;

export { LEDGER_ENTRY_TYPES, type LedgerEntryType } from '~/shared/ledger.ts';

export interface LedgerEntryInput {
  userId: string;
  type: LedgerEntryType;
  /** Signed: positive when the platform owes the seller more. */
  amount: Decimal | string;
  description: string;
  reference: string;
  processedBy?: string | null;
}

/** The reference that ties ledger rows to one transaction. */
export const transactionReference = (transactionId: number) => `transaction:${transactionId}`;

/**
 * Appends one row. A per-seller advisory lock (held until the transaction ends) serialises writers,
 * so two payouts of one seller committing at once cannot both build on the same previous balance.
 */
export async function recordLedgerEntry(tx: Tx, input: LedgerEntryInput) {
  const amount = roundCents(toDecimal(input.amount));
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`ledger:${input.userId}`}, 0))`;
  const previous = await tx.financialRecord.findFirst({
    where: { userId: input.userId },
    orderBy: { id: 'desc' },
    select: { balance: true },
  });
  const balance = (previous?.balance ?? toDecimal(0)).plus(amount);
  return tx.financialRecord.create({
    data: {
      userId: input.userId,
      type: input.type,
      amount,
      balance,
      description: input.description,
      reference: input.reference,
      processedBy: input.processedBy ?? null,
    },
    select: { id: true, amount: true, balance: true },
  });
}

/** The seller's current balance (0 without any row). */
export async function ledgerBalance(db: Pick<Prisma.TransactionClient, 'financialRecord'>, userId: string): Promise<Decimal> {
  const last = await db.financialRecord.findFirst({ where: { userId }, orderBy: { id: 'desc' }, select: { balance: true } });
  return last?.balance ?? toDecimal(0);
}

export interface LedgerProblem {
  userId: string;
  recordId: number;
  problem: string;
}

/**
 * Checks that every seller's rows chain: each balance is the previous balance plus the amount, the
 * first starting from 0. Returns the rows that do not (empty when the ledger adds up).
 */
export async function auditLedger(db: Pick<Prisma.TransactionClient, 'financialRecord'>): Promise<LedgerProblem[]> {
  const rows = await db.financialRecord.findMany({
    orderBy: [{ userId: 'asc' }, { id: 'asc' }],
    select: { id: true, userId: true, amount: true, balance: true },
  });
  const problems: LedgerProblem[] = [];
  let user: string | null = null;
  let running = toDecimal(0);
  for (const row of rows) {
    if (row.userId !== user) {
      user = row.userId;
      running = toDecimal(0);
    }
    running = running.plus(row.amount);
    if (!running.equals(row.balance)) {
      problems.push({ userId: row.userId, recordId: row.id, problem: `balance ${row.balance.toFixed(2)}, expected ${running.toFixed(2)}` });
      running = row.balance;
    }
  }
  return problems;
}
