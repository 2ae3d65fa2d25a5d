// The evaluation workbench's REST paths (issue 14): 401 guest, 403 seller, 404 unknown, 409 wrong
// state, 400 bad body and the happy path of each; every answer is checked against the OpenAPI
// contract by the harness.
import { describe, expect, it } from 'vitest';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();

const scorecard = {
  technicalFeasibility: 70,
  commercialViability: 50,
  riskLevel: 'medium',
  marketPotential: 'high',
  trl: 4,
  estimatedValue: 500000,
  investmentRequired: 100000,
  timelineWeeks: 20,
  confidence: 'medium',
  strengths: 'Clear design',
  concerns: 'Supply chain',
};
const final = {
  technicalFeasibility: 72,
  commercialViability: 55,
  riskLevel: 'low',
  marketPotential: 'high',
  trl: 5,
  estimatedValue: 600000,
  investmentRequired: 120000,
  timelineWeeks: 24,
};

async function setup(status: 'submitted' | 'approved' = 'submitted') {
  const db = t.db.prisma;
  const seller = await createUser(db);
  const lead = await createAdmin(db);
  const other = await createAdmin(db);
  const prototype = await createPrototype(db, seller.id, { status });
  return { seller, lead, other, prototype, base: `/api/admin/prototypes/${prototype.id}` };
}

const paths = [
  { method: 'PUT', suffix: '/reviewers' },
  { method: 'PUT', suffix: '/scorecard' },
  { method: 'GET', suffix: '/evaluation' },
  { method: 'PATCH', suffix: '/evaluation' },
  { method: 'POST', suffix: '/evaluation/release' },
] as const;

describe('who may call the evaluation paths', () => {
  for (const { method, suffix } of paths) {
    it(`${method} /api/admin/prototypes/:id${suffix}: guest 401, seller 403, unknown id 404`, async () => {
      const s = await setup();
      const body = method === 'GET' ? undefined : { summary: 'x', includeScores: false, reviewerIds: [s.lead.id], leadId: s.lead.id, ...scorecard };
      expect((await (await signedInClient(t.db, null)).request(method, `${s.base}${suffix}`, body)).status).toBe(401);
      const seller = await signedInClient(t.db, s.seller);
      const forbidden = await seller.request(method, `${s.base}${suffix}`, body);
      expect(forbidden.status).toBe(403);
      const admin = await signedInClient(t.db, s.lead);
      expect((await admin.request(method, `/api/admin/prototypes/999999${suffix}`, method === 'PATCH' ? final : body)).status).toBe(404);
    });
  }
});

describe('the evaluation paths', () => {
  it('PUT reviewers: 200 with the reviewers and lead; 400 for a lead outside the list or a seller as reviewer', async () => {
    const s = await setup();
    const admin = await signedInClient(t.db, s.other);
    const bad = await admin.request('PUT', `${s.base}/reviewers`, { reviewerIds: [s.lead.id], leadId: s.other.id });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('The lead must be one of the reviewers');
    expect((await admin.request('PUT', `${s.base}/reviewers`, { reviewerIds: [s.seller.id], leadId: s.seller.id })).status).toBe(400);
    const ok = await admin.request('PUT', `${s.base}/reviewers`, { reviewerIds: [s.lead.id, s.other.id], leadId: s.lead.id });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ leadId: s.lead.id, stage: 'initial_review' });
    expect(ok.json.reviewers).toHaveLength(2);
  });

  it('PUT scorecard: 403 when not a reviewer, 400 bad body, 200 happy, 409 once rejected', async () => {
    const s = await setup();
    const lead = await signedInClient(t.db, s.lead);
    expect((await lead.request('PUT', `${s.base}/scorecard`, scorecard)).status).toBe(403);
    await lead.request('PUT', `${s.base}/reviewers`, { reviewerIds: [s.lead.id], leadId: s.lead.id });
    const bad = await lead.request('PUT', `${s.base}/scorecard`, { ...scorecard, trl: 12 });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('TRL must be at most 9');
    const ok = await lead.request('PUT', `${s.base}/scorecard`, scorecard);
    expect(ok.status).toBe(200);
    expect(ok.json.ownScorecard).toMatchObject(scorecard);
    await t.db.prisma.prototype.update({ where: { id: s.prototype.id }, data: { status: 'rejected' } });
    expect((await lead.request('PUT', `${s.base}/scorecard`, scorecard)).status).toBe(409);
  });

  it('GET evaluation: stage, due dates, scorecards, final', async () => {
    const s = await setup();
    const res = await (await signedInClient(t.db, s.other)).request('GET', `${s.base}/evaluation`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ stage: 'initial_review', scorecards: [], aggregate: null, final: { technicalFeasibility: null, nextMilestone: null } });
    expect(Date.parse(res.json.dueDates.initialReview.dueAt) - s.prototype.createdAt.getTime()).toBe(14 * 86_400_000);
  });

  it('PATCH evaluation: 409 without a lead, 403 not the lead, 400 partial figures, 200 for the lead', async () => {
    const s = await setup();
    const lead = await signedInClient(t.db, s.lead);
    expect((await lead.request('PATCH', `${s.base}/evaluation`, final)).status).toBe(409);
    await lead.request('PUT', `${s.base}/reviewers`, { reviewerIds: [s.lead.id, s.other.id], leadId: s.lead.id });
    expect((await (await signedInClient(t.db, s.other)).request('PATCH', `${s.base}/evaluation`, final)).status).toBe(403);
    expect((await lead.request('PATCH', `${s.base}/evaluation`, { trl: 3 })).status).toBe(400);
    // The lead scores before writing the final figures (ADR 0049).
    expect((await lead.request('PATCH', `${s.base}/evaluation`, final)).status).toBe(409);
    expect((await lead.request('PUT', `${s.base}/scorecard`, scorecard)).status).toBe(200);
    const ok = await lead.request('PATCH', `${s.base}/evaluation`, { ...final, nextMilestone: 'Field test', milestoneDate: '2027-01-15T00:00:00.000Z' });
    expect(ok.status).toBe(200);
    expect(ok.json.final).toMatchObject({ ...final, nextMilestone: 'Field test', milestoneDate: '2027-01-15T00:00:00.000Z' });
  });

  it('POST release: 409 before a decision, 400 without a summary, 201 after; the seller then sees it', async () => {
    const s = await setup();
    const admin = await signedInClient(t.db, s.other);
    expect((await admin.request('POST', `${s.base}/evaluation/release`, { summary: 'Early', includeScores: false })).status).toBe(409);
    await t.db.prisma.prototype.update({ where: { id: s.prototype.id }, data: { status: 'approved' } });
    expect((await admin.request('POST', `${s.base}/evaluation/release`, { summary: '', includeScores: false })).status).toBe(400);
    expect((await admin.request('POST', `${s.base}/evaluation/release`, { summary: 'x' })).status).toBe(400);
    const ok = await admin.request('POST', `${s.base}/evaluation/release`, { summary: 'Promising', includeScores: false });
    expect(ok.status).toBe(201);
    expect(ok.json.latestRelease).toMatchObject({ summary: 'Promising', includeScores: false, scores: null });
    const seen = await (await signedInClient(t.db, s.seller)).request('GET', `/api/seller/prototypes/${s.prototype.id}`);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ evaluation: { summary: 'Promising', strengths: null, concerns: null, scores: null }, nextMilestone: null });
  });
});

describe('the seller before release (REST)', () => {
  it('GET /api/seller/prototypes, /:id, /summary, /pipeline and notifications carry nothing of a scorecard', async () => {
    const s = await setup('approved');
    const lead = await signedInClient(t.db, s.lead);
    await lead.request('PUT', `${s.base}/reviewers`, { reviewerIds: [s.lead.id], leadId: s.lead.id });
    await lead.request('PUT', `${s.base}/scorecard`, { ...scorecard, strengths: 'HIDDEN-STRENGTH', concerns: 'HIDDEN-CONCERN', estimatedValue: 7654321 });
    await lead.request('PATCH', `${s.base}/evaluation`, { ...final, estimatedValue: 6543217 });
    const seller = await signedInClient(t.db, s.seller);
    const bodies = await Promise.all(
      ['/api/seller/prototypes', `/api/seller/prototypes/${s.prototype.id}`, '/api/seller/summary', '/api/seller/pipeline'].map((p) =>
        seller.request('GET', p),
      ),
    );
    const text = bodies.map((b) => b.text).join('\n');
    expect(bodies.every((b) => b.status === 200)).toBe(true);
    for (const secret of ['HIDDEN-', '7654321', '6543217', 'technicalFeasibility']) expect(text).not.toContain(secret);
    expect(JSON.parse(bodies[1]!.text).evaluation).toBeNull();
  });
});
