// The seller's procedures against a real database: ownership, mass assignment, user status,
// dashboard figures, the answer to a quote, timeline and notifications, and the public portfolio.
import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import { formatZodError } from '../trpc.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';
import { recordStatements } from '../test/statements.ts';

const t = useTestDatabase();

const submission = {
  inventorName: 'Dr. Ada Volta',
  prototypeName: 'Zero-Point Cell Mk II',
  energyType: 'zero-point',
  description: 'A vacuum-fluctuation harvesting cell.',
  powerOutput: '250',
  efficiency: '87',
  notes: '',
} as const;

async function error(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (e) {
    return e as { code: string; message: string };
  }
  throw new Error('expected the call to fail');
}

describe('prototypes.create', () => {
  it('stores the prototype for the caller with the default status, stage and priority', async () => {
    const seller = await createUser(t.db.prisma);
    const admin = await createAdmin(t.db.prisma);
    const created = await (await callerAs(t.db, seller.id)).prototypes.create(submission);
    expect(created).toMatchObject({
      sellerId: seller.id,
      prototypeName: 'Zero-Point Cell Mk II',
      energyType: 'zero-point',
      powerOutput: 250,
      efficiency: 87,
      notes: null,
      status: 'submitted',
      stage: 'initial_review',
      priority: 'medium',
      atomixQuote: null,
    });
    const timeline = await t.db.prisma.prototypeTimeline.findMany({ where: { prototypeId: created.id } });
    expect(timeline).toMatchObject([{ event: 'submitted', performedBy: seller.id }]);
    const notes = await t.db.prisma.notification.findMany({ where: { prototypeId: created.id } });
    expect(notes.map((n) => n.userId)).toEqual([admin.id]);
  });

  it('ignores admin-owned fields and another seller id in the input (mass assignment)', async () => {
    const seller = await createUser(t.db.prisma);
    const other = await createUser(t.db.prisma);
    const caller = await callerAs(t.db, seller.id);
    const created = await caller.prototypes.create({
      ...submission,
      sellerId: other.id,
      status: 'accepted',
      stage: 'deployment',
      priority: 'high',
      atomixQuote: 999999,
      finalAmount: 5,
      quoteProvideBy: other.id,
      id: 4242,
    } as never);
    const stored = await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored).toMatchObject({
      sellerId: seller.id,
      status: 'submitted',
      stage: 'initial_review',
      priority: 'medium',
      atomixQuote: null,
      finalAmount: null,
      quoteProvideBy: null,
    });
    expect(stored.id).not.toBe(4242);
  });

  it('validates with clear per-field messages', async () => {
    const seller = await createUser(t.db.prisma);
    const caller = await callerAs(t.db, seller.id);
    const e = await error(caller.prototypes.create({ ...submission, prototypeName: ' ', energyType: 'coal' as never, efficiency: '140', powerOutput: 'lots' }));
    expect(e.code).toBe('BAD_REQUEST');
    const message = formatZodError((e as unknown as { cause: ZodError }).cause);
    expect(message).toContain('prototypeName: Prototype name is required');
    expect(message).toContain('energyType: Please choose an energy type');
    expect(message).toContain('efficiency: Efficiency must be between 0 and 100%');
    expect(message).toContain('powerOutput: Power output must be a number');
    expect(await t.db.prisma.prototype.count()).toBe(0);
  });

  it('refuses guests (401), banned users and users restricted until a future time (403)', async () => {
    expect((await error((await callerAs(t.db, null)).prototypes.create(submission))).code).toBe('UNAUTHORIZED');
    const banned = await createUser(t.db.prisma, { status: 'banned', banReason: 'Spam' });
    const bannedError = await error((await callerAs(t.db, banned.id)).prototypes.create(submission));
    expect(bannedError.code).toBe('FORBIDDEN');
    expect(bannedError.message).toContain('banned: Spam');
    const restricted = await createUser(t.db.prisma, { status: 'restricted', restrictedUntil: new Date(Date.now() + 3_600_000) });
    const restrictedError = await error((await callerAs(t.db, restricted.id)).prototypes.create(submission));
    expect(restrictedError.code).toBe('FORBIDDEN');
    expect(restrictedError.message).toMatch(/restricted until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const indefinitely = await createUser(t.db.prisma, { status: 'restricted' });
    expect((await error((await callerAs(t.db, indefinitely.id)).prototypes.create(submission))).code).toBe('FORBIDDEN');
    expect(await t.db.prisma.prototype.count()).toBe(0);
  });

  it('lets a user whose restriction has passed submit', async () => {
    const user = await createUser(t.db.prisma, { status: 'restricted', restrictedUntil: new Date(Date.now() - 60_000) });
    const created = await (await callerAs(t.db, user.id)).prototypes.create(submission);
    expect(created.status).toBe('submitted');
  });
});

describe('seller lists and dashboard figures', () => {
  it("returns only the caller's prototypes and transactions, newest first, quote as a number and payouts as strings", async () => {
    const seller = await createUser(t.db.prisma);
    const other = await createUser(t.db.prisma);
    const older = await createPrototype(t.db.prisma, seller.id, { createdAt: new Date('2026-01-01T00:00:00Z') });
    const newer = await createPrototype(t.db.prisma, seller.id, {
      atomixQuote: '12500.50',
      status: 'quoted',
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    const foreign = await createPrototype(t.db.prisma, other.id);
    await t.db.prisma.transaction.createMany({
      data: [
        {
          prototypeId: older.id,
          sellerId: seller.id,
          amount: '100.10',
          platformFee: '10.01',
          sellerPayout: '90.09',
          createdAt: new Date('2026-03-01T00:00:00Z'),
        },
        { prototypeId: newer.id, sellerId: seller.id, amount: '0.30', platformFee: '0.10', sellerPayout: '0.20', createdAt: new Date('2026-04-01T00:00:00Z') },
        { prototypeId: foreign.id, sellerId: other.id, amount: '5000', platformFee: '500', sellerPayout: '4500' },
      ],
    });
    const caller = await callerAs(t.db, seller.id);
    const mine = await caller.prototypes.mine();
    expect(mine.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(mine[0]?.atomixQuote).toBe(12500.5);
    const transactions = await caller.prototypes.transactions();
    expect(transactions).toHaveLength(2);
    expect(transactions[0]).toMatchObject({ prototypeId: newer.id, amount: '0.30', platformFee: '0.10', sellerPayout: '0.20', status: 'pending' });
    expect(transactions[1]?.sellerPayout).toBe('90.09');
  });

  it('counts total, active and quoted (quote above 0) and sums payouts in the database, decimal-safe', async () => {
    const seller = await createUser(t.db.prisma);
    const p1 = await createPrototype(t.db.prisma, seller.id, { status: 'active' });
    const p2 = await createPrototype(t.db.prisma, seller.id, { atomixQuote: '0' });
    const p3 = await createPrototype(t.db.prisma, seller.id, { atomixQuote: '0.01', status: 'quoted' });
    const other = await createUser(t.db.prisma);
    await createPrototype(t.db.prisma, other.id, { status: 'active', atomixQuote: '5' });
    // 0.10 + 0.20 must be exactly 0.30, not 0.30000000000000004.
    await t.db.prisma.transaction.createMany({
      data: [
        { prototypeId: p1.id, sellerId: seller.id, amount: '1', platformFee: '0.9', sellerPayout: '0.10', status: 'completed' },
        { prototypeId: p2.id, sellerId: seller.id, amount: '1', platformFee: '0.8', sellerPayout: '0.20', status: 'completed' },
        // Not paid yet, so not revenue.
        { prototypeId: p3.id, sellerId: seller.id, amount: '70', platformFee: '7', sellerPayout: '63', status: 'pending' },
      ],
    });
    const summary = await (await callerAs(t.db, seller.id)).prototypes.summary();
    expect(summary).toEqual({ totalPrototypes: 3, activePrototypes: 1, quotedPrototypes: 1, revenue: '0.30' });
    const empty = await (await callerAs(t.db, other.id)).prototypes.summary();
    expect(empty.revenue).toBe('0.00');
  });

  it('the dashboard answers what mine, transactions and summary answer, in one statement', async () => {
    const seller = await createUser(t.db.prisma);
    const quoted = await createPrototype(t.db.prisma, seller.id, { atomixQuote: '250.50', status: 'quoted' });
    const active = await createPrototype(t.db.prisma, seller.id, { status: 'active' });
    await t.db.prisma.infoRequest.create({ data: { prototypeId: active.id, askedBy: (await createAdmin(t.db.prisma)).id, question: 'Which fuel?' } });
    await t.db.prisma.transaction.createMany({
      data: [
        { prototypeId: active.id, sellerId: seller.id, amount: '10.10', platformFee: '1', sellerPayout: '9.10', status: 'completed' },
        { prototypeId: quoted.id, sellerId: seller.id, amount: '5', platformFee: '0.5', sellerPayout: '4.50', status: 'pending' },
      ],
    });
    const caller = await callerAs(t.db, seller.id);

    const recording = recordStatements(t.db);
    const dashboard = await caller.prototypes.dashboard().finally(recording.stop);

    expect(recording.count()).toBe(1);
    expect(dashboard).toEqual({
      prototypes: await caller.prototypes.mine(),
      transactions: await caller.prototypes.transactions(),
      summary: await caller.prototypes.summary(),
    });
    expect(dashboard.summary).toEqual({ totalPrototypes: 2, activePrototypes: 1, quotedPrototypes: 1, revenue: '9.10' });
    expect(dashboard.prototypes.map((p) => [p.id, p.openInfoRequests])).toEqual([
      [active.id, 1],
      [quoted.id, 0],
    ]);
    expect(dashboard.transactions).toHaveLength(2);
    // Another seller's dashboard holds none of it.
    const other = await (await callerAs(t.db, (await createUser(t.db.prisma)).id)).prototypes.dashboard();
    expect(other).toEqual({ prototypes: [], transactions: [], summary: { totalPrototypes: 0, activePrototypes: 0, quotedPrototypes: 0, revenue: '0.00' } });
  });
});

describe('prototypes.byId', () => {
  it('shows the seller every field, documents (without storage keys) and the timeline', async () => {
    const seller = await createUser(t.db.prisma);
    const caller = await callerAs(t.db, seller.id);
    const created = await caller.prototypes.create(submission);
    await t.db.prisma.prototypeDocument.create({
      data: { prototypeId: created.id, fileName: 'spec.pdf', fileType: 'application/pdf', fileSize: 10, storageKey: 'prototypes/1/abc' },
    });
    const detail = await caller.prototypes.byId({ id: created.id });
    expect(detail.documents).toEqual([expect.objectContaining({ fileName: 'spec.pdf', fileSize: 10 })]);
    expect(detail.documents[0]).not.toHaveProperty('storageKey');
    expect(detail.timeline[0]).toMatchObject({ event: 'submitted', performedBy: seller.id, performer: { role: 'user' } });
  });

  it('answers another seller with 404 and lets an admin look', async () => {
    const seller = await createUser(t.db.prisma);
    const other = await createUser(t.db.prisma);
    const admin = await createAdmin(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id);
    const e = await error((await callerAs(t.db, other.id)).prototypes.byId({ id: prototype.id }));
    expect(e).toMatchObject({ code: 'NOT_FOUND', message: 'Prototype not found' });
    expect((await (await callerAs(t.db, admin.id)).prototypes.byId({ id: prototype.id })).id).toBe(prototype.id);
    expect((await error((await callerAs(t.db, null)).prototypes.byId({ id: prototype.id }))).code).toBe('UNAUTHORIZED');
  });
});

describe('prototypes.respondToQuote', () => {
  async function quoted(overrides = {}) {
    const seller = await createUser(t.db.prisma);
    const admins = [await createAdmin(t.db.prisma), await createAdmin(t.db.prisma)];
    const prototype = await createPrototype(t.db.prisma, seller.id, {
      status: 'quoted',
      atomixQuote: '48000.00',
      quoteProvideBy: admins[0]!.id,
      ...overrides,
    });
    return { seller, admins, prototype, caller: await callerAs(t.db, seller.id) };
  }

  it('records the answer, keeps the status, and writes a timeline row and a notification per admin', async () => {
    const { seller, admins, prototype, caller } = await quoted();
    const result = await caller.prototypes.respondToQuote({ id: prototype.id, response: 'accepted', note: ' Happy to proceed ' });
    expect(result).toMatchObject({ status: 'quoted', sellerResponse: 'accepted', sellerResponseNote: 'Happy to proceed', atomixQuote: 48000 });
    expect(result.sellerResponseAt).toBeInstanceOf(Date);
    const events = await t.db.prisma.prototypeTimeline.findMany({ where: { prototypeId: prototype.id } });
    expect(events).toMatchObject([{ event: 'quote_response', performedBy: seller.id, description: 'Seller accepted the quote of $48,000.00' }]);
    const notes = await t.db.prisma.notification.findMany({ where: { prototypeId: prototype.id }, orderBy: { userId: 'asc' } });
    expect(notes.map((n) => n.userId).sort()).toEqual(admins.map((a) => a.id).sort());
    expect(notes[0]?.message).toContain('Happy to proceed');
  });

  it('refuses a second answer with 409 and leaves the first', async () => {
    const { prototype, caller } = await quoted();
    await caller.prototypes.respondToQuote({ id: prototype.id, response: 'declined' });
    const e = await error(caller.prototypes.respondToQuote({ id: prototype.id, response: 'accepted' }));
    expect(e).toMatchObject({ code: 'CONFLICT', message: 'You have already responded to this quote' });
    expect((await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id } })).sellerResponse).toBe('declined');
    expect(await t.db.prisma.prototypeTimeline.count()).toBe(1);
  });

  it('lets only one of two simultaneous answers win (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const { prototype, caller } = await quoted();
    const results = await Promise.allSettled([
      caller.prototypes.respondToQuote({ id: prototype.id, response: 'accepted' }),
      caller.prototypes.respondToQuote({ id: prototype.id, response: 'declined' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await t.db.prisma.prototypeTimeline.count({ where: { event: 'quote_response' } })).toBe(1);
  });

  it("answers 409 when the prototype is not quoted or has no quote, with the workflow's words", async () => {
    const notQuoted = await quoted({ status: 'submitted', atomixQuote: null });
    const e1 = await error(notQuoted.caller.prototypes.respondToQuote({ id: notQuoted.prototype.id, response: 'accepted' }));
    expect(e1).toMatchObject({ code: 'CONFLICT', message: 'Respond to Quote is not possible while the prototype is submitted' });
    const zero = await quoted({ atomixQuote: '0' });
    const e2 = await error(zero.caller.prototypes.respondToQuote({ id: zero.prototype.id, response: 'accepted' }));
    expect(e2).toMatchObject({ code: 'CONFLICT', message: 'Respond to Quote is not possible: no quote has been provided' });
  });

  it('answers 404 to another seller, an admin and a guest, and changes nothing', async () => {
    const { prototype } = await quoted();
    const other = await createUser(t.db.prisma);
    const admin = await createAdmin(t.db.prisma);
    for (const caller of [await callerAs(t.db, other.id), await callerAs(t.db, admin.id)]) {
      expect((await error(caller.prototypes.respondToQuote({ id: prototype.id, response: 'accepted' }))).code).toBe('NOT_FOUND');
    }
    expect((await error((await callerAs(t.db, null)).prototypes.respondToQuote({ id: prototype.id, response: 'accepted' }))).code).toBe('UNAUTHORIZED');
    expect((await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id } })).sellerResponse).toBeNull();
  });
});

describe('tracker', () => {
  it('gives a seller the pipeline of their own prototypes only', async () => {
    const seller = await createUser(t.db.prisma);
    const other = await createUser(t.db.prisma);
    const caller = await callerAs(t.db, seller.id);
    const mine = await caller.prototypes.create(submission);
    await (await callerAs(t.db, other.id)).prototypes.create(submission);
    const pipeline = await caller.prototypes.pipeline();
    expect(pipeline.map((p) => p.id)).toEqual([mine.id]);
    expect(pipeline[0]?.timeline.map((e) => e.event)).toEqual(['submitted']);
  });

  it('gives anyone counts per energy type and stage, and nothing confidential', async () => {
    const seller = await createUser(t.db.prisma);
    await createPrototype(t.db.prisma, seller.id, { energyType: 'solar', prototypeName: 'Secret Sun' });
    await createPrototype(t.db.prisma, seller.id, { energyType: 'solar', stage: 'negotiation' });
    await createPrototype(t.db.prisma, seller.id, { energyType: 'nuclear', atomixQuote: '1000' });
    const portfolio = await (await callerAs(t.db, null)).prototypes.portfolio();
    expect(portfolio).toEqual({
      total: 3,
      byEnergyType: [
        { energyType: 'nuclear', count: 1 },
        { energyType: 'solar', count: 2 },
      ],
      byStage: [
        { stage: 'initial_review', count: 2 },
        { stage: 'negotiation', count: 1 },
      ],
    });
    const text = JSON.stringify(portfolio);
    expect(text).not.toContain('Secret Sun');
    expect(text).not.toContain(seller.id);
    expect(text).not.toContain('1000');
  });
});
