// A job queue in PostgreSQL (the `jobs` table), shared by every app instance: a job is claimed with
// FOR UPDATE SKIP LOCKED under a lease, so two workers never run it at once; a job whose worker
// died is taken over once its lease has expired; a failure is retried later with backoff.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { Db } from '../db/index.ts';

type Writer = Pick<Prisma.TransactionClient, 'job'>;

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Prisma.JsonValue;
  /** Attempts including this one. */
  attempts: number;
  maxAttempts: number;
}

export interface EnqueueOptions {
  /** Not before this time (a schedule). */
  runAt?: Date;
  maxAttempts?: number;
}

/** Queues a job; call it with the transaction of the change that causes it. */
export function enqueueJob(tx: Writer, kind: string, payload: Prisma.InputJsonValue, options: EnqueueOptions = {}) {
  return tx.job.create({
    data: { kind, payload, runAt: options.runAt ?? new Date(), ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}) },
    select: { id: true },
  });
}

/**
 * Queues one run of a recurring job at `runAt` unless one is already queued (one future run, whatever
 * the instances): a transaction-scoped advisory lock on `lockKey` orders instances starting at once.
 */
export async function ensureJobScheduled(db: Db, kind: string, lockKey: number, runAt: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${lockKey}::bigint)`;
    const queued = await tx.job.findFirst({ where: { kind, status: 'queued' }, select: { id: true } });
    if (queued) return false;
    await enqueueJob(tx, kind, {}, { runAt });
    return true;
  });
}

/** Takes the next due job (or one whose lease expired) for `workerId`, atomically; null when none is due. */
export async function claimJob(db: Db, workerId: string, leaseMs: number): Promise<ClaimedJob | null> {
  const rows = await db.$queryRaw<{ id: number; kind: string; payload: Prisma.JsonValue; attempts: number; max_attempts: number }[]>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
      locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id = (
      SELECT id FROM jobs
      WHERE (status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now())
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, payload, attempts, max_attempts`;
  const row = rows[0];
  return row ? { id: row.id, kind: row.kind, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts } : null;
}

/** Keeps a long job (a bulk delivery) ours; false when the lease was lost to another worker. */
export async function extendLease(db: Db, jobId: number, workerId: string, leaseMs: number): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE jobs SET locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id = ${jobId} AND locked_by = ${workerId} AND status = 'running'`;
  return count > 0;
}

/** Marks the job done, only if this worker still holds it. */
export async function completeJob(db: Pick<Db, 'job'>, jobId: number, workerId: string): Promise<boolean> {
  const { count } = await db.job.updateMany({
    where: { id: jobId, lockedBy: workerId, status: 'running' },
    data: { status: 'done', finishedAt: new Date(), lockedBy: null, lockedUntil: null, lastError: null },
  });
  return count > 0;
}

export interface Backoff {
  baseMs: number;
  maxMs: number;
}
export const DEFAULT_BACKOFF: Backoff = { baseMs: 5_000, maxMs: 30 * 60_000 };

/** Exponential: base, 2×base, 4×base, ... capped at max. */
export function backoffMs(attempts: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1));
}

/** After a failure: queued again after the backoff, or failed for good once out of attempts. */
export async function retryOrFailJob(db: Db, job: ClaimedJob, workerId: string, error: string, backoff: Backoff = DEFAULT_BACKOFF) {
  const final = job.attempts >= job.maxAttempts;
  await db.job.updateMany({
    where: { id: job.id, lockedBy: workerId, status: 'running' },
    data: final
      ? { status: 'failed', finishedAt: new Date(), lockedBy: null, lockedUntil: null, lastError: error.slice(0, 2000) }
      : {
          status: 'queued',
          runAt: new Date(Date.now() + backoffMs(job.attempts, backoff)),
          lockedBy: null,
          lockedUntil: null,
          lastError: error.slice(0, 2000),
        },
  });
  return final ? 'failed' : 'retry';
}
