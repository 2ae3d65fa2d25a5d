// The lifecycle after review (issue 14) through its REST paths: stage moves, Start Development,
// Mark Deployed, revised quotes and the seller's side of them, against the role / ownership /
// state matrix, with what each writes (timeline with who, notifications, audit, due dates).
import { describe, expect, it } from 'vitest';
import type { Prisma } from '~/generated/prisma/client.ts';
import { fixedClock } from '../test/services.ts';
import { DEFAULT_PASSWORD, createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, restClient, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
const NOW = new Date('2026-11-23T12:00:00.000Z');

/** Each client with its own clock (fixed at NOW unless given). */
const signedIn = <Who extends 'admin' | 'user' | null>(who: Who, clock = fixedClock(NOW)) => signedInClient(t.db, who, { services: { clock } });

async function seeded(overrides: Partial<Prisma.PrototypeUncheckedCreateInput> = {}) {
  const seller = await createUser(t.db.prisma, { firstName: 'Marie', lastName: 'Curie' });
  const prototype = await createPrototype(t.db.prisma, seller.id, overrides);
  return { seller, prototype };
}

interface PathCase {
  path: string;
  body: unknown;
  /** A prototype the action is allowed on, and what the answer then says. */
  ready: Partial<Prisma.PrototypeUncheckedCreateInput>;
  expect: Record<string, unknown>;
  /** A prototype in a state that refuses it, and the 409's message. */
  wrong: Partial<Prisma.PrototypeUncheckedCreateInput>;
  conflict: RegExp;
  /** Bodies answered 400, with part of the message. */
  bad: [unknown, string][];
}

const cases: PathCase[] = [
  {
    path: 'stage',
    body: { stage: 'technical_evaluation' },
    ready: { status: 'under_review', stage: 'initial_review' },
    expect: { status: 'under_review', stage: 'technical_evaluation' },
    wrong: { status: 'quoted', stage: 'negotiation', atomixQuote: 100 },
    conflict: /cannot be changed while the prototype is quoted/,
    bad: [
      [{}, 'Stage must be one of'],
      [{ stage: 'nowhere' }, 'Stage must be one of'],
      ['{', 'Malformed JSON body'],
    ],
  },
  {
    path: 'start-development',
    body: undefined,
    ready: { status: 'accepted', stage: 'negotiation', atomixQuote: 900, finalAmount: 900 },
    expect: { status: 'in_development', stage: 'development', actions: ['markDeployed'] },
    wrong: { status: 'quoted', stage: 'negotiation', atomixQuote: 900 },
    conflict: /^Start Development is not possible while the prototype is quoted$/,
    bad: [['{', 'Malformed JSON body']],
  },
  {
    path: 'mark-deployed',
    body: undefined,
    ready: { status: 'in_development', stage: 'development', atomixQuote: 900 },
    expect: { status: 'active', stage: 'deployment', completedAt: NOW.toISOString(), actions: [] },
    wrong: { status: 'accepted', stage: 'negotiation', atomixQuote: 900 },
    conflict: /^Mark Deployed is not possible while the prototype is accepted$/,
    bad: [['{', 'Malformed JSON body']],
  },
  {
    path: 'revise-quote',
    body: { atomixQuote: '750.25', quoteNotes: 'Revised after the lab visit' },
    ready: { status: 'quoted', stage: 'negotiation', atomixQuote: 500, sellerResponse: 'declined', sellerResponseAt: new Date() },
    expect: {
      status: 'quoted',
      stage: 'negotiation',
      atomixQuote: 750.25,
      quoteNotes: 'Revised after the lab visit',
      sellerResponse: null,
      sellerResponseAt: null,
      quotedAt: NOW.toISOString(),
      actions: ['acceptQuote', 'rejectQuote', 'reviseQuote'],
    },
    wrong: { status: 'approved', stage: 'commercial_evaluation' },
    conflict: /^Revise Quote is not possible while the prototype is approved$/,
    bad: [
      [{}, 'Please provide quote amount'],
      [{ atomixQuote: -5 }, 'Amount cannot be negative'],
      [{ atomixQuote: 10.555 }, 'at most 2 decimal places'],
      [{ atomixQuote: 0 }, 'Amount must be greater than 0'],
      [{ atomixQuote: 5, quoteNotes: 'x'.repeat(2001) }, 'at most 2000 characters'],
    ],
  },
];

describe('the lifecycle REST paths against the matrix', () => {
  for (const c of cases) {
    it(`PATCH /api/admin/prototypes/{id}/${c.path}: 401 guest, 403 seller, 404 unknown, 409 wrong state, 400 bad body, 200`, async () => {
      const { prototype } = await seeded(c.ready);
      const url = `/api/admin/prototypes/${prototype.id}/${c.path}`;
      expect((await (await signedIn(null)).request('PATCH', url, c.body)).status).toBe(401);
      const seller = await signedIn('user');
      const forbidden = await seller.request('PATCH', url, c.body);
      expect(forbidden.status).toBe(403);

      const client = await signedIn('admin');
      const admin = client.user;
      for (const id of ['999999', 'abc']) {
        const missing = await client.request('PATCH', `/api/admin/prototypes/${id}/${c.path}`, c.body);
        expect(missing.status, id).toBe(404);
      }
      for (const [body, message] of c.bad) {
        const bad = await client.request('PATCH', url, body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(bad.json.message).toContain(message);
      }
      const { prototype: wrong } = await seeded(c.wrong);
      const conflict = await client.request('PATCH', `/api/admin/prototypes/${wrong.id}/${c.path}`, c.body);
      expect(conflict.status).toBe(409);
      expect(conflict.json.message).toMatch(c.conflict);
      // Nothing was written by the refusals.
      expect(await t.db.prisma.prototypeTimeline.count()).toBe(0);
      expect(await t.db.prisma.notification.count()).toBe(0);

      const ok = await client.request('PATCH', url, c.body);
      expect(ok.status).toBe(200);
      expect(ok.json).toMatchObject({ id: prototype.id, sellerName: 'Marie Curie', ...c.expect });
      const events = await t.db.prisma.prototypeTimeline.findMany({ where: { prototypeId: prototype.id } });
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) expect(event.performedBy).toBe(admin!.id);
      expect(await t.db.prisma.notification.count({ where: { userId: prototype.sellerId } })).toBe(1);
    });
  }
});

describe('stages', () => {
  it('moving a submitted prototype out of initial review starts its review, in the timeline with who and when', async () => {
    const { prototype, seller } = await seeded();
    const client = await signedIn('admin');
    const admin = client.user;
    const res = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/stage`, { stage: 'technical_evaluation' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'under_review', stage: 'technical_evaluation' });
    const row = await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id } });
    expect(row.initialReviewMetAt?.toISOString()).toBe(NOW.toISOString());
    expect(row.feedbackMetAt).toBeNull();
    const events = await t.db.prisma.prototypeTimeline.findMany({ where: { prototypeId: prototype.id }, orderBy: { id: 'asc' } });
    expect(events.map((e) => [e.event, e.description, e.performedBy])).toEqual([
      ['status_changed', 'Status changed to under review', admin!.id],
      ['stage_changed', 'Stage moved from initial review to technical evaluation', admin!.id],
    ]);
    expect(events[1]!.metadata).toEqual({ from: 'initial_review', to: 'technical_evaluation' });
    const note = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id } });
    expect(note).toMatchObject({ type: 'prototype_stage_changed', prototypeId: prototype.id });
    const audit = await t.db.prisma.userActivityLog.findFirstOrThrow({ where: { action: 'admin.prototype.stage' } });
    expect(audit).toMatchObject({ userId: admin!.id, targetId: String(prototype.id) });
    expect(audit.details).toEqual({ from: 'initial_review', to: 'technical_evaluation', status: 'under_review' });

    // Back and forth: the due date stays met at its first time; a move is one step only.
    const later = fixedClock(new Date('2026-11-30T00:00:00Z'));
    const second = await signedIn('admin', later);
    expect((await second.request('PATCH', `/api/admin/prototypes/${prototype.id}/stage`, { stage: 'initial_review' })).status).toBe(200);
    expect((await second.request('PATCH', `/api/admin/prototypes/${prototype.id}/stage`, { stage: 'technical_evaluation' })).status).toBe(200);
    const skip = await second.request('PATCH', `/api/admin/prototypes/${prototype.id}/stage`, { stage: 'negotiation' });
    expect(skip.status).toBe(409);
    expect(skip.json.message).toBe('A prototype moves one stage forward or back at a time');
    const after = await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id } });
    expect(after.initialReviewMetAt?.toISOString()).toBe(NOW.toISOString());
    expect(after.status).toBe('under_review');
  });

  it('transitions move the stage: start review, quote into negotiation, a rejection closes; decisions meet the feedback date', async () => {
    const { prototype } = await seeded();
    const { prototype: other } = await seeded();
    const { user: admin } = await signedIn('admin');
    const caller = await callerAs(t.db, admin!.id, undefined, { clock: fixedClock(NOW) });
    expect(await caller.admin.startReview({ id: prototype.id })).toMatchObject({ stage: 'technical_evaluation' });
    let row = await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id } });
    expect(row.initialReviewMetAt?.toISOString()).toBe(NOW.toISOString());
    expect(row.feedbackMetAt).toBeNull();
    expect(await caller.admin.quote({ id: prototype.id, atomixQuote: '100', quoteNotes: null })).toMatchObject({ stage: 'negotiation' });
    row = await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id } });
    expect(row.feedbackMetAt?.toISOString()).toBe(NOW.toISOString());
    expect(await caller.admin.reject({ id: other.id, reason: 'Out of scope' })).toMatchObject({ stage: 'closed' });
    row = await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: other.id } });
    expect(row.initialReviewMetAt?.toISOString()).toBe(NOW.toISOString());
    expect(row.feedbackMetAt?.toISOString()).toBe(NOW.toISOString());
    const stageEvents = await t.db.prisma.prototypeTimeline.findMany({ where: { event: 'stage_changed' }, orderBy: { id: 'asc' } });
    expect(stageEvents.map((e) => [e.prototypeId, e.metadata, e.performedBy])).toEqual([
      [prototype.id, { from: 'initial_review', to: 'technical_evaluation' }, admin!.id],
      [prototype.id, { from: 'technical_evaluation', to: 'negotiation' }, admin!.id],
      [other.id, { from: 'initial_review', to: 'closed' }, admin!.id],
    ]);
  });

  it('approved: Provide Quote is offered and works (no dead end)', async () => {
    const { prototype } = await seeded({ status: 'approved', stage: 'commercial_evaluation' });
    const client = await signedIn('admin');
    const res = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/quote`, { atomixQuote: 2000 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'quoted', stage: 'negotiation', atomixQuote: 2000 });
  });
});

describe('negotiation that respects the seller', () => {
  it('a declined quote cannot be accepted (409) and is not offered; Reject Quote and Revise Quote are', async () => {
    const { prototype } = await seeded({ status: 'quoted', stage: 'negotiation', atomixQuote: 500, sellerResponse: 'declined', sellerResponseAt: new Date() });
    const client = await signedIn('admin');
    const list = await client.request('GET', '/api/admin/prototypes');
    expect(list.json.find((p: { id: number }) => p.id === prototype.id).actions).toEqual(['rejectQuote', 'reviseQuote']);
    const accept = await client.request('PATCH', `/api/admin/prototypes/${prototype.id}/final-approve`, { status: 'accepted' });
    expect(accept.status).toBe(409);
    expect(accept.json.message).toBe('Accept Quote is not possible: the seller declined this quote. Revise the quote or reject it');
    expect(await t.db.prisma.transaction.count()).toBe(0);
    expect((await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id } })).status).toBe('quoted');
  });

  it('quote → seller declines → revise → seller accepts the new one → Accept Quote → Start Development → Mark Deployed', async () => {
    const { prototype, seller } = await seeded({ status: 'under_review', stage: 'technical_evaluation' });
    const admin = await signedIn('admin');
    const adminUser = admin.user;
    const sellerClient = restClient(t.db, { services: { clock: fixedClock(NOW) } });
    expect((await sellerClient.request('POST', '/api/login', { email: seller.email, password: DEFAULT_PASSWORD })).status).toBe(200);
    const url = (path: string) => `/api/admin/prototypes/${prototype.id}/${path}`;

    expect((await admin.request('PATCH', url('quote'), { atomixQuote: 1000, quoteNotes: 'First offer' })).status).toBe(200);
    const declined = await sellerClient.request('POST', `/api/seller/prototypes/${prototype.id}/quote-response`, { response: 'declined', note: 'Too low' });
    expect(declined.status).toBe(200);
    expect((await admin.request('PATCH', url('final-approve'))).status).toBe(409);

    const revised = await admin.request('PATCH', url('revise-quote'), { atomixQuote: 1500, quoteNotes: 'Second offer' });
    expect(revised.status).toBe(200);
    expect(revised.json).toMatchObject({ atomixQuote: 1500, sellerResponse: null, sellerResponseNote: null });
    const note = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id, type: 'quote_revised' } });
    expect(note.message).toContain('$1,500.00');
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.prototype.reviseQuote', userId: adminUser!.id } })).toBe(1);

    // The seller sees both versions, newest first, with their answer on the first; who quoted stays internal.
    const detail = await sellerClient.request('GET', `/api/seller/prototypes/${prototype.id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.quoteVersions).toEqual([
      expect.objectContaining({ amount: 1500, notes: 'Second offer', sellerResponse: null, sellerResponseAt: null }),
      expect.objectContaining({
        amount: 1000,
        notes: 'First offer',
        sellerResponse: 'declined',
        sellerResponseNote: 'Too low',
        sellerResponseAt: NOW.toISOString(),
      }),
    ]);
    expect(JSON.stringify(detail.json.quoteVersions)).not.toContain(adminUser!.id);
    expect(detail.json.timeline.map((e: { event: string }) => e.event)).toContain('quote_revised');

    // The seller answers the new quote (a second answer to the same version is refused).
    const accepted = await sellerClient.request('POST', `/api/seller/prototypes/${prototype.id}/quote-response`, { response: 'accepted' });
    expect(accepted.status).toBe(200);
    expect((await sellerClient.request('POST', `/api/seller/prototypes/${prototype.id}/quote-response`, { response: 'declined' })).status).toBe(409);
    const versions = await t.db.prisma.quoteVersion.findMany({ where: { prototypeId: prototype.id }, orderBy: { id: 'asc' } });
    expect(versions.map((v) => [v.amount.toFixed(2), v.sellerResponse, v.quotedBy])).toEqual([
      ['1000.00', 'declined', adminUser!.id],
      ['1500.00', 'accepted', adminUser!.id],
    ]);

    const deal = await admin.request('PATCH', url('final-approve'));
    expect(deal.status).toBe(200);
    expect(deal.json).toMatchObject({ status: 'accepted', finalAmount: 1500, completedAt: null, actions: ['startDevelopment'] });
    expect((await admin.request('PATCH', url('start-development'))).json).toMatchObject({ status: 'in_development', stage: 'development' });
    expect((await admin.request('PATCH', url('mark-deployed'))).json).toMatchObject({ status: 'active', stage: 'deployment', completedAt: NOW.toISOString() });

    // The seller's Active count and list come from that real transition.
    const summary = await sellerClient.request('GET', '/api/seller/summary');
    expect(summary.json.activePrototypes).toBe(1);
    const mine = await sellerClient.request('GET', '/api/seller/prototypes');
    expect(mine.json.filter((p: { status: string }) => p.status === 'active').map((p: { id: number }) => p.id)).toEqual([prototype.id]);
    const kinds = (await t.db.prisma.notification.findMany({ where: { userId: seller.id }, orderBy: { id: 'asc' } })).map((n) => n.type);
    expect(kinds).toEqual(['quote_provided', 'quote_revised', 'quote_accepted', 'development_started', 'prototype_deployed']);
  });

  it('revise before the seller answers: the earlier version stays unanswered, the seller answers the new one', async () => {
    const { prototype, seller } = await seeded({ status: 'submitted' });
    const { user: admin } = await signedIn('admin');
    const caller = await callerAs(t.db, admin!.id);
    await caller.admin.quote({ id: prototype.id, atomixQuote: '300', quoteNotes: null });
    await caller.admin.reviseQuote({ id: prototype.id, atomixQuote: '350', quoteNotes: 'Adjusted' });
    const sellerCaller = await callerAs(t.db, seller.id);
    await sellerCaller.prototypes.respondToQuote({ id: prototype.id, response: 'accepted', note: null });
    const detail = await sellerCaller.prototypes.byId({ id: prototype.id });
    expect(detail.quoteVersions.map((v) => [v.amount, v.sellerResponse])).toEqual([
      [350, 'accepted'],
      [300, null],
    ]);
    const events = await t.db.prisma.prototypeTimeline.findMany({ where: { prototypeId: prototype.id, event: 'quote_revised' } });
    expect(events.map((e) => [e.description, e.performedBy])).toEqual([['Quote revised to $350.00', admin!.id]]);
  });
});

describe('concurrency', () => {
  it('thirty concurrent Start Development calls: exactly one 200, the rest 409 (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const { prototype } = await seeded({ status: 'accepted', stage: 'negotiation', atomixQuote: 900, finalAmount: 900 });
    const client = await signedIn('admin');
    const results = await Promise.all(Array.from({ length: 30 }, () => client.request('PATCH', `/api/admin/prototypes/${prototype.id}/start-development`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(await t.db.prisma.prototypeTimeline.count({ where: { prototypeId: prototype.id, event: 'status_changed' } })).toBe(1);
    expect(await t.db.prisma.prototypeTimeline.count({ where: { prototypeId: prototype.id, event: 'stage_changed' } })).toBe(1);
    expect(await t.db.prisma.notification.count({ where: { prototypeId: prototype.id } })).toBe(1);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.prototype.startDevelopment' } })).toBe(1);
  });

  it('two admins moving one stage at once: one wins, the other gets a 409 (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const { prototype } = await seeded({ status: 'under_review', stage: 'technical_evaluation' });
    const admins = await Promise.all([createAdmin(t.db.prisma), createAdmin(t.db.prisma)]);
    const callers = await Promise.all(admins.map((a) => callerAs(t.db, a.id)));
    const results = await Promise.allSettled([
      callers[0]!.admin.moveStage({ id: prototype.id, stage: 'commercial_evaluation' }),
      callers[1]!.admin.moveStage({ id: prototype.id, stage: 'initial_review' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(lost?.reason.code).toBe('CONFLICT');
    expect(await t.db.prisma.prototypeTimeline.count({ where: { prototypeId: prototype.id, event: 'stage_changed' } })).toBe(1);
  });
});
