// The review workflow through the documented REST paths and the tRPC procedures: who may call,
// which transitions the state table allows, what each one writes, and the race between admins.
import { describe, expect, it } from 'vitest';
import { PROTOTYPE_ACTIONS } from '~/shared/prototype-workflow.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();

async function seededPrototype(overrides: Parameters<typeof createPrototype>[2] = {}) {
  const seller = await createUser(t.db.prisma, {
    firstName: 'Nikola',
    lastName: 'Tesla',
    email: `seller-${Math.random().toString(36).slice(2, 8)}@example.test`,
  });
  const prototype = await createPrototype(t.db.prisma, seller.id, overrides);
  return { seller, prototype };
}

const transitions = [
  { path: 'approve', body: undefined },
  { path: 'reject', body: { reason: 'Not viable' } },
  { path: 'quote', body: { atomixQuote: 1000, quoteNotes: 'n', status: 'quoted' } },
  { path: 'final-approve', body: { status: 'accepted' } },
  { path: 'final-reject', body: { status: 'rejected' } },
] as const;

describe('who may call the admin prototype paths', () => {
  for (const { path, body } of transitions) {
    it(`PATCH /api/admin/prototypes/:id/${path}: guest 401, seller 403, unknown id 404`, async () => {
      const { prototype } = await seededPrototype({
        status: path.startsWith('final') ? 'quoted' : 'submitted',
        atomixQuote: path.startsWith('final') ? 500 : null,
      });
      const guest = await (await signedInClient(t.db, null)).request('PATCH', `/api/admin/prototypes/${prototype.id}/${path}`, body);
      expect(guest.status).toBe(401);
      const seller = await (await signedInClient(t.db, 'user')).request('PATCH', `/api/admin/prototypes/${prototype.id}/${path}`, body);
      expect(seller.status).toBe(403);
      const client = await signedInClient(t.db, 'admin');
      const missing = await client.request('PATCH', `/api/admin/prototypes/999999/${path}`, body);
      expect(missing.status).toBe(404);
      expect(missing.json.message).toBe('Prototype not found');
      // An id no prototype can have (not a number, beyond the integer column) names nothing either.
      for (const id of ['abc', '99999999999999999999']) {
        const malformed = await client.request('PATCH', `/api/admin/prototypes/${id}/${path}`, body);
        expect(malformed.status).toBe(404);
      }
      const unchanged = await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id } });
      expect(unchanged.status).toBe(prototype.status);
    });
  }

  it('GET /api/admin/prototypes and /api/admin/users: guest 401, seller 403', async () => {
    for (const path of ['/api/admin/prototypes', '/api/admin/users']) {
      expect((await (await signedInClient(t.db, null)).request('GET', path)).status).toBe(401);
      expect((await (await signedInClient(t.db, 'user')).request('GET', path)).status).toBe(403);
    }
  });
});

describe('approve and reject', () => {
  it('approve: status, timeline, seller notification and audit row with IP and user agent', async () => {
    const { prototype, seller } = await seededPrototype();
    const client = await signedInClient(t.db, 'admin');
    const admin = client.user;
    const res = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/approve`, undefined, { 'user-agent': 'AdminBrowser/1.0' });
    expect(res.status).toBe(200);
    // Approved is no dead end: Provide Quote is offered next (issue 14).
    expect(res.json).toMatchObject({ id: prototype.id, status: 'approved', sellerName: 'Nikola Tesla', actions: ['quote'] });
    // Approval passes the technical review: the stage moves on to commercial evaluation, and the initial review is met.
    const timeline = await t.db.prisma.prototypeTimeline.findMany({ where: { prototypeId: prototype.id }, orderBy: { id: 'asc' } });
    expect(timeline).toHaveLength(2);
    expect(timeline[0]).toMatchObject({ event: 'status_changed', performedBy: admin!.id, description: 'Status changed to approved' });
    expect(timeline[1]).toMatchObject({
      event: 'stage_changed',
      performedBy: admin!.id,
      description: 'Stage moved from initial review to commercial evaluation',
    });
    const after = await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id } });
    expect(after.stage).toBe('commercial_evaluation');
    expect(after.initialReviewMetAt).not.toBeNull();
    expect(after.feedbackMetAt).not.toBeNull();
    const notes = await t.db.prisma.notification.findMany({ where: { userId: seller.id } });
    expect(notes).toHaveLength(1);
    expect(notes[0]?.message).toContain(prototype.prototypeName);
    const audit = await t.db.prisma.userActivityLog.findFirstOrThrow({ where: { action: 'admin.prototype.approve' } });
    expect(audit).toMatchObject({
      userId: admin!.id,
      targetType: 'prototype',
      targetId: String(prototype.id),
      ipAddress: '198.51.100.7',
      userAgent: 'AdminBrowser/1.0',
    });
  });

  it('reject requires a reason with the spec message, and stores it', async () => {
    const { prototype, seller } = await seededPrototype({ status: 'under_review' });
    const client = await signedInClient(t.db, 'admin');
    for (const body of [undefined, {}, { reason: '   ' }]) {
      const bad = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/reject`, body);
      expect(bad.status).toBe(400);
      expect(bad.json.message).toContain('Please provide a reason for rejection');
    }
    const res = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/reject`, { reason: 'Efficiency claims unsupported' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'rejected', reviewerComments: 'Efficiency claims unsupported' });
    const note = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id } });
    expect(note.message).toContain('Efficiency claims unsupported');
  });

  it("refuses a transition from the wrong status with 409 and the table's message, writing nothing", async () => {
    const { prototype } = await seededPrototype({ status: 'accepted' });
    const client = await signedInClient(t.db, 'admin');
    for (const path of ['approve', 'reject', 'quote']) {
      const res = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/${path}`, { reason: 'x', atomixQuote: 10 });
      expect(res.status).toBe(409);
      expect(res.json.message).toMatch(/is not possible while the prototype is accepted/);
    }
    const accept = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/final-approve`, { status: 'accepted' });
    expect(accept.status).toBe(409);
    expect(await t.db.prisma.prototypeTimeline.count()).toBe(0);
    expect(await t.db.prisma.notification.count()).toBe(0);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: { startsWith: 'admin.' } } })).toBe(0);
  });
});

describe('quotes', () => {
  it('provide quote: amount as a number, status quoted, quoter recorded; a second quote is a 409', async () => {
    const { prototype } = await seededPrototype();
    const client = await signedInClient(t.db, 'admin');
    const admin = client.user;
    const res = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/quote`, {
      atomixQuote: 12500.5,
      quoteNotes: 'Initial offer',
      status: 'quoted',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'quoted',
      atomixQuote: 12500.5,
      quoteNotes: 'Initial offer',
      quoteProvideBy: admin!.id,
      actions: ['acceptQuote', 'rejectQuote', 'reviseQuote'],
    });
    const again = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/quote`, { atomixQuote: 1 });
    expect(again.status).toBe(409);
  });

  it('writes the quote one way: timeline, the seller\'s notification and the ledger say "$12,500.50"', async () => {
    const { prototype, seller } = await seededPrototype();
    const client = await signedInClient(t.db, 'admin');
    await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/quote`, { atomixQuote: 12500.5 });
    const timeline = await t.db.prisma.prototypeTimeline.findFirstOrThrow({ where: { prototypeId: prototype.id } });
    expect(timeline.description).toBe('Quote of $12,500.50 provided');
    const note = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id, type: 'quote_provided' } });
    expect(note.message).toBe(`You have received a quote of $12,500.50 for "${prototype.prototypeName}".`);
    await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/final-approve`, { status: 'accepted' });
    const ledger = await t.db.prisma.financialRecord.findFirstOrThrow({ where: { userId: seller.id } });
    expect(ledger.description).toBe(`Quote of $12,500.50 accepted for "${prototype.prototypeName}": payout after the $1,250.05 platform fee`);
  });

  it('says a review start as a sentence, and a rejection with its reason', async () => {
    const { prototype } = await seededPrototype();
    const { user: admin } = await signedInClient(t.db, 'admin');
    const caller = await callerAs(t.db, admin!.id);
    await caller.admin.startReview({ id: prototype.id });
    await caller.admin.reject({ id: prototype.id, reason: 'Not reproducible' });
    const timeline = await t.db.prisma.prototypeTimeline.findMany({ where: { prototypeId: prototype.id }, orderBy: { id: 'asc' } });
    expect(timeline.map((e) => e.description)).toEqual([
      'Status changed to under review',
      'Stage moved from initial review to technical evaluation',
      'Status changed to rejected. Reason: Not reproducible',
      'Stage moved from technical evaluation to closed',
    ]);
  });

  it('refuses a quote when one already exists even in an allowed status', async () => {
    const { prototype } = await seededPrototype({ status: 'under_review', atomixQuote: 300 });
    const client = await signedInClient(t.db, 'admin');
    const res = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/quote`, { atomixQuote: 1 });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('Provide Quote is not possible: a quote has already been provided');
  });

  it('answers missing, negative, non-numeric, over-precision and oversized amounts with 400', async () => {
    const { prototype } = await seededPrototype();
    const client = await signedInClient(t.db, 'admin');
    const cases: [unknown, string][] = [
      [undefined, 'Please provide quote amount'],
      ['', 'Please provide quote amount'],
      [-5, 'Amount cannot be negative'],
      ['abc', 'Amount must be a number'],
      [10.555, 'at most 2 decimal places'],
      [12345678901, 'at most 10 digits'],
      [0, 'Amount must be greater than 0'],
    ];
    for (const [atomixQuote, message] of cases) {
      const res = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/quote`, { atomixQuote });
      expect(res.status, String(atomixQuote)).toBe(400);
      expect(res.json.message).toContain(message);
    }
    const wrongStatus = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/quote`, { atomixQuote: 5, status: 'accepted' });
    expect(wrongStatus.status).toBe(400);
    expect((await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id } })).atomixQuote).toBeNull();
  });

  it('accept quote: finalAmount, one pending transaction with a 10% fee rounded half-up', async () => {
    const { prototype, seller } = await seededPrototype();
    const client = await signedInClient(t.db, 'admin');
    await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/quote`, { atomixQuote: '1234.55' });
    const res = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/final-approve`, { status: 'accepted' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'accepted', finalAmount: 1234.55 });
    const transactions = await t.db.prisma.transaction.findMany({ where: { prototypeId: prototype.id } });
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({ sellerId: seller.id, status: 'pending' });
    expect(transactions[0]!.amount.toFixed(2)).toBe('1234.55');
    expect(transactions[0]!.platformFee.toFixed(2)).toBe('123.46');
    expect(transactions[0]!.sellerPayout.toFixed(2)).toBe('1111.09');
    const again = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/final-approve`);
    expect(again.status).toBe(409);
    expect(await t.db.prisma.transaction.count()).toBe(1);
  });

  it('reject quote: rejected, no transaction; not offered without a quote', async () => {
    const { prototype } = await seededPrototype({ status: 'quoted', atomixQuote: 800 });
    const { prototype: unquoted } = await seededPrototype({ status: 'quoted', atomixQuote: null });
    const client = await signedInClient(t.db, 'admin');
    const none = await client.request('PATCH', `/api/admin/prototypes/${unquoted.id}/final-reject`);
    expect(none.status).toBe(409);
    expect(none.json.message).toBe('Reject Quote is not possible: no quote has been provided');
    const res = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/final-reject`, { status: 'rejected' });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('rejected');
    expect(await t.db.prisma.transaction.count()).toBe(0);
  });

  it('six concurrent quotes on one prototype: exactly one wins (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const { prototype } = await seededPrototype();
    const admins = await Promise.all(Array.from({ length: 6 }, () => createAdmin(t.db.prisma)));
    const callers = await Promise.all(admins.map((a) => callerAs(t.db, a.id)));
    const results = await Promise.allSettled(
      callers.map((caller, i) => caller.admin.quote({ id: prototype.id, atomixQuote: 100 + i, quoteNotes: `admin ${i}` })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(5);
    for (const r of lost) expect(r.reason.code).toBe('CONFLICT');
    expect(await t.db.prisma.prototypeTimeline.count({ where: { prototypeId: prototype.id, event: 'quote_provided' } })).toBe(1);
    expect(await t.db.prisma.prototypeTimeline.count({ where: { prototypeId: prototype.id, event: 'stage_changed' } })).toBe(1);
    expect(await t.db.prisma.quoteVersion.count({ where: { prototypeId: prototype.id } })).toBe(1);
    expect(await t.db.prisma.notification.count()).toBe(1);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.prototype.quote' } })).toBe(1);
    const stored = await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id } });
    const winner = (won[0] as PromiseFulfilledResult<{ atomixQuote: number }>).value;
    expect(stored.atomixQuote?.toNumber()).toBe(winner.atomixQuote);
  });
});

describe('review management', () => {
  it('start review, priority, assignment and reviewer comments', async () => {
    const { prototype } = await seededPrototype();
    const admin = await createAdmin(t.db.prisma);
    const caller = await callerAs(t.db, admin.id);
    expect((await caller.admin.startReview({ id: prototype.id })).status).toBe('under_review');
    await expect(caller.admin.startReview({ id: prototype.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await caller.admin.setPriority({ id: prototype.id, priority: 'high' })).priority).toBe('high');
    const assigned = await caller.admin.assign({ id: prototype.id, assignedTo: admin.id });
    expect(assigned.assignedTo).toBe(admin.id);
    const seller = await createUser(t.db.prisma);
    await expect(caller.admin.assign({ id: prototype.id, assignedTo: seller.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await caller.admin.setReviewerComments({ id: prototype.id, reviewerComments: 'Looks promising' })).reviewerComments).toBe('Looks promising');
    await expect(caller.admin.setPriority({ id: 424242, priority: 'low' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const actions = (await t.db.prisma.userActivityLog.findMany({ where: { userId: admin.id }, orderBy: { id: 'asc' } })).map((a) => a.action);
    expect(actions).toEqual([
      'admin.prototype.startReview',
      'admin.prototype.priority_changed',
      'admin.prototype.assigned',
      'admin.prototype.comments_updated',
    ]);
    const sellerCaller = await callerAs(t.db, seller.id);
    await expect(sellerCaller.admin.setPriority({ id: prototype.id, priority: 'low' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('every admin action of the table is offered by the list only where the table allows it', async () => {
    const { prototype: fresh } = await seededPrototype();
    const { prototype: quoted } = await seededPrototype({ status: 'quoted', atomixQuote: 10 });
    const caller = await callerAs(t.db, (await createAdmin(t.db.prisma)).id);
    const page = await caller.admin.prototypes({});
    const byId = new Map(page.items.map((p) => [p.id, p]));
    expect(byId.get(fresh.id)?.actions).toEqual(['startReview', 'approve', 'reject', 'quote']);
    expect(byId.get(quoted.id)?.actions).toEqual(['acceptQuote', 'rejectQuote', 'reviseQuote']);
    for (const name of byId.get(fresh.id)!.actions) expect(PROTOTYPE_ACTIONS[name].actor).toBe('admin');
  });
});
