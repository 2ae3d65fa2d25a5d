// The confidential-content gate's scope for a procedure's caller (domain/views/confidential-view.ts).
import type { Context } from '../context.ts';
import { type GateScope, gateScopeFor } from '../domain/views/confidential-view.ts';

export function gateScope(ctx: Context & { user: NonNullable<Context['user']> }): GateScope {
  return gateScopeFor(ctx.db, ctx.user, ctx.clock.now(), { retentionDays: ctx.config.dataRoomRetentionDays });
}
