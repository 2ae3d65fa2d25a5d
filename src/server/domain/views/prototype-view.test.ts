// The seller's list in hand-written SQL (sellerPrototypes) must read exactly what Prisma would.
import { describe, expect, it } from 'vitest';
import { createPrototype, createUser } from '../../test/factories.ts';
import { useTestDatabase } from '../../test/harness.ts';
import { prototypeSelect, sellerPrototypes, toPrototypeView } from './prototype-view.ts';

const t = useTestDatabase();

describe('sellerPrototypes', () => {
  it('is the seller’s own prototypes, newest first, in the shared view with open information requests, as Prisma reads them', async () => {
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

    const viaPrisma = await db.prototype.findMany({
      where: { sellerId: seller.id },
      select: { ...prototypeSelect, _count: { select: { infoRequests: { where: { answeredAt: null } } } } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    const expected = viaPrisma.map(({ _count, ...row }) => ({ ...toPrototypeView(row), openInfoRequests: _count.infoRequests }));
    const list = await sellerPrototypes(db, seller.id);
    expect(list).toEqual(expected);
    expect(list.map((p) => p.id)).toEqual([newest.id, quoted.id, plain.id]);
    expect(list[1]).toMatchObject({ atomixQuote: 48000.5, finalAmount: 0.1, openInfoRequests: 2, sellerResponse: 'declined' });
    expect(list[2]).toMatchObject({ atomixQuote: null, powerOutput: null, openInfoRequests: 0 });
    expect(await sellerPrototypes(db, (await createUser(db)).id)).toEqual([]);
  });
});
