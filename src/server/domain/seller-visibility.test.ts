// @module-tag engine
// Engine-specific (CI runs it again on PostgreSQL): the live events a seller hears travel by LISTEN/NOTIFY.
// Issue 30, point 1: one prototype goes through every internal step (lead, reviewers, scorecards, the
// final evaluation, a milestone before development, who quoted), and every seller path (views,
// timeline, pipeline, every signed-in GET of the REST API, notifications, e-mails, live events)
// carries none of it, while what the seller may see (ADRs 0014, 0015, 0037) still arrives.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '~/shared/live-events.ts';
import { type LiveHub, startLiveHub } from '../live/hub.ts';
import { publishLive } from '../live/publish.ts';
import { restRoutes } from '../rest/endpoints/index.ts';
import { testDatabase } from '../test/database.ts';
import { createAdmin, createUser } from '../test/factories.ts';
import { callerAs, signedInClient, useTestDatabase } from '../test/harness.ts';
import { SELLER_TIMELINE_EVENTS, sellerTimeline } from './seller-visibility.ts';

const t = useTestDatabase();
let hub: LiveHub;
beforeAll(async () => {
  hub = await startLiveHub(await testDatabase(), () => {});
});
afterAll(() => hub?.close());

const DAY = 86_400_000;
const scorecard = (strengths: string) => ({
  technicalFeasibility: 71,
  commercialViability: 53,
  riskLevel: 'medium' as const,
  marketPotential: 'high' as const,
  trl: 4,
  estimatedValue: 9_876_543,
  investmentRequired: 1_234_567,
  timelineWeeks: 37,
  confidence: 'high' as const,
  strengths,
  concerns: 'SECRET-CONCERN-plugh',
});
const finalFigures = {
  technicalFeasibility: 74,
  commercialViability: 58,
  riskLevel: 'low' as const,
  marketPotential: 'high' as const,
  trl: 5,
  estimatedValue: 8_765_432,
  investmentRequired: 2_345_678,
  timelineWeeks: 41,
};
const EARLY_MILESTONE = 'EARLY-MILESTONE-fjord';
const DEVELOPMENT_MILESTONE = 'Pilot run at the test site';

/** A stream's worth of what a user hears, straight from the hub. */
function listener(userId: string, isAdmin: boolean) {
  const heard: LiveEvent[] = [];
  const remove = hub.add({ userId, isAdmin, deliver: (event) => heard.push(event), sessionsEnded() {}, shutdown() {} });
  return { heard, remove };
}

describe('what the seller sees of a prototype that went through every internal step', () => {
  it('carries no admin identity, internal event or early milestone on any seller path, and still delivers what the seller may see', async () => {
    const db = t.db.prisma;
    const sellerUser = await createUser(db, { firstName: 'Selma', lastName: 'Seller' });
    const lead = await createAdmin(db, { firstName: 'Leonora', lastName: 'Leadbetter', email: 'leonora.leadbetter@atomix.test' });
    const second = await createAdmin(db, { firstName: 'Sebastian', lastName: 'Secondo', email: 'sebastian.secondo@atomix.test' });
    const quoter = await createAdmin(db, { firstName: 'Quincy', lastName: 'Quotewell', email: 'quincy.quotewell@atomix.test' });
    // Asks the seller a question: the one team member the seller may know, as "Ivy A." (ADR 0037).
    const asker = await createAdmin(db, { firstName: 'Ivy', lastName: 'Askwith', email: 'ivy.askwith@atomix.test' });
    const seller = await callerAs(t.db, sellerUser.id);
    const asLead = await callerAs(t.db, lead.id);
    const asSecond = await callerAs(t.db, second.id);
    const asQuoter = await callerAs(t.db, quoter.id);
    const asAsker = await callerAs(t.db, asker.id);
    const sellerRest = await signedInClient(t.db, sellerUser);
    const sellerHears = listener(sellerUser.id, false);
    const adminHears = listener(quoter.id, true);

    /** Every event heard since the last settle, up to a marker sent to the seller now (NOTIFY keeps commit order). */
    let marker = 0;
    let settled = 0;
    const settle = async () => {
      const mark: LiveEvent = { topic: 'ticket', id: ++marker };
      await publishLive(db, mark, { users: [sellerUser.id] });
      await vi.waitFor(() => expect(sellerHears.heard.at(-1)).toEqual(mark), { timeout: 5_000 });
      const since = sellerHears.heard.slice(settled, -1);
      settled = sellerHears.heard.length;
      return since;
    };

    const created = await seller.prototypes.create({
      inventorName: 'Dr. Selma Seller',
      prototypeName: 'Tidal Loop',
      energyType: 'natural',
      description: 'A tidal energy loop.',
      powerOutput: 300,
      efficiency: 61,
      notes: null,
    });
    const id = created.id;
    await settle();

    // The internal steps, before any decision: the seller hears none of them; the admins hear each.
    const adminBefore = adminHears.heard.length;
    await asQuoter.admin.assign({ id, assignedTo: lead.id });
    await asLead.evaluation.setReviewers({ id, reviewerIds: [lead.id, second.id], leadId: lead.id });
    await asLead.evaluation.submitScorecard({ id, ...scorecard('SECRET-STRENGTH-xyzzy') });
    await asSecond.evaluation.submitScorecard({ id, ...scorecard('SECRET-STRENGTH-frob') });
    await asLead.evaluation.finalise({
      id,
      ...finalFigures,
      nextMilestone: EARLY_MILESTONE,
      milestoneDate: new Date(Date.now() + 60 * DAY),
    });
    expect(await settle()).toEqual([]);
    const internalHeard = adminHears.heard.slice(adminBefore).filter((e) => e.topic === 'prototype' && e.id === id);
    // One per step: assigned, reviewers, two scorecards, and the final evaluation with its milestone
    // (one transaction: PostgreSQL folds its two identical notices into one).
    expect(internalHeard.length).toBe(5);

    // What the seller may see, on the way to a deal.
    await asQuoter.admin.setPriority({ id, priority: 'high' });
    await asQuoter.admin.setReviewerComments({ id, reviewerComments: 'Promising design' });
    await asQuoter.admin.moveStage({ id, stage: 'technical_evaluation' });
    const request = await asAsker.infoRequests.ask({ id, question: 'Which turbine blades?', wantsDocuments: false });
    await seller.infoRequests.answer({ id: request.id, answer: 'Carbon fibre blades' });
    await asQuoter.admin.approve({ id });
    // The answer made both scorecards stale (issue 33, point 4): their reviewers confirm them before the release.
    await asLead.evaluation.confirmScorecard({ id });
    await asSecond.evaluation.confirmScorecard({ id });
    await asQuoter.evaluation.release({ id, summary: 'A promising tidal design.', includeScores: false });
    expect((await settle()).map((e) => e.topic)).toEqual(expect.arrayContaining(['prototype', 'notifications']));
    await asQuoter.admin.quote({ id, atomixQuote: '125000.00', quoteNotes: 'Includes a pilot' });
    await seller.prototypes.respondToQuote({ id, response: 'accepted', note: null });
    await asQuoter.admin.acceptQuote({ id });

    /** Everything the seller can read: the procedures of the seller's screens, and every signed-in GET of the REST API. */
    const readAll = async () => {
      const procedures = {
        byId: await seller.prototypes.byId({ id }),
        mine: await seller.prototypes.mine(),
        pipeline: await seller.prototypes.pipeline(),
        summary: await seller.prototypes.summary(),
        transactions: await seller.prototypes.transactions(),
        infoRequests: await seller.infoRequests.mine(),
        infoRequestsOfPrototype: await seller.infoRequests.forPrototype({ id }),
        documentAccess: await seller.documentAccess.forPrototype({ id }),
        notifications: await seller.notifications.list(),
        messages: await seller.messages.list(),
        ledger: await seller.ledger.mine({}),
      };
      const rest: Record<string, { status: number; text: string }> = {};
      for (const route of restRoutes) {
        if (route.kind !== 'procedure' || route.method !== 'GET' || route.access === 'admin') continue;
        const path = route.path.replace(':id', String(id));
        const answer = await sellerRest.request('GET', path);
        rest[path] = { status: answer.status, text: answer.text };
      }
      const emails = await db.emailMessage.findMany({ where: { toAddress: sellerUser.email }, select: { subject: true, textBody: true } });
      return { procedures, rest, emails, text: JSON.stringify([procedures, rest, emails]) };
    };

    const internal = [
      ...[lead, second, quoter, asker].flatMap((admin) => [admin.id, admin.email]),
      ...['Leonora', 'Leadbetter', 'Sebastian', 'Secondo', 'Quincy', 'Quotewell', 'Askwith'],
      ...['SECRET-', 'xyzzy', 'plugh', 'frob', '9876543', '1234567', '8765432', '2345678', 'technicalFeasibility'],
      ...['reviewers assigned', 'Reviewer assigned', 'Scorecard', 'scorecard_submitted', 'reviewers_assigned', 'evaluation_finalised', 'Final evaluation'],
      ...['"assigned"', 'assignedTo', 'quoteProvideBy', '"performedBy":"', 'milestone_set'],
      EARLY_MILESTONE,
    ];
    const leaks = (text: string, allowed: string[] = []) => internal.filter((secret) => !allowed.includes(secret) && text.includes(secret));

    // Accepted, not yet in development: no internal data, no milestone.
    const accepted = await readAll();
    // The seller's own id, as the performer of their own rows, is the one performedBy left.
    expect(leaks(accepted.text.replaceAll(`"performedBy":"${sellerUser.id}"`, ''))).toEqual([]);
    for (const path of ['/api/seller/prototypes', `/api/seller/prototypes/${id}`, '/api/seller/pipeline', '/api/seller/info-requests']) {
      expect(accepted.rest[path]?.status, path).toBe(200);
    }
    const detail = accepted.procedures.byId;
    expect(detail).not.toHaveProperty('assignedTo');
    expect(detail).not.toHaveProperty('quoteProvideBy');
    expect(detail).toMatchObject({
      status: 'accepted',
      priority: 'high',
      reviewerComments: 'Promising design',
      atomixQuote: 125000,
      nextMilestone: null,
      milestoneDate: null,
      evaluation: { summary: 'A promising tidal design.', scores: null },
    });
    expect(detail.quotedAt).toBeInstanceOf(Date);
    const visibleEvents = [
      'submitted',
      'priority_changed',
      'comments_updated',
      'status_changed',
      'stage_changed',
      'info_requested',
      'info_answered',
      'status_changed',
      'stage_changed', // approval moves on to commercial evaluation
      'evaluation_released',
      'quote_provided',
      'stage_changed',
      'quote_response',
      'quote_accepted',
    ];
    expect(detail.timeline.map((e) => e.event)).toEqual(visibleEvents);
    expect(accepted.procedures.pipeline.find((p) => p.id === id)?.timeline.map((e) => e.event)).toEqual(visibleEvents);
    // The team appears as the team: no id, no name; the seller's own rows stay theirs.
    for (const entry of detail.timeline) {
      if (['submitted', 'quote_response', 'info_answered'].includes(entry.event)) {
        expect(entry).toMatchObject({ performedBy: sellerUser.id, performer: { firstName: 'Selma', role: 'user' } });
      } else {
        expect(entry).toMatchObject({ performedBy: null, performer: { firstName: null, role: 'admin' } });
      }
    }
    expect(accepted.procedures.infoRequests).toMatchObject([{ question: 'Which turbine blades?', askedBy: 'Ivy A.', answer: 'Carbon fibre blades' }]);
    const noticeTypes = ['prototype_stage_changed', 'info_requested', 'prototype_approved', 'evaluation_released', 'quote_provided', 'quote_accepted'];
    expect(accepted.procedures.notifications.items.map((n) => n.type).reverse()).toEqual(noticeTypes);
    expect(accepted.emails).toHaveLength(noticeTypes.length);

    // In development: the milestone set during the review shows in the view, not as a past timeline event.
    await asQuoter.admin.startDevelopment({ id });
    const developing = await seller.prototypes.byId({ id });
    expect(developing).toMatchObject({ status: 'in_development', nextMilestone: EARLY_MILESTONE });
    expect(developing.timeline.filter((e) => e.event === 'milestone_set')).toEqual([]);
    expect((await settle()).map((e) => e.topic)).toEqual(expect.arrayContaining(['prototype', 'notifications']));

    // Internal steps during development stay internal; a milestone set now reaches the seller everywhere.
    await asSecond.evaluation.submitScorecard({ id, ...scorecard('SECRET-STRENGTH-frob, revised') });
    await asLead.admin.assign({ id, assignedTo: second.id });
    expect(await settle()).toEqual([]);
    await asSecond.evaluation.finalise({ id, nextMilestone: DEVELOPMENT_MILESTONE, milestoneDate: new Date(Date.now() + 90 * DAY) });
    const heard = await settle();
    expect(heard).toEqual([{ topic: 'prototype', id }, { topic: 'notifications' }]);

    const developed = await readAll();
    expect(leaks(developed.text.replaceAll(`"performedBy":"${sellerUser.id}"`, ''), ['milestone_set'])).toEqual([]);
    const milestoneRows = developed.procedures.byId.timeline.filter((e) => e.event === 'milestone_set');
    expect(milestoneRows).toMatchObject([{ description: expect.stringContaining(DEVELOPMENT_MILESTONE), performedBy: null }]);
    expect(developed.procedures.byId.nextMilestone).toBe(DEVELOPMENT_MILESTONE);
    expect(developed.procedures.notifications.items[0]).toMatchObject({ type: 'milestone_set', message: expect.stringContaining(DEVELOPMENT_MILESTONE) });
    expect(developed.emails.some((e) => e.textBody.includes(DEVELOPMENT_MILESTONE))).toBe(true);

    sellerHears.remove();
    adminHears.remove();
  });

  it('lists as seller-visible none of the internal events', () => {
    for (const event of ['assigned', 'reviewers_assigned', 'scorecard_submitted', 'evaluation_finalised'] as const) {
      expect(SELLER_TIMELINE_EVENTS[event], event).toBeUndefined();
    }
  });

  it('judges each stored row by the status it was recorded in, hides names it does not know, and shows the team as the team', () => {
    const seller = 'a0000000-0000-4000-8000-000000000001';
    const admin = 'a0000000-0000-4000-8000-000000000002';
    const row = (id: number, event: string, metadata: object, performedBy: string | null = admin) => ({
      id,
      event,
      metadata,
      performedBy,
      performer: performedBy === seller ? { firstName: 'Selma', role: 'user' as const } : { firstName: 'Leonora', role: 'admin' as const },
    });
    const rows = [
      row(1, 'submitted', { to: 'submitted' }, seller),
      row(2, 'milestone_set', { milestone: 'Too early' }),
      row(3, 'scorecard_submitted', { updated: false }),
      row(4, 'status_changed', { status: 'in_development' }),
      row(5, 'milestone_set', { milestone: 'In time' }),
      row(6, 'status:active', {}), // a row of an early seed
      row(7, 'something_new', {}),
    ];
    const seen = sellerTimeline(rows, seller);
    expect(seen.map((r) => r.id)).toEqual([1, 4, 5, 6]);
    expect(seen[0]).toBe(rows[0]);
    expect(seen[1]).toMatchObject({ performedBy: null, performer: { firstName: null, role: 'admin' } });
    expect(rows[3]!.performedBy).toBe(admin); // the stored rows are not changed
  });
});
