// The background worker inside every app instance: polls the jobs table, runs one job at a time,
// retries failures with backoff. Requests only insert rows, so a slow or failing mail server can
// never slow or fail them.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { BULK_JOB, bulkNotificationJobHandler } from '../domain/bulk-notifications.ts';
import { REVIEW_REMINDERS_JOB, ensureReviewRemindersScheduled, reviewRemindersJobHandler } from '../domain/review-reminders.ts';
import { SUSPENSION_ENDS_JOB, ensureSuspensionEndsScheduled, suspensionEndsJobHandler } from '../domain/suspension-ends.ts';
import { type Clock, systemClock } from '../services.ts';
import { emailJobHandler } from '../mail/deliver-email.ts';
import { EMAIL_JOB } from '../mail/outbox.ts';
import { type Backoff, type ClaimedJob, DEFAULT_BACKOFF, claimJob, completeJob, extendLease, retryOrFailJob } from './queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { DAY_MS } from '~/shared/days.ts';

export interface JobContext {
  db: Db;
  workerId: string;
  /** Keeps the lease of a long job; false if another worker took it over. */
  extendLease(): Promise<boolean>;
}
export type JobHandler = (job: ClaimedJob, ctx: JobContext) => Promise<void>;

export interface WorkerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  workerId?: string;
  pollMs?: number;
  leaseMs?: number;
  backoff?: Backoff;
  log?: (line: Record<string, unknown>) => void;
}

export function createWorker({
  db,
  handlers,
  workerId = `worker-${randomUUID().slice(0, 8)}`,
  pollMs = 1000,
  leaseMs = 120_000,
  backoff = DEFAULT_BACKOFF,
  log = () => {},
}: WorkerOptions) {
  let stopped = true;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function process(job: ClaimedJob) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
      await handler(job, { db, workerId, extendLease: () => extendLease(db, job.id, workerId, leaseMs) });
      await completeJob(db, job.id, workerId);
    } catch (error) {
      const outcome = await retryOrFailJob(db, job, workerId, String(error), backoff);
      log({
        level: outcome === 'failed' ? 'error' : 'warn',
        msg: `job ${outcome === 'failed' ? 'failed' : 'will be retried'}`,
        jobId: job.id,
        kind: job.kind,
        attempts: job.attempts,
        error: String(error),
      });
    }
  }

  /** Claims and runs one due job; false when there was none. */
  async function runOnce(): Promise<boolean> {
    const job = await claimJob(db, workerId, leaseMs);
    if (!job) return false;
    await process(job);
    return true;
  }

  async function run() {
    while (!stopped) {
      let worked = false;
      try {
        worked = await runOnce();
      } catch (error) {
        log({ level: 'error', msg: 'job queue unavailable', error: String(error) });
      }
      if (!worked && !stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  }

  return {
    workerId,
    runOnce,
    /** Runs due jobs until none is left (tests). */
    async drain(limit = 10_000) {
      let n = 0;
      while (n < limit && (await runOnce())) n++;
      return n;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    /** Finishes the job in hand, then stops. */
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      loop = null;
    },
  };
}

export function jobHandlers(mailer: Mailer, clock: Clock = systemClock): Record<string, JobHandler> {
  return {
    [EMAIL_JOB]: emailJobHandler(mailer.transport, mailer.from),
    [BULK_JOB]: bulkNotificationJobHandler(mailer, clock),
    [REVIEW_REMINDERS_JOB]: reviewRemindersJobHandler(mailer, clock),
    [SUSPENSION_ENDS_JOB]: suspensionEndsJobHandler(mailer, clock),
  };
}

/** The app's worker (server.ts), with the app's mailer: SMTP when SMTP_URL is set, the in-app outbox otherwise. */
export function startBackgroundWorker({
  db,
  mailer,
  log,
  clock = systemClock,
}: {
  db: Db;
  mailer: Mailer;
  log: (line: Record<string, unknown>) => void;
  clock?: Clock;
}) {
  const { transport } = mailer;
  const worker = createWorker({ db, handlers: jobHandlers(mailer, clock), log });
  worker.start();
  log({ msg: `job worker ${worker.workerId} started (mail: ${transport.name === 'smtp' ? 'SMTP' : 'in-app outbox'})` });
  // The daily review reminders: one queued run at all times (a first one now, if none is queued;
  // checked again every hour, should a run have failed for good).
  const schedule = () => {
    void ensureReviewRemindersScheduled(db, clock.now()).catch((error) => log({ level: 'warn', msg: 'review reminders not scheduled', error: String(error) }));
    // Suspensions end by themselves: a run every minute (each run queues the next).
    void ensureSuspensionEndsScheduled(db, clock.now()).catch((error) => log({ level: 'warn', msg: 'suspension ends not scheduled', error: String(error) }));
  };
  schedule();
  // Finished jobs are only history; the e-mails themselves stay in email_messages.
  const prune = setInterval(() => {
    void pruneFinishedJobs(db).catch(() => {});
    schedule();
  }, 60 * 60_000);
  prune.unref();
  return {
    async stop() {
      clearInterval(prune);
      await worker.stop();
      transport.close();
    },
  };
}

export async function pruneFinishedJobs(db: Db, olderThanMs = 7 * DAY_MS) {
  const { count } = await db.job.deleteMany({ where: { status: 'done', finishedAt: { lt: new Date(Date.now() - olderThanMs) } } });
  return count;
}
