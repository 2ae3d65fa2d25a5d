// The confidential-content gate's scope for a procedure's caller (domain/views/confidential-view.ts).
import type { Context } from '../context.ts';
import type { GateScope } from '../domain/views/confidential-view.ts';

export function gateScope(ctx: Context & { user: NonNullable<Context['user']> }): GateScope {
  return { db: ctx.db, viewer: ctx.user, now: ctx.clock.now(), policy: { retentionDays: ctx.config.dataRoomRetentionDays } };
}
