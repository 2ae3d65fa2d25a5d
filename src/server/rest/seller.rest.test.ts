// The seller's documented /api paths (spec section 7, issue 4): status codes, shapes, scoping.
import { describe, expect, it } from 'vitest';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { recordStatements, restClient, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
const body = {
  inventorName: 'Dr. Lise Meitner',
  prototypeName: 'Fusion Core',
  energyType: 'nuclear',
  description: 'Compact fusion core.',
  powerOutput: 1200,
  efficiency: 64,
  notes: 'Patent pending',
};

describe('POST /api/prototypes', () => {
  it('answers 201 with the created prototype view', async () => {
    const client = await signedInClient(t.db, 'user');
    const { user } = client;
    const res = await client.request('POST', '/api/prototypes', { ...body, sellerId: 'someone-else', status: 'active', atomixQuote: 1e6 });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      ...body,
      sellerId: user.id,
      status: 'submitted',
      stage: 'initial_review',
      priority: 'medium',
      atomixQuote: null,
    });
    // Who quoted and who leads the review are admin ids: not the seller's (ADR 0037).
    expect(res.json).not.toHaveProperty('quoteProvideBy');
    expect(res.json).not.toHaveProperty('assignedTo');
  });

  it('answers 400 with the field messages', async () => {
    const client = await signedInClient(t.db, 'user');
    const res = await client.request('POST', '/api/prototypes', { ...body, description: '', efficiency: 'high' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('description: Description is required');
    expect(res.json.message).toContain('efficiency: Efficiency must be a number');
  });

  it('answers a guest 401 {"message":"Unauthorized"}, a restricted user 403, and a banned user loses the session', async () => {
    const guest = await restClient(t.db).request('POST', '/api/prototypes', body);
    expect(guest.status).toBe(401);
    expect(guest.json).toEqual({ message: 'Unauthorized' });
    const client = await signedInClient(t.db, 'user');
    const { user } = client;
    await t.db.prisma.user.update({ where: { id: user.id }, data: { status: 'restricted', restrictedUntil: new Date(Date.now() + 86_400_000) } });
    const restricted = await client.request('POST', '/api/prototypes', body);
    expect(restricted.status).toBe(403);
    expect(restricted.json.message).toContain('restricted');
    await t.db.prisma.user.update({ where: { id: user.id }, data: { status: 'banned', banReason: 'Fraud' } });
    expect((await client.request('POST', '/api/prototypes', body)).status).toBe(401);
    expect(await t.db.prisma.prototype.count()).toBe(0);
  });
});

describe('GET /api/seller/prototypes and /api/seller/transactions', () => {
  it("return JSON arrays of only the caller's rows, newest first, in the spec's shapes", async () => {
    const client = await signedInClient(t.db, 'user');
    const { user } = client;
    const other = await createUser(t.db.prisma);
    const first = await createPrototype(t.db.prisma, user.id, { createdAt: new Date('2026-01-01T00:00:00Z') });
    const second = await createPrototype(t.db.prisma, user.id, { atomixQuote: '2500.75', status: 'quoted', createdAt: new Date('2026-01-02T00:00:00Z') });
    const foreign = await createPrototype(t.db.prisma, other.id);
    await t.db.prisma.transaction.create({
      data: {
        prototypeId: second.id,
        sellerId: user.id,
        amount: '2500.75',
        platformFee: '250.08',
        sellerPayout: '2250.67',
        status: 'completed',
        completedAt: new Date(),
      },
    });
    await t.db.prisma.transaction.create({ data: { prototypeId: foreign.id, sellerId: other.id, amount: '1', platformFee: '0', sellerPayout: '1' } });

    const prototypes = await client.request('GET', '/api/seller/prototypes');
    expect(prototypes.status).toBe(200);
    expect(prototypes.json.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
    expect(prototypes.json[0]).toMatchObject({ atomixQuote: 2500.75, prototypeName: second.prototypeName, status: 'quoted' });

    const transactions = await client.request('GET', '/api/seller/transactions');
    expect(transactions.status).toBe(200);
    expect(transactions.json).toHaveLength(1);
    expect(Object.keys(transactions.json[0]).sort()).toEqual(
      ['amount', 'completedAt', 'createdAt', 'id', 'platformFee', 'prototypeId', 'sellerPayout', 'status'].sort(),
    );
    expect(transactions.json[0]).toMatchObject({ amount: '2500.75', platformFee: '250.08', sellerPayout: '2250.67', status: 'completed' });

    const summary = await client.request('GET', '/api/seller/summary');
    expect(summary.json).toEqual({ totalPrototypes: 2, activePrototypes: 0, quotedPrototypes: 1, revenue: '2250.67' });
  });

  it('GET /api/seller/prototypes costs one query for the session and one for the list, and shows every change at the next request', async () => {
    const client = await signedInClient(t.db, 'user');
    const { user } = client;
    const prototype = await createPrototype(t.db.prisma, user.id);
    const first = await client.request('GET', '/api/seller/prototypes');
    expect(first.headers.get('content-type')).toBe('application/json');

    const statements = await recordStatements(() => client.request('GET', '/api/seller/prototypes'));
    expect(statements.result.text).toBe(first.text);
    expect(statements.texts).toHaveLength(2);
    expect(statements.texts[0]).toMatch(/"sessions".*JOIN.*"users"/s);
    expect(statements.texts[1]).toMatch(/"prototypes"/);

    // The seller's own write, then anyone's (here straight in the database): both seen at once.
    expect((await client.request('POST', '/api/prototypes', body)).status).toBe(201);
    expect((await client.request('GET', '/api/seller/prototypes')).json).toHaveLength(2);
    await t.db.pool.query("UPDATE prototypes SET status = 'under_review' WHERE id = $1", [prototype.id]);
    const afterReview = await client.request('GET', '/api/seller/prototypes');
    expect(afterReview.json.find((p: { id: number }) => p.id === prototype.id)).toMatchObject({ status: 'under_review' });
  });

  it('answer a guest 401 on every private path', async () => {
    const guest = restClient(t.db);
    for (const path of ['/api/seller/prototypes', '/api/seller/transactions', '/api/seller/summary', '/api/seller/pipeline', '/api/seller/prototypes/1']) {
      const res = await guest.request('GET', path);
      expect(res.status, path).toBe(401);
      expect(res.json, path).toEqual({ message: 'Unauthorized' });
    }
    const res = await guest.request('POST', '/api/seller/prototypes/1/quote-response', { response: 'accepted' });
    expect(res.status).toBe(401);
  });
});

describe('prototype detail and quote response', () => {
  it('GET /api/seller/prototypes/:id is 404 for another seller and for an id no prototype can have', async () => {
    const client = await signedInClient(t.db, 'user');
    const owner = await createUser(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, owner.id);
    expect((await client.request('GET', `/api/seller/prototypes/${prototype.id}`)).status).toBe(404);
    expect((await client.request('GET', '/api/seller/prototypes/abc')).status).toBe(404);
    expect((await client.request('GET', '/api/seller/prototypes/2147483648')).status).toBe(404);
  });

  it('POST /api/seller/prototypes/:id/quote-response records the answer; the id in the path wins over the body', async () => {
    const client = await signedInClient(t.db, 'user');
    const { user } = client;
    const admin = await createAdmin(t.db.prisma);
    const mine = await createPrototype(t.db.prisma, user.id, { status: 'quoted', atomixQuote: '900', quoteProvideBy: admin.id });
    const theirs = await createPrototype(t.db.prisma, (await createUser(t.db.prisma)).id, { status: 'quoted', atomixQuote: '900' });
    const res = await client.request('POST', `/api/seller/prototypes/${mine.id}/quote-response`, {
      id: theirs.id,
      response: 'declined',
      note: 'Too low',
      status: 'accepted',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: mine.id, status: 'quoted', sellerResponse: 'declined', sellerResponseNote: 'Too low' });
    expect((await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: theirs.id } })).sellerResponse).toBeNull();
    const again = await client.request('POST', `/api/seller/prototypes/${mine.id}/quote-response`, { response: 'accepted' });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: 'You have already responded to this quote' });
    const foreign = await client.request('POST', `/api/seller/prototypes/${theirs.id}/quote-response`, { response: 'accepted' });
    expect(foreign.status).toBe(404);
    const invalid = await client.request('POST', `/api/seller/prototypes/${mine.id}/quote-response`, { response: 'maybe' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toContain('Please accept or decline the quote');
  });

  it('GET /api/prototype-tracker/portfolio is public and carries counts only', async () => {
    const owner = await createUser(t.db.prisma);
    await createPrototype(t.db.prisma, owner.id, { energyType: 'quantum' });
    const res = await restClient(t.db).request('GET', '/api/prototype-tracker/portfolio');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ total: 1, byEnergyType: [{ energyType: 'quantum', count: 1 }], byStage: [{ stage: 'initial_review', count: 1 }] });
  });
});
