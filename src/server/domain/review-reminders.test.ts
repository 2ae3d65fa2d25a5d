// The daily review reminders with a controlled clock: two days before and on the day, each once,
// to the lead or every admin; met due dates never remind; overdue milestones once per date; one
// queued run at all times, however many instances schedule or run it at once.
import { describe, expect, it } from 'vitest';
import { addDays } from '~/shared/days.ts';
import { createWorker, jobHandlers } from '../jobs/worker.ts';
import { fixedClock, testMailer } from '../test/services.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { useTestDatabase } from '../test/harness.ts';
import { REVIEW_REMINDERS_JOB, daysUntil, ensureReviewRemindersScheduled, nextRunAt, runReviewReminders } from './review-reminders.ts';

const t = useTestDatabase();
const links = testMailer({ from: 'test@atomix.local' });
/** The initial review's due date of the prototypes below (submitted 14 days earlier). */
const DUE = new Date('2027-03-15T15:00:00.000Z');
/** The job's run on the day `offset` days from the due date's day, at 06:00 UTC. */
const runDay = (offset: number) => new Date(Date.UTC(2027, 2, 15 + offset, 6));

async function setup(overrides: object = {}) {
  const lead = await createAdmin(t.db.prisma);
  const otherAdmin = await createAdmin(t.db.prisma);
  const seller = await createUser(t.db.prisma);
  const prototype = await createPrototype(t.db.prisma, seller.id, { createdAt: addDays(DUE, -14), assignedTo: lead.id, ...overrides });
  return { lead, otherAdmin, seller, prototype };
}

const notifications = () => t.db.prisma.notification.findMany({ select: { userId: true, type: true, title: true, prototypeId: true }, orderBy: { id: 'asc' } });

describe('review reminders', () => {
  it('day -3: nothing; day -2: one "before" to the lead; twice the same day sends once; day 0: "due"; after: nothing', async () => {
    const { lead, prototype } = await setup();
    expect(await runReviewReminders(t.db.prisma, links, runDay(-3))).toBe(0);
    expect(await notifications()).toEqual([]);

    expect(await runReviewReminders(t.db.prisma, links, runDay(-2))).toBe(1);
    expect(await runReviewReminders(t.db.prisma, links, runDay(-2))).toBe(0);
    expect(await runReviewReminders(t.db.prisma, links, runDay(-1))).toBe(0);
    expect(await notifications()).toEqual([{ userId: lead.id, type: 'review_due_soon', title: 'Initial review due soon', prototypeId: prototype.id }]);

    expect(await runReviewReminders(t.db.prisma, links, runDay(0))).toBe(1);
    expect(await runReviewReminders(t.db.prisma, links, runDay(0))).toBe(0);
    expect(await runReviewReminders(t.db.prisma, links, runDay(1))).toBe(0);
    expect((await notifications()).map((n) => [n.userId, n.type])).toEqual([
      [lead.id, 'review_due_soon'],
      [lead.id, 'review_due_today'],
    ]);
    // The lead keeps e-mail notifications on: each reminder also queued an e-mail.
    expect(await t.db.prisma.emailMessage.count({ where: { userId: lead.id, template: { in: ['review_due_soon', 'review_due_today'] } } })).toBe(2);
  });

  it('a missed day -2 run catches up on day -1', async () => {
    const { lead } = await setup();
    expect(await runReviewReminders(t.db.prisma, links, runDay(-1))).toBe(1);
    expect((await notifications()).map((n) => [n.userId, n.type])).toEqual([[lead.id, 'review_due_soon']]);
  });

  it('an unassigned prototype reminds every admin, never the seller', async () => {
    const { lead, otherAdmin, seller } = await setup({ assignedTo: null });
    await runReviewReminders(t.db.prisma, links, runDay(-2));
    const recipients = (await notifications()).map((n) => n.userId).sort();
    expect(recipients).toEqual([lead.id, otherAdmin.id].sort());
    expect(recipients).not.toContain(seller.id);
  });

  it('a banned lead is not reminded: the rest of the team is (ADR 0057)', async () => {
    const { lead, otherAdmin } = await setup();
    await t.db.prisma.user.update({ where: { id: lead.id }, data: { status: 'banned', banReason: 'Left the company' } });
    await runReviewReminders(t.db.prisma, links, runDay(-2));
    const recipients = (await notifications()).map((n) => n.userId);
    expect(recipients).toContain(otherAdmin.id);
    expect(recipients).not.toContain(lead.id);
  });

  it('a met due date never reminds; the feedback due date reminds on its own', async () => {
    const { lead, prototype } = await setup({ initialReviewMetAt: addDays(DUE, -5) });
    for (const day of [-2, -1, 0]) expect(await runReviewReminders(t.db.prisma, links, runDay(day))).toBe(0);
    // Feedback: 30 days from submission, 16 days after the initial review's due date.
    expect(await runReviewReminders(t.db.prisma, links, runDay(14))).toBe(1);
    expect(await notifications()).toEqual([{ userId: lead.id, type: 'review_due_soon', title: 'Feedback due soon', prototypeId: prototype.id }]);
    await t.db.prisma.prototype.update({ where: { id: prototype.id }, data: { feedbackMetAt: runDay(15) } });
    expect(await runReviewReminders(t.db.prisma, links, runDay(16))).toBe(0);
  });

  it('an overdue milestone reminds once; a new milestone date reminds again; a future or finished one never', async () => {
    const met = { initialReviewMetAt: addDays(DUE, -10), feedbackMetAt: addDays(DUE, -10) };
    const { lead, prototype } = await setup({ ...met, status: 'in_development', nextMilestone: 'Pilot plant', milestoneDate: runDay(-1) });
    await setup({ ...met, status: 'in_development', nextMilestone: 'Later', milestoneDate: runDay(5) });
    await setup({ ...met, status: 'active', nextMilestone: 'Done', milestoneDate: runDay(-1) });
    expect(await runReviewReminders(t.db.prisma, links, runDay(0))).toBe(1);
    expect(await runReviewReminders(t.db.prisma, links, runDay(1))).toBe(0);
    await t.db.prisma.prototype.update({ where: { id: prototype.id }, data: { milestoneDate: runDay(2) } });
    expect(await runReviewReminders(t.db.prisma, links, runDay(2))).toBe(0);
    expect(await runReviewReminders(t.db.prisma, links, runDay(3))).toBe(1);
    expect((await notifications()).map((n) => [n.userId, n.type, n.prototypeId])).toEqual([
      [lead.id, 'milestone_overdue', prototype.id],
      [lead.id, 'milestone_overdue', prototype.id],
    ]);
    expect(await t.db.prisma.dueReminder.count({ where: { prototypeId: prototype.id, kind: 'milestone', moment: 'overdue' } })).toBe(2);
  });

  it('concurrent runs send each reminder once (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    await setup({ assignedTo: null });
    await setup();
    const sent = await Promise.all(Array.from({ length: 6 }, () => runReviewReminders(t.db.prisma, links, runDay(-2))));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
    // One unassigned (2 admins of its setup + 2 of the other = 4 admins) and one assigned (its lead).
    expect(await t.db.prisma.notification.count({ where: { type: 'review_due_soon' } })).toBe(4 + 1);
  });
});

describe('the daily schedule', () => {
  it('runs at 06:00 UTC, the next one strictly after now; days count by UTC calendar day', () => {
    expect(nextRunAt(new Date('2027-03-15T05:59:59.999Z'))).toEqual(new Date('2027-03-15T06:00:00.000Z'));
    expect(nextRunAt(new Date('2027-03-15T06:00:00.000Z'))).toEqual(new Date('2027-03-16T06:00:00.000Z'));
    expect(daysUntil(new Date('2027-03-15T23:59:00Z'), new Date('2027-03-13T00:01:00Z'))).toBe(2);
    expect(daysUntil(new Date('2027-03-15T00:00:00Z'), new Date('2027-03-15T23:00:00Z'))).toBe(0);
  });

  it('instances scheduling at the same moment queue one run (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => ensureReviewRemindersScheduled(t.db.prisma, runDay(0))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await t.db.prisma.job.count({ where: { kind: REVIEW_REMINDERS_JOB } })).toBe(1);
  });

  it('the job sends the reminders with the injected clock, then queues exactly one next run', async () => {
    const { lead } = await setup();
    // Due now by the database's clock, so a worker claims it.
    await ensureReviewRemindersScheduled(t.db.prisma, new Date(Date.now() - 1000));
    const clock = fixedClock(runDay(-2));
    const workers = ['a', 'b'].map((id) => createWorker({ db: t.db.prisma, handlers: jobHandlers(links, clock), workerId: id, pollMs: 5 }));
    const ran = await Promise.all(workers.map((w) => w.drain()));
    expect(ran.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect((await notifications()).filter((n) => n.type === 'review_due_soon').map((n) => n.userId)).toEqual([lead.id]);
    const queued = await t.db.prisma.job.findMany({ where: { kind: REVIEW_REMINDERS_JOB, status: 'queued' }, select: { runAt: true } });
    expect(queued).toEqual([{ runAt: nextRunAt(runDay(-2)) }]);
    // An instance starting now finds it and adds nothing.
    expect(await ensureReviewRemindersScheduled(t.db.prisma, new Date())).toBe(false);
  });
});
