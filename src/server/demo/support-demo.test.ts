// The support demo: a ticket in every status, re-runnable, and a queue whose oldest unanswered
// ticket has waited a day and a half.
import { describe, expect, it } from 'vitest';
import { TICKET_STATUSES } from '~/shared/moderation.ts';
import { seedDemoData } from '../demo-data.ts';
import { testServices } from '../test/services.ts';
import { createAdmin } from '../test/factories.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
const NOW = new Date('2026-11-23T12:00:00.000Z');

describe('support demo data', () => {
  it('has a ticket in every status, survives a second run, and the oldest unanswered waited 36 h', async () => {
    const admin = await createAdmin(t.db.prisma);
    const documentStore = testServices(t.db.prisma).documentStore;
    await seedDemoData(t.db.prisma, { documentStore, now: NOW });
    await seedDemoData(t.db.prisma, { documentStore, now: NOW });
    const statuses = await t.db.prisma.supportTicket.groupBy({ by: ['status'], where: { category: { not: 'appeal' } }, _count: { _all: true } }); // appeals come from the moderation demo;
    expect(statuses.map((s) => s.status).sort()).toEqual([...TICKET_STATUSES].sort());
    expect(statuses.every((s) => s._count._all === 1)).toBe(true);
    const caller = await callerAs(t.db, admin.id, undefined, { clock: { now: () => NOW } });
    const summary = await caller.support.queueSummary();
    // The moderation demo's appeal has waited longer; among the support demo's own tickets the oldest waited 36 h.
    const waiting = await t.db.prisma.supportTicket.findMany({
      where: { awaitingReplySince: { not: null } },
      select: { category: true, awaitingReplySince: true },
    });
    const ageOf = (since: Date) => (NOW.getTime() - since.getTime()) / 1000;
    const ownAges = waiting.filter((w) => w.category !== 'appeal').map((w) => ageOf(w.awaitingReplySince!));
    expect(Math.max(...ownAges)).toBe(36 * 3600);
    expect(summary.oldestUnanswered?.ageSeconds).toBe(Math.max(...waiting.map((w) => ageOf(w.awaitingReplySince!))));
    expect(await t.db.prisma.supportTicket.count({ where: { status: 'resolved', resolution: null } })).toBe(0);
  });
});
