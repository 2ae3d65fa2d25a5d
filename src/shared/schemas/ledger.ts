// The ledger on screen (issue 15, point 7; ADR 0018): the admin's filters and the pages of both lists.
import { z } from 'zod';
import { LEDGER_TYPE_NAMES } from '../ledger.ts';
import { uuidId } from './bounds.ts';

export const LEDGER_PAGE_SIZE = 50;

const type = z.enum(LEDGER_TYPE_NAMES as [string, ...string[]], { errorMap: () => ({ message: `Type must be one of ${LEDGER_TYPE_NAMES.join(', ')}` }) });
const page = {
  cursor: z.string().max(500).optional(),
  direction: z.enum(['next', 'prev']).optional().default('next'),
  limit: z.coerce.number().int().min(1).max(200).default(LEDGER_PAGE_SIZE),
};

/** GET /api/admin/financial-records?userId=&type= */
export const ledgerFilters = z.object({ userId: uuidId('user').optional(), type: type.optional() });
export const adminLedgerInput = ledgerFilters.extend(page);
export type AdminLedgerInput = z.input<typeof adminLedgerInput>;
/** The balances and totals: every seller, or one. */
export const ledgerSummaryInput = z.object({ userId: uuidId('user').optional() });

/** GET /api/seller/financial-records */
export const sellerLedgerInput = z.object(page);
