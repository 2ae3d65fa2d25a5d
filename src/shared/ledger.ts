// The kinds of row in the sellers' ledger (financial_records.type), with the words screens and CSV use.
export const LEDGER_ENTRY_TYPES = {
  /** A quote was accepted: the seller's payout is owed (positive). */
  payout_due: 'Payout due',
  /** The payout left the platform: by Stripe transfer or recorded manually (negative). */
  payout_sent: 'Payout sent',
  /** Stripe reversed (part of) a transfer: owed again (positive). */
  payout_reversed: 'Payout reversed',
} as const;
export type LedgerEntryType = keyof typeof LEDGER_ENTRY_TYPES;
export const LEDGER_TYPE_NAMES = Object.keys(LEDGER_ENTRY_TYPES) as LedgerEntryType[];
