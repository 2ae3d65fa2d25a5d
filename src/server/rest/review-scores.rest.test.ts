// Review integrity (issue 33, points 4, 5, 6) through the REST API: a seller's answer makes earlier
// scorecards stale until confirmed or changed and blocks release; a split among scorecards blocks
// approve, quote and release until the lead's (internal) discussion note; rejections carry a reason
// category the seller reads in plain words, and admins count declines by category and month.
import { afterEach, describe, expect, it } from 'vitest';
import { DECLINE_REASONS } from '~/shared/decline-reasons.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { type RestClient, restClient, setTestServices, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

const card = (trl: number, technicalFeasibility = 60, commercialViability = 50) => ({
  technicalFeasibility,
  commercialViability,
  riskLevel: 'medium',
  marketPotential: 'high',
  trl,
  estimatedValue: 500000,
  investmentRequired: 100000,
  timelineWeeks: 20,
  confidence: 'medium',
  strengths: 'Clear design',
  concerns: 'Supply chain',
});
const release = { summary: 'Promising', includeScores: false };

async function panel(status: 'submitted' | 'approved' = 'submitted') {
  const db = t.db.prisma;
  const seller = await createUser(db);
  const leadUser = await createAdmin(db, { firstName: 'Lena', lastName: 'Lead' });
  const otherUser = await createAdmin(db, { firstName: 'Omar', lastName: 'Other' });
  const prototype = await createPrototype(db, seller.id, { status });
  const base = `/api/admin/prototypes/${prototype.id}`;
  const lead = await signedInClient(t.db, leadUser);
  const other = await signedInClient(t.db, otherUser);
  const sellerClient = await signedInClient(t.db, seller);
  expect((await lead.request('PUT', `${base}/reviewers`, { reviewerIds: [leadUser.id, otherUser.id], leadId: leadUser.id })).status).toBe(200);
  return { seller, sellerClient, leadUser, otherUser, lead, other, prototype, base };
}

async function answerAQuestion(admin: RestClient, seller: RestClient, base: string) {
  const asked = await admin.request('POST', `${base}/info-requests`, { question: 'What is the test rig?' });
  expect(asked.status).toBe(201);
  const answered = await seller.request('POST', `/api/seller/info-requests/${asked.json.id}/answer`, { answer: 'A 5 kW loop' });
  expect(answered.status).toBe(200);
}

describe('stale scorecards (point 4)', () => {
  it("the seller's answer makes earlier scorecards stale and tells their reviewers; release waits until each is confirmed or changed", async () => {
    const s = await panel('approved');
    expect((await s.lead.request('PUT', `${s.base}/scorecard`, card(4))).status).toBe(200);
    expect((await s.other.request('PUT', `${s.base}/scorecard`, card(5))).status).toBe(200);
    await answerAQuestion(s.lead, s.sellerClient, s.base);

    const seen = await s.lead.request('GET', `${s.base}/evaluation`);
    expect(seen.json.staleCount).toBe(2);
    expect(seen.json.scorecards.map((c: { staleSince: string | null }) => c.staleSince !== null)).toEqual([true, true]);
    const notices = await t.db.prisma.notification.findMany({ where: { type: 'scorecard_stale' }, select: { userId: true, adminData: true } });
    expect(notices.map((n) => n.userId).sort()).toEqual([s.leadUser.id, s.otherUser.id].sort());
    expect(notices.every((n) => n.adminData)).toBe(true);

    const refused = await s.lead.request('POST', `${s.base}/evaluation/release`, release);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/confirm or change them/);

    // The lead confirms; the other reviewer changes theirs: both current, release goes through.
    const confirmed = await s.lead.request('POST', `${s.base}/scorecard/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.ownScorecard.staleSince).toBeNull();
    expect(confirmed.json.staleCount).toBe(1);
    expect((await s.lead.request('POST', `${s.base}/evaluation/release`, release)).status).toBe(409);
    expect((await s.other.request('PUT', `${s.base}/scorecard`, card(6))).json.staleCount).toBe(0);
    expect((await s.lead.request('POST', `${s.base}/evaluation/release`, release)).status).toBe(201);
    // Confirming again changes nothing.
    expect((await s.lead.request('POST', `${s.base}/scorecard/confirm`)).status).toBe(200);
  });

  it('a scorecard submitted after the answer is current; confirm: 401 guest, 403 seller, 404 unknown, 409 without a scorecard', async () => {
    const s = await panel();
    await answerAQuestion(s.lead, s.sellerClient, s.base);
    expect((await s.lead.request('PUT', `${s.base}/scorecard`, card(4))).json.staleCount).toBe(0);
    expect((await restClient(t.db).request('POST', `${s.base}/scorecard/confirm`)).status).toBe(401);
    expect((await s.sellerClient.request('POST', `${s.base}/scorecard/confirm`)).status).toBe(403);
    expect((await s.lead.request('POST', '/api/admin/prototypes/999999/scorecard/confirm')).status).toBe(404);
    expect((await s.lead.request('POST', '/api/admin/prototypes/2147483648/scorecard/confirm')).status).toBe(404);
    const none = await s.other.request('POST', `${s.base}/scorecard/confirm`);
    expect(none.status).toBe(409);
  });
});

describe('discussion before a split decision (point 5)', () => {
  for (const [what, other] of [
    ['TRL spread of 3', card(7)],
    ['feasibility spread of 30', card(4, 90)],
    ['viability spread of 30', card(4, 60, 80)],
  ] as const) {
    it(`${what}: approve, quote and release answer 409 until the lead's note; the note is internal`, async () => {
      const s = await panel();
      await s.lead.request('PUT', `${s.base}/scorecard`, card(4));
      await s.other.request('PUT', `${s.base}/scorecard`, other);
      const evaluation = await s.lead.request('GET', `${s.base}/evaluation`);
      expect(evaluation.json.split).toMatchObject({ resolved: false });
      expect(evaluation.json.split.reasons).toHaveLength(1);

      const approve = await s.lead.request('PATCH', `${s.base}/approve`);
      expect(approve.status).toBe(409);
      expect(approve.json.message).toMatch(/discussion note/);
      expect((await s.lead.request('PATCH', `${s.base}/quote`, { atomixQuote: '1000.00' })).status).toBe(409);

      // Only the lead records it.
      expect((await s.other.request('POST', `${s.base}/discussion`, { note: 'We agree' })).status).toBe(403);
      expect((await s.lead.request('POST', `${s.base}/discussion`, { note: '  ' })).status).toBe(400);
      expect((await s.lead.request('POST', `${s.base}/discussion`, { note: 'x'.repeat(15_000) })).status).toBe(400);
      const noted = await s.lead.request('POST', `${s.base}/discussion`, { note: 'Rig data settles it at TRL 5' });
      expect(noted.status).toBe(201);
      expect(noted.json.split).toMatchObject({ resolved: true });
      expect(noted.json.discussionNotes).toMatchObject([{ note: 'Rig data settles it at TRL 5', authorName: 'Lena Lead' }]);
      expect((await s.lead.request('PATCH', `${s.base}/approve`)).status).toBe(200);

      // Never the seller's: not in their prototype, its timeline or their notifications.
      const mine = await s.sellerClient.request('GET', `/api/seller/prototypes/${s.prototype.id}`);
      expect(mine.status).toBe(200);
      expect(mine.text).not.toContain('Rig data');
      expect(mine.text).not.toContain('Discussion');
      expect(await t.db.prisma.prototypeTimeline.count({ where: { prototypeId: s.prototype.id, event: 'discussion_recorded' } })).toBe(1);
    });
  }

  it('scores that change after the note make a new split wait for a new note; agreeing scores need none', async () => {
    // Clocks in the past: the sessions, made at the real time, stay valid.
    let now = new Date('2026-10-01T10:00:00.000Z');
    setTestServices({ clock: { now: () => now } });
    const s = await panel('approved');
    await s.lead.request('PUT', `${s.base}/scorecard`, card(4));
    await s.other.request('PUT', `${s.base}/scorecard`, card(5));
    expect((await s.lead.request('GET', `${s.base}/evaluation`)).json.split).toBeNull();
    now = new Date('2026-10-02T10:00:00.000Z');
    await s.other.request('PUT', `${s.base}/scorecard`, card(8));
    expect((await s.lead.request('POST', `${s.base}/evaluation/release`, release)).status).toBe(409);
    expect((await s.lead.request('POST', `${s.base}/discussion`, { note: 'Settled' })).status).toBe(201);
    expect((await s.lead.request('POST', `${s.base}/evaluation/release`, release)).status).toBe(201);
    // A later change of the scores reopens it.
    await t.db.prisma.scorecard.updateMany({ where: { prototypeId: s.prototype.id, reviewerId: s.otherUser.id }, data: { trl: 9 } });
    expect((await s.lead.request('POST', `${s.base}/evaluation/release`, release)).status).toBe(409);
  });

  it('a reviewer who has not submitted sees neither the split nor the notes; a closed evaluation takes no note', async () => {
    const s = await panel();
    await s.lead.request('PUT', `${s.base}/scorecard`, card(4));
    const third = await createAdmin(t.db.prisma);
    await s.lead.request('PUT', `${s.base}/reviewers`, { reviewerIds: [s.leadUser.id, s.otherUser.id, third.id], leadId: s.leadUser.id });
    await s.other.request('PUT', `${s.base}/scorecard`, card(8));
    await s.lead.request('POST', `${s.base}/discussion`, { note: 'Secret' });
    const hidden = await (await signedInClient(t.db, third)).request('GET', `${s.base}/evaluation`);
    expect(hidden.json.split).toBeNull();
    expect(hidden.json.discussionNotes).toEqual([]);
    expect((await s.lead.request('PATCH', `${s.base}/reject`, { reason: 'No' })).status).toBe(200);
    expect((await s.lead.request('POST', `${s.base}/discussion`, { note: 'Late' })).status).toBe(409);
  });
});

describe('decline reasons (point 6)', () => {
  it('reject and final-reject take an optional category; the seller reads it in plain words with a next step; 400 for an unknown one', async () => {
    const s = await panel();
    expect((await s.lead.request('PATCH', `${s.base}/reject`, { reason: 'Too early', reasonCategory: 'magic' })).status).toBe(400);
    const rejected = await s.lead.request('PATCH', `${s.base}/reject`, { reason: 'Too early', reasonCategory: 'technical_maturity' });
    expect(rejected.status).toBe(200);
    const mine = await s.sellerClient.request('GET', `/api/seller/prototypes/${s.prototype.id}`);
    expect(mine.json.declineReason).toEqual({ category: 'technical_maturity', ...DECLINE_REASONS.technical_maturity });
    expect(mine.json.reviewerComments).toBe('Too early');

    const quoted = await createPrototype(t.db.prisma, s.seller.id, { status: 'quoted', atomixQuote: 5000 });
    expect((await s.lead.request('PATCH', `/api/admin/prototypes/${quoted.id}/final-reject`, { reasonCategory: 'commercial_fit' })).status).toBe(200);
    expect((await s.sellerClient.request('GET', `/api/seller/prototypes/${quoted.id}`)).json.declineReason.category).toBe('commercial_fit');
    // Without a category: still rejected, nothing to explain beyond the text.
    const plain = await createPrototype(t.db.prisma, s.seller.id);
    expect((await s.lead.request('PATCH', `/api/admin/prototypes/${plain.id}/reject`, { reason: 'No' })).status).toBe(200);
    expect((await s.sellerClient.request('GET', `/api/seller/prototypes/${plain.id}`)).json.declineReason).toBeNull();
  });

  it('admins count declines by category and month; 401 guest, 403 seller, 400 bad range', async () => {
    let now = new Date('2026-07-15T10:00:00.000Z');
    setTestServices({ clock: { now: () => now } });
    const s = await panel();
    const reject = async (category?: string) => {
      const p = await createPrototype(t.db.prisma, s.seller.id);
      const res = await s.lead.request('PATCH', `/api/admin/prototypes/${p.id}/reject`, { reason: 'r', ...(category ? { reasonCategory: category } : {}) });
      expect(res.status).toBe(200);
    };
    await reject('duplicate');
    await reject('duplicate');
    await reject();
    now = new Date('2026-09-02T10:00:00.000Z');
    await reject('regulatory');
    const path = '/api/admin/reports/decline-reasons';
    const report = await s.lead.request('GET', `${path}?from=2026-07-01&to=2026-09-30`);
    expect(report.status).toBe(200);
    expect(report.json.months.map((m: { month: string; total: number }) => [m.month, m.total])).toEqual([
      ['2026-07', 3],
      ['2026-09', 1],
    ]);
    expect(report.json.months[0].counts).toMatchObject({ duplicate: 2, uncategorised: 1, regulatory: 0 });
    expect((await s.lead.request('GET', `${path}?from=2026-08-01&to=2026-08-31`)).json.months).toEqual([]);
    // Empty parameters mean the default: the last 12 months up to today.
    expect((await s.lead.request('GET', `${path}?from=&to=`)).json).toMatchObject({ from: '2025-10-01', to: '2026-09-02' });
    expect((await s.lead.request('GET', `${path}?from=2026-09-01&to=2026-07-01`)).status).toBe(400);
    expect((await s.lead.request('GET', `${path}?from=nope`)).status).toBe(400);
    expect((await restClient(t.db).request('GET', path)).status).toBe(401);
    expect((await s.sellerClient.request('GET', path)).status).toBe(403);
  });
});
