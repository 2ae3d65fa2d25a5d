// The demo data (`npm run db:seed`): every stage of the pipeline and every piece of the evaluation
// shows up, and a second run replaces the demo rows instead of adding to them.
import { describe, expect, it } from 'vitest';
import { COMPLIANCE_STATES } from '~/shared/export-control.ts';
import { PROTOTYPE_STAGES } from '~/shared/prototype-stages.ts';
import { DEMO_DOMAIN, seedDemoData } from './demo-data.ts';
import { auditLedger, ledgerBalance } from './domain/ledger.ts';
import { fixedClock, testServices } from './test/services.ts';
import { createAdmin } from './test/factories.ts';
import { callerAs, signedInClient, useTestDatabase } from './test/harness.ts';

const t = useTestDatabase();
const NOW = new Date('2026-11-23T12:00:00.000Z');
const LINKS = { publicUrl: 'http://localhost:3000' };

async function seedTwice() {
  const admin = await createAdmin(t.db.prisma, { firstName: 'Ada', lastName: 'Admin' });
  const documentStore = testServices(t.db.prisma).documentStore;
  await seedDemoData(t.db.prisma, { documentStore, now: NOW, links: LINKS });
  const counts = async () => ({
    users: await t.db.prisma.user.count(),
    prototypes: await t.db.prisma.prototype.count(),
    documents: await t.db.prisma.prototypeDocument.count(),
    scorecards: await t.db.prisma.scorecard.count(),
  });
  const once = await counts();
  const firstKeys = (await t.db.prisma.prototypeDocument.findMany({ select: { storageKey: true } })).map((d) => d.storageKey);
  await seedDemoData(t.db.prisma, { documentStore, now: NOW, links: LINKS });
  return { admin, once, twice: await counts(), documentStore, firstKeys };
}

describe('demo data', () => {
  it('is re-runnable: a second run replaces the demo rows', async () => {
    const { once, twice } = await seedTwice();
    expect(twice).toEqual(once);
    expect(once.prototypes).toBeGreaterThanOrEqual(PROTOTYPE_STAGES.length);
  });

  it('fills every column of the pipeline board, with leads, scores and due badges of every kind', async () => {
    const { admin } = await seedTwice();
    const board = await (await callerAs(t.db, admin.id, undefined, { clock: fixedClock(NOW) })).pipeline.board();
    for (const column of board.columns) expect(column.total, column.stage).toBeGreaterThan(0);
    const cards = board.columns.flatMap((c) => c.cards);
    expect(cards.some((c) => c.due?.state === 'overdue' && c.due.which === 'initial_review')).toBe(true);
    expect(cards.some((c) => c.due?.state === 'overdue' && c.due.which === 'feedback')).toBe(true);
    expect(cards.some((c) => c.due?.state === 'met')).toBe(true);
    expect(cards.some((c) => c.due?.state === 'open')).toBe(true);
    expect(cards.some((c) => c.leadName === 'Lise Meitner')).toBe(true);
    expect(cards.some((c) => c.technicalFeasibility !== null && c.trl !== null)).toBe(true);
  });

  it('has the evaluation in every state: reviewers, scorecards, quote versions, releases, requests, access, milestones', async () => {
    await seedTwice();
    const db = t.db.prisma;
    const demo = { seller: { email: { endsWith: `@${DEMO_DOMAIN}` } } };
    expect(await db.user.count({ where: { role: 'admin', email: { endsWith: `@${DEMO_DOMAIN}` } } })).toBe(1);
    const multiReviewed = await db.prototype.findMany({ where: demo, select: { _count: { select: { reviewers: true, scorecards: true } } } });
    expect(multiReviewed.some((p) => p._count.reviewers >= 2 && p._count.scorecards >= 2)).toBe(true);
    const scorecard = await db.scorecard.findFirstOrThrow({ where: { prototype: demo } });
    expect(scorecard.technicalFeasibility).toBeGreaterThanOrEqual(0);
    expect(scorecard.technicalFeasibility).toBeLessThanOrEqual(100);
    expect(scorecard.trl).toBeGreaterThanOrEqual(1);
    expect(scorecard.trl).toBeLessThanOrEqual(9);

    const negotiated = await db.prototype.findFirstOrThrow({
      where: { ...demo, status: 'quoted', quoteVersions: { some: { sellerResponse: 'declined' } } },
      select: { atomixQuote: true, sellerResponse: true, quoteVersions: { orderBy: { quotedAt: 'asc' }, select: { amount: true, sellerResponse: true } } },
    });
    expect(negotiated.quoteVersions.map((v) => v.sellerResponse)).toEqual(['declined', null]);
    expect(negotiated.atomixQuote?.toFixed(2)).toBe(negotiated.quoteVersions[1]!.amount.toFixed(2));
    expect(negotiated.sellerResponse).toBeNull();

    const developing = await db.prototype.findMany({
      where: { ...demo, status: 'in_development' },
      select: { stage: true, nextMilestone: true, milestoneDate: true },
    });
    expect(developing.every((p) => p.stage === 'development' && p.nextMilestone && p.milestoneDate)).toBe(true);
    expect(developing.some((p) => p.milestoneDate!.getTime() < NOW.getTime())).toBe(true);
    expect(developing.some((p) => p.milestoneDate!.getTime() > NOW.getTime())).toBe(true);
    const deployed = await db.prototype.findFirstOrThrow({ where: { ...demo, status: 'active' }, select: { stage: true, completedAt: true } });
    expect(deployed).toMatchObject({ stage: 'deployment', completedAt: expect.any(Date) });
    expect(await db.prototype.count({ where: { ...demo, stage: 'closed', status: 'rejected' } })).toBeGreaterThan(0);

    const releases = await db.evaluationRelease.findMany({
      where: { prototype: demo },
      select: { includeScores: true, scores: true, prototype: { select: { status: true } } },
    });
    expect(releases.some((r) => r.includeScores && r.scores !== null && r.prototype.status !== 'submitted')).toBe(true);
    expect(await db.infoRequest.count({ where: { prototype: demo, answeredAt: null } })).toBeGreaterThan(0);
    expect(await db.infoRequest.count({ where: { prototype: demo, answeredAt: { not: null }, answer: { not: null } } })).toBeGreaterThan(0);
    expect(
      await db.accessRecord.count({
        where: { kind: 'download', prototypeId: { in: (await db.prototype.findMany({ where: demo, select: { id: true } })).map((p) => p.id) } },
      }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('answers every demo prototype over REST as the contract documents it; released evaluations carry all eight figures (issue 30, point 8)', async () => {
    const { admin } = await seedTwice();
    const sellers = await t.db.prisma.user.findMany({ where: { role: 'user', email: { endsWith: `@${DEMO_DOMAIN}` } }, select: { id: true } });
    const adminClient = await signedInClient(t.db, admin);
    const figures = [
      'commercialViability',
      'estimatedValue',
      'investmentRequired',
      'marketPotential',
      'riskLevel',
      'technicalFeasibility',
      'timelineWeeks',
      'trl',
    ];
    let withScores = 0;
    // Every answer of the REST client is checked against the contract (test/contract-check.ts).
    for (const seller of sellers) {
      const client = await signedInClient(t.db, seller);
      const list = await client.request('GET', '/api/seller/prototypes');
      expect(list.status).toBe(200);
      for (const { id } of list.json as { id: number }[]) {
        const detail = await client.request('GET', `/api/seller/prototypes/${id}`);
        expect(detail.status).toBe(200);
        const scores = detail.json.evaluation?.scores as Record<string, unknown> | null | undefined;
        if (scores) {
          withScores += 1;
          expect(Object.keys(scores).sort(), `prototype ${id}`).toEqual(figures);
          expect(Object.values(scores), `prototype ${id}`).not.toContain(null);
        }
        expect((await adminClient.request('GET', `/api/admin/prototypes/${id}/evaluation`)).status).toBe(200);
      }
    }
    expect(withScores).toBeGreaterThan(0);
  });

  it("stores the demo documents' bytes, and a second run removes the first run's", async () => {
    const { documentStore, firstKeys } = await seedTwice();
    expect(firstKeys.length).toBeGreaterThan(0);
    for (const key of firstKeys) expect(await documentStore.get(key)).toBeNull();
    const documents = await t.db.prisma.prototypeDocument.findMany({ select: { storageKey: true } });
    expect(documents.length).toBeGreaterThan(0);
    for (const { storageKey } of documents) {
      const stored = await documentStore.get(storageKey);
      expect(stored?.size).toBeGreaterThan(0);
      stored?.stream.destroy();
    }
  });

  it("keeps the demo ledger consistent: each seller's balance is what their unpaid transactions owe", async () => {
    await seedTwice();
    const db = t.db.prisma;
    expect(await auditLedger(db)).toEqual([]);
    const sellers = await db.user.findMany({ where: { role: 'user', email: { endsWith: `@${DEMO_DOMAIN}` } }, select: { id: true } });
    let sellersOwed = 0;
    for (const seller of sellers) {
      const unpaid = await db.transaction.findMany({ where: { sellerId: seller.id, status: { not: 'completed' } }, select: { sellerPayout: true } });
      const owed = unpaid.reduce((sum, row) => sum + Math.round(Number(row.sellerPayout) * 100), 0);
      expect(Math.round(Number(await ledgerBalance(db, seller.id)) * 100)).toBe(owed);
      if (owed > 0) sellersOwed += 1;
    }
    expect(sellersOwed).toBeGreaterThan(0);
    expect(await db.transaction.count({ where: { status: 'completed', seller: { email: { endsWith: `@${DEMO_DOMAIN}` } } } })).toBeGreaterThan(0);
  });

  it('has concern reports in several states and ledger rows for the ledger screens', async () => {
    await seedTwice();
    const db = t.db.prisma;
    const statuses = (await db.contentReport.groupBy({ by: ['status'], _count: { _all: true } })).map((g) => g.status).sort();
    expect(statuses).toEqual(['pending', 'resolved', 'reviewed']);
    expect(await db.contentReport.count({ where: { status: { in: ['pending', 'reviewed'] }, openKey: null } })).toBe(0);
    expect(await db.financialRecord.count({ where: { user: { email: { endsWith: `@${DEMO_DOMAIN}` } } } })).toBeGreaterThan(0);
  });

  it('dates the money in order: owed when the quote was accepted, paid after that and before deployment, the ledger newest first (issue 34)', async () => {
    await seedTwice();
    const db = t.db.prisma;
    const transactions = await db.transaction.findMany({
      where: { seller: { email: { endsWith: `@${DEMO_DOMAIN}` } } },
      select: { createdAt: true, completedAt: true, prototype: { select: { sellerResponseAt: true, completedAt: true } } },
    });
    expect(transactions.length).toBeGreaterThan(1);
    for (const row of transactions) {
      expect(row.createdAt.getTime()).toBe(row.prototype.sellerResponseAt!.getTime());
      expect(row.createdAt.getTime()).toBeLessThan(NOW.getTime());
      if (row.completedAt) {
        expect(row.completedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
        if (row.prototype.completedAt) expect(row.completedAt.getTime()).toBeLessThan(row.prototype.completedAt.getTime());
      }
    }
    const ledger = await db.financialRecord.findMany({ orderBy: { id: 'asc' }, select: { createdAt: true } });
    for (let i = 1; i < ledger.length; i++) expect(ledger[i]!.createdAt.getTime()).toBeGreaterThanOrEqual(ledger[i - 1]!.createdAt.getTime());
  });

  it('has a prototype in every compliance state, a classification history and an open screening hit on a demo seller (issue 32)', async () => {
    const { admin } = await seedTwice();
    const db = t.db.prisma;
    await db.userPermission.create({ data: { userId: admin.id, permission: 'compliance.manage', granted: true, reason: 'test' } });
    const caller = await callerAs(t.db, admin.id, undefined, { clock: fixedClock(NOW) });
    const dashboard = await caller.compliance.dashboard();
    const names = Object.fromEntries(dashboard.states.map((group) => [group.state, group.items.map((item) => item.prototypeName)]));
    expect(Object.keys(names).sort()).toEqual([...COMPLIANCE_STATES].sort());
    for (const group of dashboard.states) expect(group.count, group.state).toBe(group.items.length);
    expect(names.unscreened!.length).toBeGreaterThan(0);
    expect(names.hold).toEqual(['Tritium Breeding Blanket Module']);
    expect(names.controlled!.sort()).toEqual(['Molten Salt Micro-Reactor Loop', 'Muon-Catalysed Fusion Cell']);
    expect(names.not_controlled!.sort()).toEqual(['Perovskite Tandem Cell v3', 'Solid-State Grid Battery Cell']);

    const muon = dashboard.states.find((group) => group.state === 'controlled')!.items.find((item) => item.prototypeName.startsWith('Muon'))!;
    expect(muon.classification).toBe('1E201');
    const record = await caller.compliance.forPrototype({ id: muon.id });
    expect(record.history.map((row) => row.basis)).toEqual(['counsel', 'self']);
    expect(record.screening).toMatchObject({ tritium: true });

    // The demo list was imported once although the seed ran twice; the demo seller on it waits for a decision.
    expect(await caller.compliance.imports()).toHaveLength(1);
    const hits = await caller.compliance.hits({ status: 'open' });
    expect(hits.map((hit) => [hit.userEmail, hit.matchedName])).toEqual([[`sofia@${DEMO_DOMAIN}`, 'Lindqvist, Sofía']]);
    expect(dashboard.openHits).toBe(1);

    // Cleared people: the demo reviewer's authorization ends within 30 days; the release reports show
    // what she opened on it and what she was refused.
    const expiring = await caller.compliance.expiringAuthorizations();
    expect(expiring.map((a) => [a.userName, a.prototypeName])).toEqual([['Lise Meitner', 'Muon-Catalysed Fusion Cell']]);
    const reactor = dashboard.states.find((group) => group.state === 'controlled')!.items.find((item) => item.prototypeName.startsWith('Molten'))!;
    const released = await caller.compliance.releases({ prototypeId: muon.id });
    expect(released.map((r) => [r.outcome, r.basis, r.status])).toEqual([
      ['released', 'authorization', 'foreign_person'],
      ['released', 'authorization', 'foreign_person'],
    ]);
    const refused = await caller.compliance.releases({ prototypeId: reactor.id });
    expect(refused.map((r) => [r.outcome, r.reason, r.citizenships])).toEqual([['refused', 'no_authorization', ['SE']]]);
  });
});
