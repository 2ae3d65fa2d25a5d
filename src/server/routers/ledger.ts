// The ledger on screen (issue 15, point 7; ADR 0018): admins read every seller's rows (payouts.manage),
// each signed-in user reads their own statement; both as CSV, audited.
import { CSV_EXPORT_LIMIT } from '~/shared/schemas/admin.ts';
import { adminLedgerInput, ledgerFilters, ledgerSummaryInput, sellerLedgerInput } from '~/shared/schemas/ledger.ts';
import { logActivity } from '../domain/activity-log.ts';
import { adminLedger, ledgerCsv, ledgerSummary, sellerStatement, statementCsv } from '../domain/views/ledger-view.ts';
import { capabilityProcedure, protectedProcedure, router } from '../trpc.ts';

const payoutsProcedure = capabilityProcedure('payouts.manage');

export const ledgerRouter = router({
  /** GET /api/admin/financial-records?userId=&type= */
  admin: payoutsProcedure.input(adminLedgerInput).query(({ ctx, input }) => adminLedger(ctx.db, input)),

  /** Each seller's balance and the totals (issue 34, point 12); one seller with userId. */
  summary: payoutsProcedure.input(ledgerSummaryInput).query(({ ctx, input }) => ledgerSummary(ctx.db, input)),

  /** The CSV exports write an audit row: mutations (POST), which a cross-site page cannot send (ADR 0040). */
  adminCsv: payoutsProcedure.input(ledgerFilters).mutation(async ({ ctx, input }) => {
    const csv = await ledgerCsv(ctx.db, input, CSV_EXPORT_LIMIT);
    await logActivity(ctx.db, ctx.meta, { userId: ctx.user.id, action: 'admin.export.ledger', details: { ...input } });
    return csv;
  }),

  /** GET /api/seller/financial-records: the caller's own statement. */
  mine: protectedProcedure.input(sellerLedgerInput).query(({ ctx, input }) => sellerStatement(ctx.db, ctx.user.id, input)),

  mineCsv: protectedProcedure.mutation(async ({ ctx }) => {
    const csv = await statementCsv(ctx.db, ctx.user.id, CSV_EXPORT_LIMIT);
    await logActivity(ctx.db, ctx.meta, { userId: ctx.user.id, action: 'ledger.export' });
    return csv;
  }),
});
