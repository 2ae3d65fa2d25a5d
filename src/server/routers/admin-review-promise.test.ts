// Issue 14 point 4 on the admin side: transitions record when the review promise was met, the list
// rows carry due dates and final scores, filters by stage / reviewer / "needs my scorecard" /
// overdue, sorts by the final scores (nulls last) with keyset pages both ways, and the counter.
import { describe, expect, it } from 'vitest';
import { addDays } from '~/shared/days.ts';
import { fixedClock } from '../test/services.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
const NOW = new Date('2026-12-10T12:00:00.000Z');

async function adminCaller(at = NOW) {
  const admin = await createAdmin(t.db.prisma);
  return { admin, caller: await callerAs(t.db, admin.id, undefined, { clock: fixedClock(at) }) };
}

function scorecard(prototypeId: number, reviewerId: string) {
  return t.db.prisma.scorecard.create({
    data: {
      prototypeId,
      reviewerId,
      technicalFeasibility: 70,
      commercialViability: 60,
      riskLevel: 'medium',
      marketPotential: 'high',
      trl: 5,
      estimatedValue: 100_000,
      investmentRequired: 50_000,
      timelineWeeks: 20,
      confidence: 'medium',
      strengths: 'Solid',
      concerns: 'Cost',
    },
  });
}

describe('transitions meet the review promise', () => {
  it('start review meets the initial review at the request time; a decision meets the feedback; neither moves again', async () => {
    const { caller } = await adminCaller();
    const seller = await createUser(t.db.prisma);
    const p = await createPrototype(t.db.prisma, seller.id, { createdAt: addDays(NOW, -20) });
    await caller.admin.startReview({ id: p.id });
    let row = await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: p.id } });
    expect(row.initialReviewMetAt).toEqual(NOW);
    expect(row.feedbackMetAt).toBeNull();

    const later = addDays(NOW, 3);
    const { caller: laterCaller } = await adminCaller(later);
    await laterCaller.admin.approve({ id: p.id });
    row = await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: p.id } });
    expect(row.initialReviewMetAt).toEqual(NOW);
    expect(row.feedbackMetAt).toEqual(later);
  });

  it('a rejection or a quote straight from submitted meets both; a refused transition meets nothing', async () => {
    const { caller } = await adminCaller();
    const seller = await createUser(t.db.prisma);
    const rejected = await createPrototype(t.db.prisma, seller.id);
    const quoted = await createPrototype(t.db.prisma, seller.id);
    const accepted = await createPrototype(t.db.prisma, seller.id, { status: 'accepted' });
    await caller.admin.reject({ id: rejected.id, reason: 'Out of scope' });
    await caller.admin.quote({ id: quoted.id, atomixQuote: '1000' });
    await expect(caller.admin.approve({ id: accepted.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    for (const id of [rejected.id, quoted.id]) {
      expect(await t.db.prisma.prototype.findUniqueOrThrow({ where: { id }, select: { initialReviewMetAt: true, feedbackMetAt: true } })).toEqual({
        initialReviewMetAt: NOW,
        feedbackMetAt: NOW,
      });
    }
    expect(await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: accepted.id }, select: { initialReviewMetAt: true, feedbackMetAt: true } })).toEqual({
      initialReviewMetAt: null,
      feedbackMetAt: null,
    });
  });
});

describe('admin list rows', () => {
  it('carry due dates, the lead, the final scores and the milestone flag', async () => {
    const { admin, caller } = await adminCaller();
    const seller = await createUser(t.db.prisma);
    const created = addDays(NOW, -5);
    const lead = await createPrototype(t.db.prisma, seller.id, {
      createdAt: created,
      initialReviewMetAt: addDays(NOW, -1),
      assignedTo: admin.id,
      technicalFeasibility: 81,
      commercialViability: 64,
      trl: 6,
      riskLevel: 'low',
      marketPotential: 'high',
      status: 'in_development',
      stage: 'development',
      nextMilestone: 'Pilot plant',
      milestoneDate: addDays(NOW, -1),
    });
    // The lead who recorded the figures scored first; a lead without a scorecard sees none (ADR 0049).
    await scorecard(lead.id, admin.id);
    const [row] = (await caller.admin.prototypes({})).items;
    expect(row).toMatchObject({
      stage: 'development',
      assignedTo: admin.id,
      assigneeName: 'Admin User',
      dueDates: { initialReview: { dueAt: addDays(created, 14), metAt: addDays(NOW, -1) }, feedback: { dueAt: addDays(created, 30), metAt: null } },
      technicalFeasibility: 81,
      commercialViability: 64,
      trl: 6,
      riskLevel: 'low',
      marketPotential: 'high',
      milestoneOverdue: true,
    });
  });

  it('REST rows keep their contract plus the new fields', async () => {
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    await createPrototype(t.db.prisma, seller.id, { technicalFeasibility: 50 });
    const client = await signedInClient(t.db, admin);
    const res = await client.request('GET', '/api/admin/prototypes');
    expect(res.status).toBe(200);
    expect(res.json[0]).toMatchObject({ technicalFeasibility: 50, milestoneOverdue: false, dueDates: { initialReview: { metAt: null } } });
  });
});

describe('admin list filters', () => {
  it('filter by stage, reviewer and "needs my scorecard"', async () => {
    const { admin: me, caller } = await adminCaller();
    const other = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const a = await createPrototype(t.db.prisma, seller.id, { prototypeName: 'A', stage: 'technical_evaluation' });
    const b = await createPrototype(t.db.prisma, seller.id, { prototypeName: 'B' });
    const c = await createPrototype(t.db.prisma, seller.id, { prototypeName: 'C' });
    await createPrototype(t.db.prisma, seller.id, { prototypeName: 'D' });
    await t.db.prisma.prototypeReviewer.createMany({
      data: [
        { prototypeId: a.id, reviewerId: me.id },
        { prototypeId: b.id, reviewerId: me.id },
        { prototypeId: b.id, reviewerId: other.id },
        { prototypeId: c.id, reviewerId: other.id },
      ],
    });
    await scorecard(a.id, me.id);
    await scorecard(c.id, me.id); // scored without being a reviewer: not "needs my scorecard" either
    const names = async (input: Parameters<typeof caller.admin.prototypes>[0]) =>
      (await caller.admin.prototypes(input)).items.map((p) => p.prototypeName).sort();
    expect(await names({ stage: 'technical_evaluation' })).toEqual(['A']);
    expect(await names({ stage: 'initial_review' })).toEqual(['B', 'C', 'D']);
    expect(await names({ reviewer: me.id })).toEqual(['A', 'B']);
    expect(await names({ reviewer: other.id })).toEqual(['B', 'C']);
    expect(await names({ needsMyScorecard: true })).toEqual(['B']);
    expect(await names({ needsMyScorecard: true, stage: 'technical_evaluation' })).toEqual([]);
    expect(await names({ needsMyScorecard: false })).toEqual(['A', 'B', 'C', 'D']);
    // The other reviewer's own view: B and C both wait for them.
    const otherCaller = await callerAs(t.db, other.id);
    expect((await otherCaller.admin.prototypes({ needsMyScorecard: true })).items.map((p) => p.prototypeName).sort()).toEqual(['B', 'C']);
  });

  it('the reviewer filter offers the team and, marked off the team, a former admin still on a panel, whose prototypes it finds', async () => {
    const { admin: me, caller } = await adminCaller();
    const gone = await createAdmin(t.db.prisma);
    const idle = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const a = await createPrototype(t.db.prisma, seller.id, { prototypeName: 'A' });
    await t.db.prisma.prototypeReviewer.create({ data: { prototypeId: a.id, reviewerId: gone.id } });
    // Off the team: one demoted while on a panel, one demoted with none (nothing to find, not offered).
    await t.db.prisma.user.updateMany({ where: { id: { in: [gone.id, idle.id] } }, data: { role: 'user' } });

    const choices = await caller.admin.reviewerChoices();
    const byId = new Map(choices.map((person) => [person.id, person.offTeam]));
    expect(byId.get(me.id)).toBe(false);
    expect(byId.get(gone.id)).toBe(true);
    expect(byId.has(idle.id)).toBe(false);
    expect(byId.has(seller.id)).toBe(false);
    // The team first, then those off it.
    expect(choices.findIndex((person) => person.id === gone.id)).toBeGreaterThan(choices.findIndex((person) => person.id === me.id));
    expect((await caller.admin.prototypes({ reviewer: gone.id })).items.map((p) => p.prototypeName)).toEqual(['A']);
    await expect((await callerAs(t.db, seller.id)).admin.reviewerChoices()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('"overdue": an open due date past, or an overdue milestone; met or future due dates are not, and the counter agrees', async () => {
    const { caller } = await adminCaller();
    const seller = await createUser(t.db.prisma);
    const make = (name: string, data: object) => createPrototype(t.db.prisma, seller.id, { prototypeName: name, ...data });
    // Initial review due exactly now: not yet overdue (dueState is 'due_soon' until it has passed).
    await make('due-now', { createdAt: addDays(NOW, -14) });
    await make('initial-overdue', { createdAt: new Date(addDays(NOW, -14).getTime() - 1) });
    await make('initial-met', { createdAt: addDays(NOW, -20), initialReviewMetAt: addDays(NOW, -10) });
    await make('feedback-overdue', { createdAt: addDays(NOW, -31), initialReviewMetAt: addDays(NOW, -25) });
    await make('all-met', { createdAt: addDays(NOW, -40), initialReviewMetAt: addDays(NOW, -35), feedbackMetAt: addDays(NOW, -20) });
    const met = { createdAt: addDays(NOW, -60), initialReviewMetAt: addDays(NOW, -55), feedbackMetAt: addDays(NOW, -50) };
    await make('milestone-overdue', { ...met, status: 'in_development', nextMilestone: 'Pilot', milestoneDate: addDays(NOW, -1) });
    await make('milestone-future', { ...met, status: 'in_development', nextMilestone: 'Pilot', milestoneDate: addDays(NOW, 1) });
    await make('milestone-deployed', { ...met, status: 'active', nextMilestone: 'Pilot', milestoneDate: addDays(NOW, -1) });
    // Overdue twice or three times over, counted once (the counter adds up disjoint parts).
    await make('both-dates-overdue', { createdAt: addDays(NOW, -40) });
    await make('all-three-overdue', { createdAt: addDays(NOW, -40), status: 'in_development', nextMilestone: 'Pilot', milestoneDate: addDays(NOW, -1) });
    await make('feedback-and-milestone-overdue', {
      createdAt: addDays(NOW, -40),
      initialReviewMetAt: addDays(NOW, -35),
      status: 'in_development',
      nextMilestone: 'Pilot',
      milestoneDate: addDays(NOW, -1),
    });
    const names = (await caller.admin.prototypes({ overdue: true })).items.map((p) => p.prototypeName).sort();
    expect(names).toEqual([
      'all-three-overdue',
      'both-dates-overdue',
      'feedback-and-milestone-overdue',
      'feedback-overdue',
      'initial-overdue',
      'milestone-overdue',
    ]);
    expect((await caller.admin.counters()).overdue).toBe(6);
    // Same data two days later: "due-now" and "milestone-future" have passed too.
    const { caller: later } = await adminCaller(addDays(NOW, 2));
    expect((await later.admin.counters()).overdue).toBe(8);
    expect((await later.admin.prototypes({ overdue: true })).items).toHaveLength(8);
  });

  it('refuses a reviewer that is not an id', async () => {
    const { caller } = await adminCaller();
    await expect(caller.admin.prototypes({ reviewer: 'nobody' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('admin list sorted by final scores', () => {
  for (const [sort, field] of [
    ['feasibility', 'technicalFeasibility'],
    ['viability', 'commercialViability'],
  ] as const) {
    it(`by ${sort}: best first, ties by id, unscored last; pages forwards and backwards without gaps or repeats`, async () => {
      const { caller } = await adminCaller();
      const seller = await createUser(t.db.prisma);
      const scores = [50, null, 90, 50, null, 70, 50, null, 90, 10, null];
      const rows = [];
      for (const score of scores) rows.push(await createPrototype(t.db.prisma, seller.id, { [field]: score }));
      const expected = rows
        .map((r, i) => ({ id: r.id, score: scores[i]! }))
        .sort((x, y) => (x.score === y.score ? y.id - x.id : x.score === null ? 1 : y.score === null ? -1 : y.score - x.score))
        .map((r) => r.id);

      for (const limit of [1, 2, 3, 4]) {
        const forward: number[] = [];
        const cursors: (string | null)[] = [];
        let page = await caller.admin.prototypes({ sort, limit });
        expect(page.prevCursor).toBeNull();
        for (;;) {
          forward.push(...page.items.map((p) => p.id));
          cursors.push(page.prevCursor);
          if (!page.nextCursor) break;
          page = await caller.admin.prototypes({ sort, limit, cursor: page.nextCursor });
        }
        expect(forward).toEqual(expected);
        // And back from the last page to the first.
        const backward: number[] = [...page.items.map((p) => p.id)];
        while (page.prevCursor) {
          page = await caller.admin.prototypes({ sort, limit, cursor: page.prevCursor, direction: 'prev' });
          backward.unshift(...page.items.map((p) => p.id));
        }
        expect(backward).toEqual(expected);
      }
    });
  }

  it('rows whose figures are hidden from the admin are left out, yet every page is full and paging both ways skips and repeats nothing', async () => {
    const { admin, caller } = await adminCaller();
    const seller = await createUser(t.db.prisma);
    const conflicted = await createUser(t.db.prisma);
    await t.db.prisma.reviewerConflict.create({ data: { adminId: admin.id, sellerId: conflicted.id, reason: 'My former student' } });
    // The conflicted seller's prototypes hold the best figures, several pages' worth: the first reads find only them.
    const shown = [];
    for (const score of [99, 98, 97, 96, 95, 94, 93]) await createPrototype(t.db.prisma, conflicted.id, { technicalFeasibility: score });
    for (const score of [90, 80, 80, 60]) shown.push({ score, id: (await createPrototype(t.db.prisma, seller.id, { technicalFeasibility: score })).id });
    for (const score of [85, 70]) await createPrototype(t.db.prisma, conflicted.id, { technicalFeasibility: score });
    // Unscored rows tell no figure: they stay, last, whoever the seller.
    const unscored = [(await createPrototype(t.db.prisma, conflicted.id)).id, (await createPrototype(t.db.prisma, seller.id)).id];
    const expected = [...shown.sort((x, y) => y.score - x.score || y.id - x.id).map((row) => row.id), ...unscored.sort((x, y) => y - x)];

    for (const limit of [1, 2, 3]) {
      let page = await caller.admin.prototypes({ sort: 'feasibility', limit });
      const forward: number[] = [];
      for (;;) {
        // Full pages until the last one.
        if (page.nextCursor) expect(page.items).toHaveLength(limit);
        forward.push(...page.items.map((row) => row.id));
        if (!page.nextCursor) break;
        page = await caller.admin.prototypes({ sort: 'feasibility', limit, cursor: page.nextCursor });
      }
      expect(forward).toEqual(expected);
      const backward = page.items.map((row) => row.id);
      while (page.prevCursor) {
        page = await caller.admin.prototypes({ sort: 'feasibility', limit, cursor: page.prevCursor, direction: 'prev' });
        expect(page.items).toHaveLength(limit);
        backward.unshift(...page.items.map((row) => row.id));
      }
      expect(backward).toEqual(expected);
    }
  });

  it('refuses a null cursor value for a sort whose column is never null', async () => {
    const { caller } = await adminCaller();
    const forged = Buffer.from(JSON.stringify([null, 5])).toString('base64url');
    await expect(caller.admin.prototypes({ sort: 'newest', cursor: forged })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.admin.prototypes({ sort: 'feasibility', cursor: forged })).resolves.toMatchObject({ items: [] });
  });
});
