// The admin pipeline board (issue 14 point 10): read-only, beside the admin's prototype list.
import { pipelineBoardInput } from '~/shared/schemas/pipeline.ts';
import { pipelineBoard } from '../domain/views/pipeline-view.ts';
import { gateScope } from './gate-scope.ts';
import { adminProcedure, router } from '../trpc.ts';

export const pipelineRouter = router({
  board: adminProcedure.input(pipelineBoardInput).query(({ ctx, input }) => pipelineBoard(ctx.db, input, gateScope(ctx).facts)),
});
