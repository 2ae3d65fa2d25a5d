// The daily 'review-reminders' job (issue 14, points 4 and 7): two days before and on the day of
// each open initial-review and feedback due date (src/shared/review-promise.ts), and once for an
// overdue development milestone, it notifies the prototype's lead, or every admin when it has none.
//
// Safe with several app instances: each reminder is a row of due_reminders whose primary key
// (prototype, kind, due date, moment) is inserted with ON CONFLICT DO NOTHING in the transaction
// that notifies, so whoever inserts it sends it and everyone else sends nothing. Exactly one future
// run is kept queued: scheduling takes a transaction-scoped advisory lock, then adds a run only when
// none is queued, so instances starting at the same moment cannot queue two.
import type { Prisma } from '~/generated/prisma/client.ts';
import { formatDate } from '~/shared/format.ts';
import { FEEDBACK_DAYS, INITIAL_REVIEW_DAYS, REMINDER_DAYS_BEFORE } from '~/shared/review-promise.ts';
import { DAY_MS, addDays } from '~/shared/days.ts';
import { adminPanelSearchPath } from '~/shared/app-paths.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { ensureJobScheduled } from '../jobs/queue.ts';
import { notifyLeadOrTeam } from './notifications.ts';
import { milestoneOverdueWhere } from './views/review-promise-view.ts';

export const REVIEW_REMINDERS_JOB = 'review-reminders';
/** The daily run's time of day (UTC hour). */
export const REMINDER_HOUR_UTC = 6;
/** pg_advisory_xact_lock key of the scheduler (any constant unique to this purpose). */
const SCHEDULE_LOCK = 1_404_202_614;

export type ReminderKind = 'initial_review' | 'feedback' | 'milestone';
export type ReminderMoment = 'before' | 'due' | 'overdue';

export const REMINDER_TYPES = { before: 'review_due_soon', due: 'review_due_today', overdue: 'milestone_overdue' } as const satisfies Record<
  ReminderMoment,
  string
>;

const startOfUtcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
/** Whole calendar days (UTC) from `now`'s day to `dueAt`'s day. */
export const daysUntil = (dueAt: Date, now: Date) => Math.round((startOfUtcDay(dueAt).getTime() - startOfUtcDay(now).getTime()) / DAY_MS);

/** The next daily run strictly after `now`. */
export function nextRunAt(now: Date): Date {
  const today = new Date(startOfUtcDay(now).getTime() + REMINDER_HOUR_UTC * 60 * 60 * 1000);
  return today.getTime() > now.getTime() ? today : addDays(today, 1);
}

/** Queues a run at `runAt` unless one is already queued (one future run, whatever the instances). */
export function ensureReviewRemindersScheduled(db: Db, runAt: Date): Promise<boolean> {
  return ensureJobScheduled(db, REVIEW_REMINDERS_JOB, SCHEDULE_LOCK, runAt);
}

interface Reminder {
  prototypeId: number;
  prototypeName: string;
  assignedTo: string | null;
  kind: ReminderKind;
  dueAt: Date;
  moment: ReminderMoment;
  milestone?: string | null;
}

/** Which reminders are due at `now` (before a check against what was already sent). */
export async function dueReminders(db: Db, now: Date): Promise<Reminder[]> {
  const today = startOfUtcDay(now);
  const select = { id: true, prototypeName: true, assignedTo: true, createdAt: true } as const;
  const reminders: Reminder[] = [];
  for (const [kind, days, metField] of [
    ['initial_review', INITIAL_REVIEW_DAYS, 'initialReviewMetAt'],
    ['feedback', FEEDBACK_DAYS, 'feedbackMetAt'],
  ] as const) {
    // Due today up to REMINDER_DAYS_BEFORE days ahead: created in that window, `days` days earlier.
    const rows = await db.prototype.findMany({
      where: {
        [metField]: null,
        createdAt: { gte: addDays(today, -days), lt: addDays(today, REMINDER_DAYS_BEFORE + 1 - days) },
      } satisfies Prisma.PrototypeWhereInput,
      select,
    });
    for (const row of rows) {
      const dueAt = addDays(row.createdAt, days);
      const left = daysUntil(dueAt, now);
      // 'before' from two days ahead (a missed run catches up the next day), 'due' on the day itself.
      const moment: ReminderMoment = left <= 0 ? 'due' : 'before';
      if (left <= REMINDER_DAYS_BEFORE)
        reminders.push({ prototypeId: row.id, prototypeName: row.prototypeName, assignedTo: row.assignedTo, kind, dueAt, moment });
    }
  }
  const milestones = await db.prototype.findMany({
    where: milestoneOverdueWhere(now),
    select: { id: true, prototypeName: true, assignedTo: true, nextMilestone: true, milestoneDate: true },
  });
  for (const row of milestones) {
    reminders.push({
      prototypeId: row.id,
      prototypeName: row.prototypeName,
      assignedTo: row.assignedTo,
      kind: 'milestone',
      dueAt: row.milestoneDate!,
      moment: 'overdue',
      milestone: row.nextMilestone,
    });
  }
  return reminders;
}

function message(r: Reminder): { title: string; message: string } {
  const what = r.kind === 'initial_review' ? 'Initial review' : r.kind === 'feedback' ? 'Feedback' : 'Milestone';
  const date = formatDate(r.dueAt, { timeZone: 'UTC' });
  if (r.moment === 'overdue') {
    return { title: 'Milestone overdue', message: `The milestone "${r.milestone ?? ''}" of "${r.prototypeName}" was due ${date}.` };
  }
  if (r.moment === 'due') return { title: `${what} due today`, message: `${what} of "${r.prototypeName}" is due today (${date}).` };
  return { title: `${what} due soon`, message: `${what} of "${r.prototypeName}" is due ${date}.` };
}

/**
 * Sends what is due at `now`; each reminder once, whichever instance inserts its due_reminders row.
 * Returns how many reminders this call sent.
 */
export async function runReviewReminders(db: Db, links: EmailLinks, now: Date): Promise<number> {
  const reminders = await dueReminders(db, now);
  let sent = 0;
  for (const r of reminders) {
    const won = await db.$transaction(async (tx) => {
      const { count } = await tx.dueReminder.createMany({
        data: [{ prototypeId: r.prototypeId, kind: r.kind, dueAt: r.dueAt, moment: r.moment, sentAt: now }],
        skipDuplicates: true,
      });
      if (count === 0) return false;
      await notifyLeadOrTeam(tx, links, r.assignedTo, {
        prototypeId: r.prototypeId,
        type: REMINDER_TYPES[r.moment],
        ...message(r),
        actionUrl: adminPanelSearchPath(r.prototypeId),
      });
      return true;
    });
    if (won) sent++;
  }
  return sent;
}

/** The job: today's reminders, then the next daily run queued. */
export function reviewRemindersJobHandler(links: EmailLinks, clock: { now(): Date }) {
  return async (_job: unknown, ctx: { db: Db }) => {
    const now = clock.now();
    await runReviewReminders(ctx.db, links, now);
    await ensureReviewRemindersScheduled(ctx.db, nextRunAt(now));
  };
}
