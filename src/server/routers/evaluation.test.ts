// The evaluation workbench's rules (issue 14, points 3, 6, 7) through the tRPC procedures: who may
// assign, score, finalise and release; the scorecard visibility rule; the aggregate's arithmetic;
// the release snapshot; and that nothing of a scorecard reaches the seller before a release.
import { describe, expect, it } from 'vitest';
import { aggregateScores } from '../domain/views/evaluation-view.ts';
import { fixedClock } from '../test/services.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { LEAD_SCORECARD_FIRST, MILESTONE_DATE_PAST } from '../domain/evaluation.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();

const card = (over: Partial<Record<string, unknown>> = {}) => ({
  technicalFeasibility: 80,
  commercialViability: 60,
  riskLevel: 'medium' as const,
  marketPotential: 'high' as const,
  trl: 5,
  estimatedValue: 1_000_000,
  investmentRequired: 250_000,
  timelineWeeks: 26,
  confidence: 'high' as const,
  strengths: 'Zorblax strengths text',
  concerns: 'Quuxable concerns text',
  ...over,
});
const final = {
  technicalFeasibility: 77,
  commercialViability: 66,
  riskLevel: 'low' as const,
  marketPotential: 'high' as const,
  trl: 6,
  estimatedValue: 4_321_987,
  investmentRequired: 765_431,
  timelineWeeks: 39,
};

async function setup(overrides: Parameters<typeof createPrototype>[2] = {}) {
  const db = t.db.prisma;
  const seller = await createUser(db);
  const lead = await createAdmin(db, { firstName: 'Lena', lastName: 'Lead' });
  const second = await createAdmin(db, { firstName: 'Sam', lastName: 'Second' });
  const outsider = await createAdmin(db, { firstName: 'Olly', lastName: 'Outside' });
  const prototype = await createPrototype(db, seller.id, overrides);
  const as = (id: string) => callerAs(t.db, id);
  return { db, seller, lead, second, outsider, prototype, as };
}

async function assigned(overrides: Parameters<typeof createPrototype>[2] = {}) {
  const s = await setup(overrides);
  await (await s.as(s.outsider.id)).evaluation.setReviewers({ id: s.prototype.id, reviewerIds: [s.lead.id, s.second.id], leadId: s.lead.id });
  return s;
}

describe('setReviewers', () => {
  it('replaces the reviewers, sets the lead, notifies the newly assigned, writes timeline and audit', async () => {
    const s = await setup();
    const admin = await s.as(s.outsider.id);
    const view = await admin.evaluation.setReviewers({ id: s.prototype.id, reviewerIds: [s.lead.id, s.second.id], leadId: s.lead.id });
    expect(view.leadId).toBe(s.lead.id);
    expect(view.reviewers.map((r) => [r.id, r.lead])).toEqual(
      expect.arrayContaining([
        [s.lead.id, true],
        [s.second.id, false],
      ]),
    );
    expect((await s.db.prototype.findUniqueOrThrow({ where: { id: s.prototype.id } })).assignedTo).toBe(s.lead.id);
    const notes = await s.db.notification.findMany({ where: { type: 'review_assigned' } });
    expect(notes.map((n) => n.userId).sort()).toEqual([s.lead.id, s.second.id].sort());
    expect(notes[0]!.actionUrl).toBe(`/admin-panel/prototypes/${s.prototype.id}/evaluation`);
    expect(await s.db.prototypeTimeline.findFirst({ where: { event: 'reviewers_assigned' } })).toMatchObject({ metadata: { count: 2 } });
    expect(await s.db.userActivityLog.count({ where: { action: 'admin.prototype.reviewers' } })).toBe(1);

    // Replace (the lead's call now, ADR 0049): second stays (not notified again), lead swapped, the outsider joins.
    await (await s.as(s.lead.id)).evaluation.setReviewers({ id: s.prototype.id, reviewerIds: [s.second.id, s.outsider.id], leadId: s.second.id });
    const rows = await s.db.prototypeReviewer.findMany({ where: { prototypeId: s.prototype.id } });
    expect(rows.map((r) => r.reviewerId).sort()).toEqual([s.second.id, s.outsider.id].sort());
    expect(await s.db.notification.count({ where: { type: 'review_assigned', userId: s.second.id } })).toBe(1);
    expect(await s.db.notification.count({ where: { type: 'review_assigned', userId: s.outsider.id } })).toBe(1);
  });

  it('refuses non-admins, inactive admins, a lead outside the list, duplicates, more than ten; 404 for an unknown prototype; sellers 403', async () => {
    const s = await setup();
    const admin = await s.as(s.outsider.id);
    await expect(admin.evaluation.setReviewers({ id: s.prototype.id, reviewerIds: [s.seller.id], leadId: s.seller.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const banned = await createAdmin(s.db, { status: 'banned' });
    await expect(admin.evaluation.setReviewers({ id: s.prototype.id, reviewerIds: [banned.id], leadId: banned.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(admin.evaluation.setReviewers({ id: s.prototype.id, reviewerIds: [s.lead.id], leadId: s.second.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(admin.evaluation.setReviewers({ id: s.prototype.id, reviewerIds: [s.lead.id, s.lead.id], leadId: s.lead.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(admin.evaluation.setReviewers({ id: s.prototype.id, reviewerIds: [], leadId: s.lead.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const many = Array.from({ length: 11 }, () => crypto.randomUUID());
    await expect(admin.evaluation.setReviewers({ id: s.prototype.id, reviewerIds: many, leadId: many[0]! })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.evaluation.setReviewers({ id: 999_999, reviewerIds: [s.lead.id], leadId: s.lead.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const seller = await s.as(s.seller.id);
    await expect(seller.evaluation.setReviewers({ id: s.prototype.id, reviewerIds: [s.lead.id], leadId: s.lead.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await s.db.prototypeReviewer.count()).toBe(0);
  });
});

describe('submitScorecard and the visibility rule', () => {
  it('only an assigned reviewer scores (403 otherwise, 404 unknown); upserts the own scorecard; timeline and audit carry no scores', async () => {
    const s = await assigned();
    await expect((await s.as(s.outsider.id)).evaluation.submitScorecard({ id: s.prototype.id, ...card() })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await s.as(s.seller.id)).evaluation.submitScorecard({ id: s.prototype.id, ...card() })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const lead = await s.as(s.lead.id);
    await expect(lead.evaluation.submitScorecard({ id: 999_999, ...card() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await lead.evaluation.submitScorecard({ id: s.prototype.id, ...card() });
    const again = await lead.evaluation.submitScorecard({ id: s.prototype.id, ...card({ technicalFeasibility: 10 }) });
    expect(await s.db.scorecard.count({ where: { prototypeId: s.prototype.id } })).toBe(1);
    expect(again.ownScorecard).toMatchObject({ technicalFeasibility: 10, strengths: 'Zorblax strengths text' });
    const timeline = await s.db.prototypeTimeline.findMany({ where: { event: 'scorecard_submitted' } });
    expect(timeline).toHaveLength(2);
    expect(JSON.stringify(timeline)).not.toMatch(/Zorblax|Quuxable|"10"|technicalFeasibility/);
    expect(await s.db.userActivityLog.count({ where: { action: 'admin.prototype.scorecard' } })).toBe(2);
  });

  it('refuses scoring (409) once rejected or closed', async () => {
    for (const overrides of [{ status: 'rejected' as const }, { status: 'approved' as const, stage: 'closed' as const }]) {
      const s = await assigned(overrides);
      await expect((await s.as(s.lead.id)).evaluation.submitScorecard({ id: s.prototype.id, ...card() })).rejects.toMatchObject({ code: 'CONFLICT' });
    }
  });

  it('validates the fields (400): ranges, whole numbers, levels, text length', async () => {
    const s = await assigned();
    const lead = await s.as(s.lead.id);
    for (const bad of [
      { technicalFeasibility: 101 },
      { commercialViability: -1 },
      { trl: 0 },
      { trl: 10 },
      { estimatedValue: 1.5 },
      { investmentRequired: 2_147_483_648 },
      { timelineWeeks: 521 },
      { riskLevel: 'extreme' },
      { confidence: 'sure' },
      { concerns: 'x'.repeat(5001) },
    ]) {
      await expect(lead.evaluation.submitScorecard({ id: s.prototype.id, ...card(bad) } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it("a reviewer sees the others' scorecards and the aggregate only after submitting; a non-reviewer admin sees all", async () => {
    const s = await assigned();
    const lead = await s.as(s.lead.id);
    const second = await s.as(s.second.id);
    await second.evaluation.submitScorecard({ id: s.prototype.id, ...card({ strengths: 'Second says sparkle' }) });

    const before = await lead.evaluation.evaluation({ id: s.prototype.id });
    expect(before.scorecardCount).toBe(1);
    expect(before.scorecards).toEqual([]);
    expect(before.aggregate).toBeNull();
    expect(before.viewer).toMatchObject({ isReviewer: true, isLead: true, submitted: false, canSeeScorecards: false });
    expect(JSON.stringify(before)).not.toContain('sparkle');
    expect(before.reviewers.find((r) => r.id === s.second.id)?.submitted).toBe(true);

    const outsider = await (await s.as(s.outsider.id)).evaluation.evaluation({ id: s.prototype.id });
    expect(outsider.viewer.canSeeScorecards).toBe(true);
    expect(outsider.scorecards).toHaveLength(1);

    const after = await lead.evaluation.submitScorecard({ id: s.prototype.id, ...card({ technicalFeasibility: 40 }) });
    expect(after.scorecards).toHaveLength(2);
    expect(after.aggregate?.technicalFeasibility).toEqual({ mean: 60, min: 40, max: 80, stdDev: 20 });
  });

  it('a removed reviewer keeps their scorecard, marked former, and may no longer score', async () => {
    const s = await assigned();
    await (await s.as(s.second.id)).evaluation.submitScorecard({ id: s.prototype.id, ...card() });
    await (await s.as(s.lead.id)).evaluation.setReviewers({ id: s.prototype.id, reviewerIds: [s.lead.id], leadId: s.lead.id });
    const view = await (await s.as(s.outsider.id)).evaluation.evaluation({ id: s.prototype.id });
    expect(view.scorecards).toEqual([expect.objectContaining({ reviewerId: s.second.id, formerReviewer: true })]);
    await expect((await s.as(s.second.id)).evaluation.submitScorecard({ id: s.prototype.id, ...card() })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('aggregateScores', () => {
  it('is null without scorecards; mean, min, max and population standard deviation per numeric field', () => {
    expect(aggregateScores([])).toBeNull();
    const base = { technicalFeasibility: 0, commercialViability: 0, trl: 1, estimatedValue: 0, investmentRequired: 0, timelineWeeks: 0 };
    const result = aggregateScores([
      { ...base, technicalFeasibility: 2, trl: 3 },
      { ...base, technicalFeasibility: 4, trl: 3 },
      { ...base, technicalFeasibility: 4, trl: 3 },
      { ...base, technicalFeasibility: 4, trl: 3 },
      { ...base, technicalFeasibility: 5, trl: 3 },
      { ...base, technicalFeasibility: 5, trl: 3 },
      { ...base, technicalFeasibility: 7, trl: 3 },
      { ...base, technicalFeasibility: 9, trl: 3 },
    ]);
    expect(result?.technicalFeasibility).toEqual({ mean: 5, min: 2, max: 9, stdDev: 2 });
    expect(result?.trl).toEqual({ mean: 3, min: 3, max: 3, stdDev: 0 });
    expect(
      aggregateScores([
        { ...base, commercialViability: 1 },
        { ...base, commercialViability: 2 },
        { ...base, commercialViability: 2 },
      ])?.commercialViability,
    ).toEqual({
      mean: 1.67,
      min: 1,
      max: 2,
      stdDev: 0.47,
    });
  });
});

describe('finalise and milestones', () => {
  it('only the lead records the final figures (403 others, 409 without a lead, 409 when closed), into the prototype columns', async () => {
    const s = await assigned();
    await expect((await s.as(s.second.id)).evaluation.finalise({ id: s.prototype.id, ...final })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await s.as(s.outsider.id)).evaluation.finalise({ id: s.prototype.id, ...final })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await s.as(s.lead.id)).evaluation.finalise({ id: s.prototype.id, ...final })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: LEAD_SCORECARD_FIRST,
    });
    await (await s.as(s.lead.id)).evaluation.submitScorecard({ id: s.prototype.id, ...card() });
    const view = await (await s.as(s.lead.id)).evaluation.finalise({ id: s.prototype.id, ...final });
    expect(view.final).toMatchObject(final);
    expect(await s.db.prototype.findUniqueOrThrow({ where: { id: s.prototype.id } })).toMatchObject(final);
    const entry = await s.db.prototypeTimeline.findFirstOrThrow({ where: { event: 'evaluation_finalised' } });
    expect(JSON.stringify(entry)).not.toContain('4321987');
    expect(await s.db.userActivityLog.count({ where: { action: 'admin.prototype.evaluation' } })).toBe(1);

    const nolead = await setup();
    await expect((await nolead.as(nolead.lead.id)).evaluation.finalise({ id: nolead.prototype.id, ...final })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Assign a lead reviewer first',
    });
    await s.db.prototype.update({ where: { id: s.prototype.id }, data: { status: 'rejected', stage: 'closed' } });
    await expect((await s.as(s.lead.id)).evaluation.finalise({ id: s.prototype.id, ...final })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect((await s.as(s.lead.id)).evaluation.finalise({ id: 999_999, ...final })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('wants all eight figures together, or a milestone alone (400)', async () => {
    const s = await assigned();
    const lead = await s.as(s.lead.id);
    await expect(lead.evaluation.finalise({ id: s.prototype.id, technicalFeasibility: 50 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(lead.evaluation.finalise({ id: s.prototype.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(lead.evaluation.finalise({ id: s.prototype.id, nextMilestone: 'x'.repeat(201) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses a new milestone date before today (clock, UTC day), keeps a stored one that has passed since', async () => {
    const s = await assigned({ status: 'in_development', stage: 'development' });
    let now = new Date('2026-11-26T15:00:00.000Z');
    const lead = await callerAs(t.db, s.lead.id, undefined, { clock: { now: () => now } });
    await expect(
      lead.evaluation.finalise({ id: s.prototype.id, nextMilestone: 'Pilot', milestoneDate: new Date('2026-11-25T00:00:00Z') }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: MILESTONE_DATE_PAST,
    });
    expect(await s.db.prototypeTimeline.count({ where: { event: 'milestone_set' } })).toBe(0);
    // Today is not the past, even late in the day.
    await lead.evaluation.finalise({ id: s.prototype.id, nextMilestone: 'Pilot', milestoneDate: new Date('2026-11-26T00:00:00Z') });
    now = new Date('2026-12-10T09:00:00.000Z');
    // The stored date has passed: saving again (a new description) keeps it; moving it to another past day does not.
    await lead.evaluation.finalise({ id: s.prototype.id, nextMilestone: 'Pilot, first run', milestoneDate: new Date('2026-11-26T00:00:00Z') });
    await expect(lead.evaluation.finalise({ id: s.prototype.id, milestoneDate: new Date('2026-12-01T00:00:00Z') })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await s.db.prototype.findUniqueOrThrow({ where: { id: s.prototype.id }, select: { nextMilestone: true, milestoneDate: true } })).toEqual({
      nextMilestone: 'Pilot, first run',
      milestoneDate: new Date('2026-11-26T00:00:00Z'),
    });
  });

  it('a changed milestone is a timeline event; the seller is told only once in development', async () => {
    const s = await assigned({ status: 'accepted' });
    const lead = await s.as(s.lead.id);
    await lead.evaluation.finalise({ id: s.prototype.id, nextMilestone: 'Pilot plant', milestoneDate: new Date('2027-03-01T00:00:00Z') });
    expect(await s.db.prototypeTimeline.findFirst({ where: { event: 'milestone_set' } })).toMatchObject({
      metadata: { milestone: 'Pilot plant', date: '2027-03-01T00:00:00.000Z' },
    });
    expect(await s.db.notification.count({ where: { type: 'milestone_set' } })).toBe(0);
    expect((await (await s.as(s.seller.id)).prototypes.byId({ id: s.prototype.id })).nextMilestone).toBeNull();

    await s.db.prototype.update({ where: { id: s.prototype.id }, data: { status: 'in_development', stage: 'development' } });
    await lead.evaluation.finalise({ id: s.prototype.id, nextMilestone: 'Pilot plant', milestoneDate: new Date('2027-03-01T00:00:00Z') });
    expect(await s.db.prototypeTimeline.count({ where: { event: 'milestone_set' } })).toBe(1); // unchanged: no new event
    await lead.evaluation.finalise({ id: s.prototype.id, nextMilestone: 'First grid connection', milestoneDate: new Date('2027-06-01T00:00:00Z') });
    expect(await s.db.notification.findFirst({ where: { type: 'milestone_set', userId: s.seller.id } })).toMatchObject({
      message: expect.stringContaining('First grid connection'),
    });
    const seen = await (await s.as(s.seller.id)).prototypes.byId({ id: s.prototype.id });
    expect(seen).toMatchObject({ nextMilestone: 'First grid connection', milestoneDate: new Date('2027-06-01T00:00:00Z') });
  });
});

describe('release', () => {
  it('409 before a decision; after one stores a snapshot, meets the feedback due date (clock), tells the seller', async () => {
    const s = await assigned({ status: 'under_review' });
    const clock = fixedClock(new Date('2026-12-01T10:00:00Z'));
    const admin = await callerAs(t.db, s.outsider.id, undefined, { clock });
    await expect(admin.evaluation.release({ id: s.prototype.id, summary: 'Good', includeScores: false })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(admin.evaluation.release({ id: 999_999, summary: 'Good', includeScores: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await s.db.prototype.update({ where: { id: s.prototype.id }, data: { status: 'approved' } });
    await expect(admin.evaluation.release({ id: s.prototype.id, summary: 'Good', includeScores: true })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Record the final evaluation before releasing its scores',
    });
    await (await s.as(s.lead.id)).evaluation.submitScorecard({ id: s.prototype.id, ...card() });
    await (await s.as(s.lead.id)).evaluation.finalise({ id: s.prototype.id, ...final });
    await admin.evaluation.release({ id: s.prototype.id, summary: 'Solid work', strengths: 'Robust', includeScores: true });
    // A later change of the final figures does not change what was released.
    await (await s.as(s.lead.id)).evaluation.finalise({ id: s.prototype.id, ...final, technicalFeasibility: 1 });
    const row = await s.db.evaluationRelease.findFirstOrThrow({ where: { prototypeId: s.prototype.id } });
    expect(row).toMatchObject({ summary: 'Solid work', strengths: 'Robust', concerns: null, includeScores: true, scores: final, releasedBy: s.outsider.id });
    expect((await s.db.prototype.findUniqueOrThrow({ where: { id: s.prototype.id } })).feedbackMetAt).toEqual(new Date('2026-12-01T10:00:00Z'));
    expect(await s.db.notification.count({ where: { type: 'evaluation_released', userId: s.seller.id } })).toBe(1);
    expect(await s.db.prototypeTimeline.count({ where: { event: 'evaluation_released' } })).toBe(1);
    expect(await s.db.userActivityLog.count({ where: { action: 'admin.prototype.release' } })).toBe(1);
    const seen = await (await s.as(s.seller.id)).prototypes.byId({ id: s.prototype.id });
    expect(seen.evaluation).toMatchObject({ summary: 'Solid work', strengths: 'Robust', concerns: null, scores: final });

    // A second release (without scores) is what the seller sees now; feedbackMetAt stays the first.
    clock.set(new Date('2026-12-05T10:00:00Z'));
    await admin.evaluation.release({ id: s.prototype.id, summary: 'Revised', includeScores: false });
    expect((await (await s.as(s.seller.id)).prototypes.byId({ id: s.prototype.id })).evaluation).toMatchObject({ summary: 'Revised', scores: null });
    expect((await s.db.prototype.findUniqueOrThrow({ where: { id: s.prototype.id } })).feedbackMetAt).toEqual(new Date('2026-12-01T10:00:00Z'));
    await expect((await s.as(s.seller.id)).evaluation.release({ id: s.prototype.id, summary: 'x', includeScores: false })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('nothing of a scorecard reaches the seller before release', () => {
  it("no seller-reachable procedure carries a scorecard's text or scores, nor the final scores, until released", async () => {
    const s = await assigned({ status: 'approved' });
    const odd = {
      technicalFeasibility: 73,
      commercialViability: 37,
      trl: 7,
      estimatedValue: 9_876_543,
      investmentRequired: 1_234_567,
      timelineWeeks: 487,
    };
    await (
      await s.as(s.lead.id)
    ).evaluation.submitScorecard({
      id: s.prototype.id,
      ...card({ ...odd, strengths: 'SECRET-STRENGTH-xyzzy', concerns: 'SECRET-CONCERN-plugh' }),
    });
    await (await s.as(s.second.id)).evaluation.submitScorecard({ id: s.prototype.id, ...card({ strengths: 'SECRET-2-frob', concerns: 'SECRET-2-nitz' }) });
    await (
      await s.as(s.lead.id)
    ).evaluation.finalise({
      id: s.prototype.id,
      ...final,
      estimatedValue: 8_765_432,
      investmentRequired: 2_345_678,
      timelineWeeks: 431,
    });

    const seller = await s.as(s.seller.id);
    const everything = async () =>
      JSON.stringify([
        await seller.prototypes.byId({ id: s.prototype.id }),
        await seller.prototypes.mine(),
        await seller.prototypes.summary(),
        await seller.prototypes.pipeline(),
        await seller.notifications.list(),
      ]);
    const seen = await everything();
    for (const secret of [
      'SECRET-',
      'xyzzy',
      'plugh',
      'frob',
      'nitz',
      '9876543',
      '1234567',
      '8765432',
      '2345678',
      '"487"',
      ':487',
      ':431',
      'technicalFeasibility',
    ]) {
      expect(seen).not.toContain(secret);
    }
    // Released without scores: the summary only, still no scores.
    await (await s.as(s.outsider.id)).evaluation.release({ id: s.prototype.id, summary: 'Released summary', includeScores: false });
    const released = await everything();
    expect(released).toContain('Released summary');
    for (const secret of ['SECRET-', '9876543', '8765432', 'technicalFeasibility']) expect(released).not.toContain(secret);
  });
});
