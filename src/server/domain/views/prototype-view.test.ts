// The seller's own list: their prototypes only, newest first, in the shared view, with the count of
// information requests still waiting for an answer.
import { describe, expect, it } from 'vitest';
import { createPrototype, createUser } from '../../test/factories.ts';
import { useTestDatabase } from '../../test/harness.ts';
import { sellerPrototypes } from './prototype-view.ts';

const t = useTestDatabase();

describe('sellerPrototypes', () => {
  it('is the seller’s own prototypes, newest first, in the shared view with open information requests', async () => {
    const db = t.db.prisma;
    const seller = await createUser(db);
    const other = await createUser(db);
    const sameTime = new Date('2026-05-01T10:00:00.000Z');
    const plain = await createPrototype(db, seller.id, { createdAt: sameTime, powerOutput: null, efficiency: null });
    const quoted = await createPrototype(db, seller.id, {
      createdAt: sameTime,
      status: 'quoted',
      stage: 'negotiation',
      priority: 'high',
      atomixQuote: '48000.50',
      quoteNotes: 'Includes pilot costs',
      quotedAt: new Date('2026-05-02T09:30:00.123Z'),
      sellerResponse: 'declined',
      sellerResponseNote: 'Could you do 50,000?',
      sellerResponseAt: new Date('2026-05-03T08:00:00.000Z'),
      finalAmount: '0.10',
      notes: 'note',
      reviewerComments: 'promising',
      assignedTo: other.id,
    });
    const newest = await createPrototype(db, seller.id, { createdAt: new Date('2026-06-01T00:00:00.000Z') });
    await createPrototype(db, other.id);
    await db.infoRequest.createMany({
      data: [
        { prototypeId: quoted.id, question: 'Which alloy?' },
        { prototypeId: quoted.id, question: 'What load?' },
        { prototypeId: quoted.id, question: 'Answered', answer: 'Yes', answeredAt: new Date() },
        { prototypeId: plain.id, question: 'Answered', answer: 'Yes', answeredAt: new Date() },
      ],
    });

    const list = await sellerPrototypes(db, seller.id);
    // Same creation time: the later id first.
    expect(list.map((p) => p.id)).toEqual([newest.id, quoted.id, plain.id]);
    expect(list[1]).toEqual({
      id: quoted.id,
      sellerId: seller.id,
      prototypeName: quoted.prototypeName,
      inventorName: quoted.inventorName,
      energyType: quoted.energyType,
      description: quoted.description,
      status: 'quoted',
      stage: 'negotiation',
      priority: 'high',
      powerOutput: quoted.powerOutput,
      efficiency: quoted.efficiency,
      notes: 'note',
      atomixQuote: 48000.5,
      quoteNotes: 'Includes pilot costs',
      quotedAt: new Date('2026-05-02T09:30:00.123Z'),
      sellerResponse: 'declined',
      sellerResponseNote: 'Could you do 50,000?',
      sellerResponseAt: new Date('2026-05-03T08:00:00.000Z'),
      finalAmount: 0.1,
      reviewerComments: 'promising',
      completedAt: null,
      createdAt: sameTime,
      updatedAt: expect.any(Date),
      openInfoRequests: 2,
      // Not screened for export control yet: the seller is asked to answer (ADR 0050).
      exportScreening: 'action_needed',
    });
    expect(list[2]).toMatchObject({ atomixQuote: null, finalAmount: null, powerOutput: null, openInfoRequests: 0 });
    expect(await sellerPrototypes(db, (await createUser(db)).id)).toEqual([]);
  });

  it('shows a change made anywhere (another instance, psql) at the next read', async () => {
    const db = t.db.prisma;
    const seller = await createUser(db);
    const prototype = await createPrototype(db, seller.id);
    expect((await sellerPrototypes(db, seller.id))[0]).toMatchObject({ prototypeName: prototype.prototypeName, openInfoRequests: 0 });
    await t.db.pool.query('UPDATE prototypes SET prototype_name = $1 WHERE id = $2', ['Changed behind the app', prototype.id]);
    await db.infoRequest.create({ data: { prototypeId: prototype.id, question: 'Which alloy?' } });
    expect((await sellerPrototypes(db, seller.id))[0]).toMatchObject({ prototypeName: 'Changed behind the app', openInfoRequests: 1 });
  });
});
