// The access record's check (issue 31, point 7; ADR 0047): does every row still hash as written?
// For the admins who hold `permissions.manage` (the ones who keep the data room's terms and rights).
import { verifyAccessRecord } from '../domain/access-record.ts';
import { capabilityProcedure, router } from '../trpc.ts';

export const auditRouter = router({
  /** GET /api/admin/audit/verify */
  verify: capabilityProcedure('permissions.manage').query(({ ctx }) => verifyAccessRecord(ctx.db)),
});
