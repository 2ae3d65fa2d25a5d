// Review integrity through the API (issue 33, points 1-3; ADR 0049): conflicts of interest (shared
// organizational e-mail domain, same organization, declared) refuse an assignment with 422 and close the
// confidential content; a conflict declared later takes the reviewer off the panel and their scorecard
// out of the aggregate; only the lead changes the panel, and no panel trick shows an unsubmitted
// reviewer anything; the open-review cap answers 409, exactly, under 30 parallel assignments.
import { describe, expect, it } from 'vitest';
import { confidentialDenial } from '../domain/confidential-access.ts';
import { attestAdmin, createAdmin, createPrototype, createUser, DEFAULT_PASSWORD } from '../test/factories.ts';
import { callerAs, signedInClient, useTestDatabase } from '../test/harness.ts';
import { TEST_CONFIG } from '../test/services.ts';

const t = useTestDatabase();

const scorecard = (technicalFeasibility: number) => ({
  technicalFeasibility,
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
});
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

const tag = () => Math.random().toString(36).slice(2, 10);
const reviewers = (id: number) => `/api/admin/prototypes/${id}/reviewers`;

describe('conflicts of interest', () => {
  it('a shared organizational e-mail domain is a conflict (422, named), a shared public provider is not', async () => {
    const org = `helios-${tag()}.com`;
    const seller = await createUser(t.db.prisma, { email: `sam@${org}` });
    const colleague = await createAdmin(t.db.prisma, { email: `ada@${org}`, firstName: 'Ada', lastName: 'Colleague' });
    const prototype = await createPrototype(t.db.prisma, seller.id);
    const admin = await signedInClient(t.db, 'admin');
    const refused = await admin.request('PUT', reviewers(prototype.id), { reviewerIds: [colleague.id], leadId: colleague.id });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toContain('Ada Colleague has a conflict of interest with this seller');
    expect(refused.json.message).toContain(`Shares the e-mail domain ${org} with the seller`);
    expect(await t.db.prisma.prototypeReviewer.count({ where: { prototypeId: prototype.id } })).toBe(0);

    const conflicts = await admin.request('GET', `/api/admin/prototypes/${prototype.id}/conflicts`);
    expect(conflicts.status).toBe(200);
    expect(conflicts.json).toContainEqual({
      adminId: colleague.id,
      reasons: [{ kind: 'email_domain', message: `Shares the e-mail domain ${org} with the seller` }],
    });

    // Public mail providers (and gmx under any country suffix) say nothing about an employer.
    for (const domain of ['gmail.com', 'proton.me', 'gmx.de']) {
      const gSeller = await createUser(t.db.prisma, { email: `seller-${tag()}@${domain}` });
      const gAdmin = await createAdmin(t.db.prisma, { email: `admin-${tag()}@${domain}` });
      const gPrototype = await createPrototype(t.db.prisma, gSeller.id);
      expect((await admin.request('PUT', reviewers(gPrototype.id), { reviewerIds: [gAdmin.id], leadId: gAdmin.id })).status).toBe(200);
      expect((await admin.request('GET', `/api/admin/prototypes/${gPrototype.id}/conflicts`)).json).not.toContainEqual(
        expect.objectContaining({ adminId: gAdmin.id }),
      );
    }
  });

  it('the same organization, case- and punctuation-insensitively, from the profile; expertise is for admins only', async () => {
    const seller = await signedInClient(t.db, 'user', { fields: { firstName: 'Sam', lastName: 'Seller' } });
    const admin = await signedInClient(t.db, 'admin', { fields: { firstName: 'Oli', lastName: 'Org' } });
    const profile = (user: { firstName: string | null; lastName: string | null; email: string }, extra: object) => ({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      currentPassword: DEFAULT_PASSWORD,
      ...extra,
    });
    const name = `Kyoto Fusion ${tag()}`;
    const saved = await seller.request('PATCH', '/api/user/profile', profile(seller.user, { organization: `${name.toUpperCase()}, Inc.` }));
    expect(saved.status).toBe(200);
    expect(saved.json.user).toMatchObject({ organization: `${name.toUpperCase()}, Inc.`, expertise: [] });
    expect((await seller.request('PATCH', '/api/user/profile', profile(seller.user, { expertise: ['solar'] }))).status).toBe(403);
    const adminSaved = await admin.request(
      'PATCH',
      '/api/user/profile',
      profile(admin.user, { organization: `${name.toLowerCase()} inc`, expertise: ['solar', 'quantum'] }),
    );
    expect(adminSaved.status).toBe(200);
    expect(adminSaved.json.user).toMatchObject({ expertise: ['solar', 'quantum'] });
    // Leaving the organization out keeps it.
    expect((await admin.request('PATCH', '/api/user/profile', profile(admin.user, {}))).json.user.organization).toBe(`${name.toLowerCase()} inc`);
    for (const bad of [
      { expertise: ['coal'] },
      { expertise: ['solar', 'solar'] },
      { organization: 'x'.repeat(15_000) },
      { organization: 'Acme\0' },
      { expertise: 'solar' },
    ]) {
      expect((await admin.request('PATCH', '/api/user/profile', profile(admin.user, bad))).status).toBe(400);
    }

    const prototype = await createPrototype(t.db.prisma, seller.user.id);
    const refused = await admin.request('PUT', reviewers(prototype.id), { reviewerIds: [admin.user.id], leadId: admin.user.id });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toContain(`Works at the seller's organization (${name.toLowerCase()} inc)`);
    const conflicts = await admin.request('GET', `/api/admin/prototypes/${prototype.id}/conflicts`);
    expect(conflicts.json).toContainEqual({ adminId: admin.user.id, reasons: [expect.objectContaining({ kind: 'organization' })] });
    // Assigned before the conflict arose (organization set later): scoring is refused with the reason.
    const earlier = await createPrototype(t.db.prisma, seller.user.id);
    await t.db.prisma.prototypeReviewer.create({ data: { prototypeId: earlier.id, reviewerId: admin.user.id } });
    const scoring = await admin.request('PUT', `/api/admin/prototypes/${earlier.id}/scorecard`, scorecard(50));
    expect(scoring.status).toBe(422);
    expect(scoring.json.message).toContain("Works at the seller's organization");
    // The confidential content stays closed to a conflicted admin, saying why.
    expect(await confidentialDenial(t.db.prisma, { id: admin.user.id, role: 'admin' }, prototype.id, new Date())).toMatchObject({
      reason: 'conflict_of_interest',
      message: expect.stringContaining("You have a conflict of interest with this prototype's seller"),
    });
    // An admin without a conflict, attested, is let in.
    const unconflicted = await createAdmin(t.db.prisma);
    await attestAdmin(t.db.prisma, unconflicted.id, prototype.id);
    expect(await confidentialDenial(t.db.prisma, { id: unconflicted.id, role: 'admin' }, prototype.id, new Date())).toBeNull();
  });

  it('declare, list and remove one’s own conflicts: 201, 409 twice, 404 for an unknown seller or another’s, 204; sellers 403, guests 401', async () => {
    const seller = await createUser(t.db.prisma, { firstName: 'Sara', lastName: 'Seller' });
    const admin = await signedInClient(t.db, 'admin');
    const other = await signedInClient(t.db, 'admin');
    expect((await (await signedInClient(t.db, null)).request('GET', '/api/admin/conflicts')).status).toBe(401);
    expect((await (await signedInClient(t.db, 'user')).request('POST', '/api/admin/conflicts', { sellerId: seller.id, reason: 'x' })).status).toBe(403);
    expect((await admin.request('POST', '/api/admin/conflicts', { sellerId: seller.id })).status).toBe(400);
    expect((await admin.request('POST', '/api/admin/conflicts', { sellerId: seller.id, reason: 'r'.repeat(15_000) })).status).toBe(400);
    expect((await admin.request('POST', '/api/admin/conflicts', { sellerId: '00000000-0000-4000-8000-000000000000', reason: 'Former partner' })).status).toBe(
      404,
    );
    expect((await admin.request('POST', '/api/admin/conflicts', { sellerId: other.user.id, reason: 'An admin is no seller' })).status).toBe(404);

    const created = await admin.request('POST', '/api/admin/conflicts', { sellerId: seller.id, reason: 'Former business partner' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ sellerId: seller.id, sellerName: 'Sara Seller', reason: 'Former business partner' });
    expect((await admin.request('POST', '/api/admin/conflicts', { sellerId: seller.id, reason: 'Again' })).status).toBe(409);
    expect((await admin.request('GET', '/api/admin/conflicts')).json).toEqual([expect.objectContaining({ id: created.json.id })]);
    expect((await other.request('GET', '/api/admin/conflicts')).json).toEqual([]);

    const prototype = await createPrototype(t.db.prisma, seller.id);
    const refused = await other.request('PUT', reviewers(prototype.id), { reviewerIds: [admin.user.id], leadId: admin.user.id });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toContain('Declared a conflict with the seller: Former business partner');

    expect((await other.request('DELETE', `/api/admin/conflicts/${created.json.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', '/api/admin/conflicts/99999999999')).status).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/conflicts/${created.json.id}`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/admin/conflicts/${created.json.id}`)).status).toBe(404);
    expect((await other.request('PUT', reviewers(prototype.id), { reviewerIds: [admin.user.id], leadId: admin.user.id })).status).toBe(200);
  });

  it('a conflict declared after assignment takes the reviewer (and their lead seat) off the panel; their scorecard stays, out of the aggregate', async () => {
    const seller = await createUser(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id);
    const lead = await signedInClient(t.db, 'admin');
    const second = await signedInClient(t.db, 'admin');
    const base = `/api/admin/prototypes/${prototype.id}`;
    expect((await lead.request('PUT', `${base}/reviewers`, { reviewerIds: [lead.user.id, second.user.id], leadId: lead.user.id })).status).toBe(200);
    await lead.request('PUT', `${base}/scorecard`, scorecard(90));
    await second.request('PUT', `${base}/scorecard`, scorecard(40));
    expect((await second.request('GET', `${base}/evaluation`)).json.aggregate.technicalFeasibility.mean).toBe(65);

    expect((await lead.request('POST', '/api/admin/conflicts', { sellerId: seller.id, reason: 'My cousin' })).status).toBe(201);
    const view = (await second.request('GET', `${base}/evaluation`)).json;
    expect(view.leadId).toBeNull();
    expect(view.reviewers.map((r: { id: string }) => r.id)).toEqual([second.user.id]);
    expect(view.scorecardCount).toBe(1);
    expect(view.aggregate.technicalFeasibility).toEqual({ mean: 40, min: 40, max: 40, stdDev: 0 });
    expect(view.scorecards).toContainEqual(expect.objectContaining({ reviewerId: lead.user.id, excludedForConflict: true, formerReviewer: true }));
    const withdrawn = await t.db.prisma.prototypeTimeline.findFirstOrThrow({ where: { prototypeId: prototype.id, event: 'reviewer_withdrawn' } });
    expect(withdrawn.metadata).toMatchObject({ reason: 'conflict_of_interest', scorecardExcluded: true });
    // The conflicted admin sees no scorecards any more, and may not score.
    const theirs = (await lead.request('GET', `${base}/evaluation`)).json;
    expect(theirs).toMatchObject({ scorecards: [], aggregate: null, viewer: { conflicted: true, canSeeScorecards: false } });
    expect((await lead.request('PUT', `${base}/scorecard`, scorecard(99))).status).toBe(403);
    // Removing the declaration does not put anyone back.
    const [declared] = (await lead.request('GET', '/api/admin/conflicts')).json as { id: number }[];
    expect((await lead.request('DELETE', `/api/admin/conflicts/${declared!.id}`)).status).toBe(204);
    expect((await second.request('GET', `${base}/evaluation`)).json.reviewers).toHaveLength(1);
  });
  it('a conflict a profile change creates after assignment withdraws the reviewer as a declaration does (organization, e-mail; seller or reviewer)', async () => {
    const profile = (user: { firstName: string | null; lastName: string | null; email: string }, extra: object) => ({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      currentPassword: DEFAULT_PASSWORD,
      ...extra,
    });
    const seller = await signedInClient(t.db, 'user');
    const lead = await signedInClient(t.db, 'admin');
    const second = await signedInClient(t.db, 'admin');
    const third = await signedInClient(t.db, 'admin');
    const prototype = await createPrototype(t.db.prisma, seller.user.id);
    const otherSeller = await createUser(t.db.prisma);
    const elsewhere = await createPrototype(t.db.prisma, otherSeller.id);
    const base = `/api/admin/prototypes/${prototype.id}`;
    const panel = { reviewerIds: [lead.user.id, second.user.id, third.user.id], leadId: lead.user.id };
    expect((await lead.request('PUT', `${base}/reviewers`, panel)).status).toBe(200);
    expect(
      (await second.request('PUT', `/api/admin/prototypes/${elsewhere.id}/reviewers`, { reviewerIds: [second.user.id], leadId: second.user.id })).status,
    ).toBe(200);
    await lead.request('PUT', `${base}/scorecard`, scorecard(90));
    await second.request('PUT', `${base}/scorecard`, scorecard(40));
    await third.request('PUT', `${base}/scorecard`, scorecard(60));
    expect((await lead.request('GET', `${base}/evaluation`)).json.aggregate.technicalFeasibility.mean).toBe(63.33);

    // A reviewer joins the seller's organization: off this panel only, scorecard kept and out of the aggregate.
    const org = `Tidal Works ${tag()}`;
    expect((await seller.request('PATCH', '/api/user/profile', profile(seller.user, { organization: org }))).status).toBe(200);
    expect((await lead.request('GET', `${base}/evaluation`)).json.reviewers).toHaveLength(3);
    expect((await second.request('PATCH', '/api/user/profile', profile(second.user, { organization: `${org.toUpperCase()}.` }))).status).toBe(200);
    let view = (await lead.request('GET', `${base}/evaluation`)).json;
    expect(view.reviewers.map((r: { id: string }) => r.id).sort()).toEqual([lead.user.id, third.user.id].sort());
    expect(view.scorecardCount).toBe(2);
    expect(view.aggregate.technicalFeasibility.mean).toBe(75);
    expect(view.scorecards).toContainEqual(expect.objectContaining({ reviewerId: second.user.id, excludedForConflict: true, formerReviewer: true }));
    expect((await second.request('GET', `/api/admin/prototypes/${elsewhere.id}/evaluation`)).json.reviewers).toHaveLength(1);
    const withdrawn = await t.db.prisma.prototypeTimeline.findFirstOrThrow({ where: { prototypeId: prototype.id, event: 'reviewer_withdrawn' } });
    expect(withdrawn).toMatchObject({
      performedBy: second.user.id,
      metadata: { reason: 'conflict_of_interest', scorecardExcluded: true, cause: 'profile_change' },
    });
    const audit = await t.db.prisma.userActivityLog.findFirstOrThrow({
      where: { userId: second.user.id, action: 'user.profile_updated' },
      orderBy: { id: 'desc' },
    });
    expect(audit.details).toMatchObject({ conflictWithdrawals: [{ prototypeId: prototype.id, adminId: second.user.id }] });

    // The seller moves to the lead's organizational e-mail domain: the lead's seat is emptied too.
    const domain = `lead-${tag()}.com`;
    await t.db.prisma.user.update({ where: { id: lead.user.id }, data: { email: `lead@${domain}` } });
    const moved = await seller.request('PATCH', '/api/user/profile', profile(seller.user, { email: `seller@${domain}` }));
    expect(moved.status).toBe(200);
    view = (await third.request('GET', `${base}/evaluation`)).json;
    expect(view.leadId).toBeNull();
    expect(view.reviewers.map((r: { id: string }) => r.id)).toEqual([third.user.id]);
    expect(view.scorecardCount).toBe(1);
    expect(view.aggregate.technicalFeasibility).toEqual({ mean: 60, min: 60, max: 60, stdDev: 0 });
    expect(await t.db.prisma.prototypeTimeline.count({ where: { prototypeId: prototype.id, event: 'reviewer_withdrawn' } })).toBe(2);

    // A change that creates no conflict withdraws no one.
    expect((await third.request('PATCH', '/api/user/profile', profile(third.user, { organization: `Elsewhere ${tag()}` }))).status).toBe(200);
    expect((await third.request('GET', `${base}/evaluation`)).json.reviewers).toHaveLength(1);
  });
});

describe('who may change the panel', () => {
  it('only the lead once there is one (403 for others); any reviewing admin while there is none', async () => {
    const seller = await createUser(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id);
    const first = await signedInClient(t.db, 'admin');
    const lead = await signedInClient(t.db, 'admin');
    const other = await signedInClient(t.db, 'admin');
    expect((await first.request('PUT', reviewers(prototype.id), { reviewerIds: [lead.user.id, other.user.id], leadId: lead.user.id })).status).toBe(200);
    const refused = await first.request('PUT', reviewers(prototype.id), { reviewerIds: [first.user.id], leadId: first.user.id });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toContain('Only the lead reviewer may change the reviewers or the lead');
    expect((await other.request('PUT', reviewers(prototype.id), { reviewerIds: [other.user.id], leadId: other.user.id })).status).toBe(403);
    await expect((await callerAs(t.db, other.user.id)).admin.assign({ id: prototype.id, assignedTo: other.user.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await lead.request('PUT', reviewers(prototype.id), { reviewerIds: [lead.user.id, other.user.id], leadId: other.user.id })).status).toBe(200);
    expect((await lead.request('PUT', reviewers(prototype.id), { reviewerIds: [lead.user.id], leadId: lead.user.id })).status).toBe(403);
    // An id past the int range names nothing (404), as an unknown one.
    expect((await other.request('PUT', reviewers(99_999_999_999), { reviewerIds: [other.user.id], leadId: other.user.id })).status).toBe(404);
    expect((await other.request('PUT', reviewers(2_000_000_000), { reviewerIds: [other.user.id], leadId: other.user.id })).status).toBe(404);
  });

  it('a reviewer who has not submitted sees nothing new whatever they do to the panel: leave, re-join, lead', async () => {
    const seller = await createUser(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id);
    const base = `/api/admin/prototypes/${prototype.id}`;
    const lead = await signedInClient(t.db, 'admin');
    const late = await signedInClient(t.db, 'admin');
    expect((await lead.request('PUT', `${base}/reviewers`, { reviewerIds: [lead.user.id, late.user.id], leadId: lead.user.id })).status).toBe(200);
    await lead.request('PUT', `${base}/scorecard`, scorecard(88));
    expect((await lead.request('PATCH', `${base}/evaluation`, final)).status).toBe(200);

    const hidden = (view: Record<string, unknown>) =>
      expect(view).toMatchObject({
        scorecards: [],
        aggregate: null,
        scorecardCount: 1,
        final: { technicalFeasibility: null, commercialViability: null, trl: null, estimatedValue: null, riskLevel: null },
        viewer: { canSeeScorecards: false },
      });
    hidden((await late.request('GET', `${base}/evaluation`)).json);
    // Made lead: still nothing.
    expect((await lead.request('PUT', `${base}/reviewers`, { reviewerIds: [lead.user.id, late.user.id], leadId: late.user.id })).status).toBe(200);
    hidden((await late.request('GET', `${base}/evaluation`)).json);
    // The lead leaves the panel (no longer a reviewer, no longer lead): still nothing.
    expect((await late.request('PUT', `${base}/reviewers`, { reviewerIds: [lead.user.id], leadId: lead.user.id })).status).toBe(200);
    hidden((await late.request('GET', `${base}/evaluation`)).json);
    // Re-added by the lead, then removed again: still nothing.
    expect((await lead.request('PUT', `${base}/reviewers`, { reviewerIds: [lead.user.id, late.user.id], leadId: lead.user.id })).status).toBe(200);
    hidden((await late.request('GET', `${base}/evaluation`)).json);
    // Taking the lead seat through the assignment procedure, with no lead: still nothing.
    await t.db.prisma.prototype.update({ where: { id: prototype.id }, data: { assignedTo: null } });
    await (await callerAs(t.db, late.user.id)).admin.assign({ id: prototype.id, assignedTo: late.user.id });
    hidden((await late.request('GET', `${base}/evaluation`)).json);
    // Their own scorecard in: everything.
    expect((await late.request('PUT', `${base}/scorecard`, scorecard(60))).status).toBe(200);
    const open = (await late.request('GET', `${base}/evaluation`)).json;
    expect(open.scorecards).toHaveLength(2);
    expect(open.final.technicalFeasibility).toBe(72);
    // An admin never on the panel sees everything.
    const outsider = await signedInClient(t.db, 'admin');
    expect((await outsider.request('GET', `${base}/evaluation`)).json.scorecards).toHaveLength(2);
  });
  it('the final figures stay hidden in the list, the pipeline board and the audit trail too, until the reviewer’s own scorecard is in; the CSV has none', async () => {
    const seller = await createUser(t.db.prisma, { organization: `Ridge Power ${tag()}` });
    const name = `Figures-${tag()}`;
    const prototype = await createPrototype(t.db.prisma, seller.id, { prototypeName: name });
    const base = `/api/admin/prototypes/${prototype.id}`;
    const lead = await signedInClient(t.db, 'admin');
    const late = await signedInClient(t.db, 'admin');
    const outsider = await signedInClient(t.db, 'admin');
    const cousin = await signedInClient(t.db, 'admin', { fields: { organization: seller.organization } });
    expect((await lead.request('PUT', `${base}/reviewers`, { reviewerIds: [lead.user.id, late.user.id], leadId: lead.user.id })).status).toBe(200);
    await lead.request('PUT', `${base}/scorecard`, scorecard(88));
    expect((await lead.request('PATCH', `${base}/evaluation`, final)).status).toBe(200);

    const figures = { technicalFeasibility: 72, commercialViability: 55, trl: 5, riskLevel: 'low', marketPotential: 'high' };
    const none = { technicalFeasibility: null, commercialViability: null, trl: null, riskLevel: null, marketPotential: null };
    const listRow = async (client: typeof lead) => {
      const answer = await client.request('GET', `/api/admin/prototypes?search=${name}`);
      expect(answer.status).toBe(200);
      const rows = answer.json as { id: number }[];
      expect(rows).toHaveLength(1);
      return rows[0];
    };
    const boardCard = async (userId: string) => {
      const board = await (await callerAs(t.db, userId)).pipeline.board({ perStage: 50 });
      return board.columns.flatMap((column) => column.cards).find((card) => card.id === prototype.id);
    };
    const auditFinal = async (userId: string) => {
      const { items } = await (await callerAs(t.db, userId)).admin.activity({ user: lead.user.id, action: 'admin.prototype.evaluation' });
      const row = items.find((item) => item.targetId === String(prototype.id));
      return (row?.details as { final?: unknown } | undefined)?.final;
    };
    const sees = async (client: typeof lead, yes: boolean) => {
      expect(await listRow(client)).toMatchObject(yes ? figures : none);
      const card = await boardCard(client.user.id);
      expect(card).toMatchObject(
        yes ? { technicalFeasibility: 72, commercialViability: 55, trl: 5 } : { technicalFeasibility: null, commercialViability: null, trl: null },
      );
      expect(await auditFinal(client.user.id)).toEqual(yes ? expect.objectContaining({ technicalFeasibility: 72, trl: 5 }) : null);
    };

    await sees(outsider, true);
    await sees(lead, true);
    // Assigned, not yet scored: nothing anywhere, as on the evaluation page; in conflict with the seller: never.
    await sees(late, false);
    await sees(cousin, false);
    // The prototype CSV never carries the final figures nor any score.
    const [header] = (await (await callerAs(t.db, late.user.id)).admin.exportPrototypesCsv({ search: name })).split('\r\n');
    for (const field of ['technicalFeasibility', 'commercialViability', 'trl', 'riskLevel', 'marketPotential', 'estimatedValue']) {
      expect(header).not.toContain(field);
    }
    // The audit CSV masks them likewise.
    const auditCsv = await (await callerAs(t.db, late.user.id)).admin.exportActivityCsv({ user: lead.user.id, action: 'admin.prototype.evaluation' });
    expect(auditCsv).toContain(String(prototype.id));
    expect(auditCsv).not.toContain('""technicalFeasibility"":72');

    expect((await late.request('PUT', `${base}/scorecard`, scorecard(60))).status).toBe(200);
    await sees(late, true);
    expect(await (await callerAs(t.db, late.user.id)).admin.exportActivityCsv({ user: lead.user.id, action: 'admin.prototype.evaluation' })).toContain(
      '""technicalFeasibility"":72',
    );
  });
});

describe('balanced load', () => {
  it('one assignment past REVIEW_LOAD_MAX open reviews is 409; decided prototypes do not count; suggestions rank by expertise then load', async () => {
    const max = TEST_CONFIG.reviewLoadMax;
    const admin = await signedInClient(t.db, 'admin');
    const client = await signedInClient(t.db, 'admin', { fields: { firstName: 'Busy', lastName: 'Bee', expertise: ['solar'] } });
    const busy = client.user;
    const seller = await createUser(t.db.prisma);
    const prototypes = await Promise.all(Array.from({ length: max + 1 }, () => createPrototype(t.db.prisma, seller.id, { energyType: 'solar' })));
    for (const p of prototypes.slice(0, max)) {
      expect((await client.request('PUT', reviewers(p.id), { reviewerIds: [busy.id], leadId: busy.id })).status).toBe(200);
    }
    const last = prototypes[max]!;
    const refused = await client.request('PUT', reviewers(last.id), { reviewerIds: [busy.id], leadId: busy.id });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(`Busy Bee already holds ${max} open reviews, the most one reviewer may hold: choose another reviewer`);
    // Re-saving a panel they are already on is not one more.
    expect((await client.request('PUT', reviewers(prototypes[0]!.id), { reviewerIds: [busy.id], leadId: busy.id })).status).toBe(200);
    // A decision frees a seat.
    await t.db.prisma.prototype.update({ where: { id: prototypes[1]!.id }, data: { status: 'approved' } });
    expect((await client.request('PUT', reviewers(last.id), { reviewerIds: [busy.id], leadId: busy.id })).status).toBe(200);

    // Suggestions: no conflicted admin; expertise match first, then the lowest open load.
    const target = await createPrototype(t.db.prisma, seller.id, { energyType: 'solar' });
    const idleExpert = await createAdmin(t.db.prisma, { firstName: 'Idle', lastName: 'Expert', expertise: ['solar', 'nuclear'] });
    const idleOther = await createAdmin(t.db.prisma, { firstName: 'Idle', lastName: 'Other', expertise: ['nuclear'] });
    const conflicted = await createAdmin(t.db.prisma, { expertise: ['solar'] });
    await t.db.prisma.reviewerConflict.create({ data: { adminId: conflicted.id, sellerId: seller.id, reason: 'Sibling' } });
    const suggestions = await admin.request('GET', `/api/admin/prototypes/${target.id}/reviewer-suggestions`);
    expect(suggestions.status).toBe(200);
    const ours = (suggestions.json as { adminId: string }[]).filter((s) => [busy.id, idleExpert.id, idleOther.id, conflicted.id].includes(s.adminId));
    expect(ours).toEqual([
      { adminId: idleExpert.id, name: 'Idle Expert', expertiseMatch: true, openLoad: 0 },
      { adminId: busy.id, name: 'Busy Bee', expertiseMatch: true, openLoad: max },
      { adminId: idleOther.id, name: 'Idle Other', expertiseMatch: false, openLoad: 0 },
    ]);
    expect((await (await signedInClient(t.db, 'user')).request('GET', `/api/admin/prototypes/${target.id}/reviewer-suggestions`)).status).toBe(403);
    expect((await admin.request('GET', '/api/admin/prototypes/2000000000/reviewer-suggestions')).status).toBe(404);
  });

  it('30 parallel assignments of one reviewer give exactly REVIEW_LOAD_MAX', { tags: ['engine'] }, async () => {
    const max = TEST_CONFIG.reviewLoadMax;
    const seller = await createUser(t.db.prisma);
    const reviewer = await signedInClient(t.db, 'admin');
    const prototypes = await Promise.all(Array.from({ length: 30 }, () => createPrototype(t.db.prisma, seller.id)));
    const answers = await Promise.all(
      prototypes.map((p) => reviewer.request('PUT', reviewers(p.id), { reviewerIds: [reviewer.user.id], leadId: reviewer.user.id })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30 - max);
    expect(await t.db.prisma.prototypeReviewer.count({ where: { reviewerId: reviewer.user.id } })).toBe(max);
  });

  // Engine-specific: only PostgreSQL runs the two transactions at once (the embedded database has one connection).
  it('a declaration or a profile change at the same moment as an assignment never leaves a conflicted reviewer seated', { tags: ['engine'] }, async () => {
    const round = async (how: 'declare' | 'profile') => {
      const org = `Race Labs ${tag()}`;
      const seller = await createUser(t.db.prisma, { organization: org });
      const prototype = await createPrototype(t.db.prisma, seller.id);
      const lead = await signedInClient(t.db, 'admin');
      const reviewer = await signedInClient(t.db, 'admin');
      const change =
        how === 'declare'
          ? reviewer.request('POST', '/api/admin/conflicts', { sellerId: seller.id, reason: 'Co-founder' })
          : reviewer.request('PATCH', '/api/user/profile', {
              firstName: reviewer.user.firstName,
              lastName: reviewer.user.lastName,
              email: reviewer.user.email,
              currentPassword: DEFAULT_PASSWORD,
              organization: org,
            });
      const [assigned, changed] = await Promise.all([
        lead.request('PUT', reviewers(prototype.id), { reviewerIds: [lead.user.id, reviewer.user.id], leadId: lead.user.id }),
        change,
      ]);
      expect([200, 422]).toContain(assigned.status);
      expect([200, 201]).toContain(changed.status);
      return t.db.prisma.prototypeReviewer.count({ where: { prototypeId: prototype.id, reviewerId: reviewer.user.id } });
    };
    const seated = await Promise.all(Array.from({ length: 6 }, (_, i) => round(i % 2 === 0 ? 'declare' : 'profile')));
    expect(seated).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
