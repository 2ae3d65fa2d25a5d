// The sellers' ledger: a seller's statement rows and the admin's rows (ledger-view.ts).
import { z } from 'zod';
import { LEDGER_TYPE_NAMES, type LedgerEntryType } from '~/shared/ledger.ts';
import { id, moneyText, timestamp, uuid } from './common.ts';

export const statementRow = z.strictObject({
  id,
  type: z.enum(LEDGER_TYPE_NAMES as [LedgerEntryType, ...LedgerEntryType[]]),
  /** Signed: positive when the platform owes the seller more. */
  amount: moneyText,
  /** The seller's balance after this row. */
  balance: moneyText,
  description: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: timestamp,
});
export const adminLedgerRow = statementRow.extend({ seller: z.strictObject({ id: uuid, name: z.string(), email: z.string() }) });
