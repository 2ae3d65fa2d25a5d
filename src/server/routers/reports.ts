// Concern reports (issue 15, point 5; ADR 0018): users report what they can see, admins flag anything
// and work the queue. Thin: validate, check the capability, call domain/content-reports.ts.
import { fileReportInput, reportListInput, reportUpdateInput, userReportsInput } from '~/shared/schemas/reports.ts';
import type { Context } from '../context.ts';
import { fileReport, reportCounts, reportQueue, reportsOfUser, updateReport } from '../domain/content-reports.ts';
import { capabilityProcedure, router } from '../trpc.ts';
import { limitWritingToTeam } from '../domain/rate-limit.ts';

const deps = (ctx: Context) => ({ db: ctx.db, meta: ctx.meta, mailer: ctx.mailer, now: ctx.clock.now() });

export const reportsRouter = router({
  /** POST /api/reports */
  file: capabilityProcedure('reports.file')
    .input(fileReportInput)
    .mutation(async ({ ctx, input }) => {
      await limitWritingToTeam(ctx.limiter, ctx.user);
      return fileReport(deps(ctx), ctx.user, input);
    }),

  /** GET /api/admin/reports: newest first, filtered by status, reason and target type. */
  queue: capabilityProcedure('users.manage')
    .input(reportListInput)
    .query(({ ctx, input }) => reportQueue(ctx.db, input)),

  counts: capabilityProcedure('users.manage').query(({ ctx }) => reportCounts(ctx.db)),

  /** PATCH /api/admin/reports/{id} */
  update: capabilityProcedure('users.manage')
    .input(reportUpdateInput)
    .mutation(({ ctx, input }) => updateReport(deps(ctx), ctx.user.id, input)),

  /** Reports about and by one user (the admin user page). */
  forUser: capabilityProcedure('users.manage')
    .input(userReportsInput)
    .query(({ ctx, input }) => reportsOfUser(ctx.db, input.userId)),
});
