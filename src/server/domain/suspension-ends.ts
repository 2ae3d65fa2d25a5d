// The 'suspension-ends' job (issue 15, ADR 0016): every minute, suspensions whose end date has passed
// end by themselves (domain/moderation.ts endDueSuspensions: one conditional update each, so of
// several workers exactly one notifies). As with review reminders, scheduling takes a
// transaction-scoped advisory lock and queues a run only when none is queued.
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { ensureJobScheduled } from '../jobs/queue.ts';
import { endDueSuspensions } from './moderation.ts';

export const SUSPENSION_ENDS_JOB = 'suspension-ends';
export const SUSPENSION_CHECK_MS = 60_000;
/** pg_advisory_xact_lock key of this scheduler (unique to it). */
const SCHEDULE_LOCK = 1_404_202_615;

/** Queues a run at `runAt` unless one is already queued. */
export function ensureSuspensionEndsScheduled(db: Db, runAt: Date): Promise<boolean> {
  return ensureJobScheduled(db, SUSPENSION_ENDS_JOB, SCHEDULE_LOCK, runAt);
}

/** The job: end what is due, then queue the next run a minute later. */
export function suspensionEndsJobHandler(links: EmailLinks, clock: { now(): Date }) {
  return async (_job: unknown, ctx: { db: Db }) => {
    const now = clock.now();
    await endDueSuspensions(ctx.db, links, now);
    await ensureSuspensionEndsScheduled(ctx.db, new Date(now.getTime() + SUSPENSION_CHECK_MS));
  };
}
