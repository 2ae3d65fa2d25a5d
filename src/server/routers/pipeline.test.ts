// The admin pipeline board: admins only, a column per stage with its full total and its newest
// cards (capped), filters, lead names, final scores and due badges read on the context's clock.
import { describe, expect, it } from 'vitest';
import { PROTOTYPE_STAGES } from '~/shared/prototype-stages.ts';
import { fixedClock } from '../test/services.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';
import { recordStatements } from '../test/statements.ts';

const t = useTestDatabase();
const DAY = 86_400_000;
const NOW = new Date('2026-11-23T12:00:00.000Z');

async function adminCaller(fields: { firstName?: string; lastName?: string } = {}) {
  const admin = await createAdmin(t.db.prisma, fields);
  return { admin, caller: await callerAs(t.db, admin.id, undefined, { clock: fixedClock(NOW) }) };
}

const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

describe('pipeline.board', () => {
  it('is for administrators only: 401 for a guest, 403 for a seller', async () => {
    const seller = await createUser(t.db.prisma);
    await expect((await callerAs(t.db, null)).pipeline.board()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect((await callerAs(t.db, seller.id)).pipeline.board()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('has a column for every stage, in order, with the stage totals', async () => {
    const { caller } = await adminCaller();
    const seller = await createUser(t.db.prisma);
    const stages = ['initial_review', 'initial_review', 'initial_review', 'technical_evaluation', 'negotiation', 'closed', 'closed'] as const;
    for (const stage of stages) await createPrototype(t.db.prisma, seller.id, { stage });
    const board = await caller.pipeline.board();
    expect(board.columns.map((c) => c.stage)).toEqual([...PROTOTYPE_STAGES]);
    expect(Object.fromEntries(board.columns.map((c) => [c.stage, c.total]))).toEqual({
      initial_review: 3,
      technical_evaluation: 1,
      commercial_evaluation: 0,
      negotiation: 1,
      development: 0,
      deployment: 0,
      closed: 2,
    });
    for (const column of board.columns) expect(column.cards.every((card) => card.stage === column.stage)).toBe(true);
    expect(board.now).toEqual(NOW);
  });

  it('caps each column at the newest cards, newest first, while the total counts them all', async () => {
    const { caller } = await adminCaller();
    const seller = await createUser(t.db.prisma);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await createPrototype(t.db.prisma, seller.id, { stage: 'technical_evaluation', createdAt: daysAgo(10 - i) })).id);
    }
    // Same creation time: the higher id is the newer.
    const tie = await createPrototype(t.db.prisma, seller.id, { stage: 'technical_evaluation', createdAt: daysAgo(6) });
    const board = await caller.pipeline.board({ perStage: 3 });
    const column = board.columns.find((c) => c.stage === 'technical_evaluation')!;
    expect(column.total).toBe(6);
    expect(column.cards.map((c) => c.id)).toEqual([tie.id, ids[4], ids[3]]);
    expect((await caller.pipeline.board()).columns.find((c) => c.stage === 'technical_evaluation')!.cards).toHaveLength(6);
    await expect(caller.pipeline.board({ perStage: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.pipeline.board({ perStage: 101 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('filters by energy type, priority and "mine" (the caller leads the review), in totals and cards alike', async () => {
    const { admin, caller } = await adminCaller();
    const other = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Sun', energyType: 'solar', priority: 'high', assignedTo: admin.id });
    await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Core', energyType: 'nuclear', priority: 'high', assignedTo: other.id });
    await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Wind', energyType: 'natural', priority: 'low' });
    const names = async (input: Parameters<typeof caller.pipeline.board>[0]) => {
      const board = await caller.pipeline.board(input);
      const column = board.columns.find((c) => c.stage === 'initial_review')!;
      expect(column.total).toBe(column.cards.length);
      return column.cards.map((c) => c.prototypeName).sort();
    };
    expect(await names({})).toEqual(['Core', 'Sun', 'Wind']);
    expect(await names({ energyType: 'solar' })).toEqual(['Sun']);
    expect(await names({ priority: 'high' })).toEqual(['Core', 'Sun']);
    expect(await names({ mine: true })).toEqual(['Sun']);
    expect(await names({ mine: true, priority: 'low' })).toEqual([]);
  });

  it('reads the totals and each column, and nothing more: the score mask finds its facts in the cards', async () => {
    const { admin, caller } = await adminCaller();
    const seller = await createUser(t.db.prisma);
    // One card the viewer leads without a scorecard of their own: its figures are hidden from them.
    const led = await createPrototype(t.db.prisma, seller.id, { stage: 'technical_evaluation', assignedTo: admin.id, technicalFeasibility: 70 });
    const other = await createPrototype(t.db.prisma, seller.id, { stage: 'technical_evaluation', technicalFeasibility: 55 });

    const recording = recordStatements(t.db);
    const board = await caller.pipeline.board().finally(recording.stop);

    expect(recording.count()).toBe(1 + PROTOTYPE_STAGES.length);
    const cards = board.columns.flatMap((c) => c.cards);
    expect(cards.find((c) => c.id === led.id)?.technicalFeasibility).toBeNull();
    expect(cards.find((c) => c.id === other.id)?.technicalFeasibility).toBe(55);
  });

  it("shows the lead's name, the final scores and the due badge of the stage's promise", async () => {
    const { admin, caller } = await adminCaller({ firstName: 'Lise', lastName: 'Meitner' });
    const seller = await createUser(t.db.prisma);
    const overdue = await createPrototype(t.db.prisma, seller.id, { createdAt: daysAgo(20), assignedTo: admin.id, priority: 'high' });
    const soon = await createPrototype(t.db.prisma, seller.id, { createdAt: daysAgo(13) });
    const scored = await createPrototype(t.db.prisma, seller.id, {
      stage: 'commercial_evaluation',
      createdAt: daysAgo(10),
      initialReviewMetAt: daysAgo(5),
      technicalFeasibility: 82,
      commercialViability: 64,
      trl: 6,
    });
    const decided = await createPrototype(t.db.prisma, seller.id, { stage: 'closed', createdAt: daysAgo(40), feedbackMetAt: daysAgo(2) });
    const undated = await createPrototype(t.db.prisma, seller.id, { stage: 'development', createdAt: daysAgo(40) });
    const board = await caller.pipeline.board();
    const card = (id: number) => board.columns.flatMap((c) => c.cards).find((c) => c.id === id)!;

    expect(card(overdue.id)).toMatchObject({ leadName: 'Lise Meitner', priority: 'high', due: { which: 'initial_review', state: 'overdue' } });
    expect(card(overdue.id).due!.dueAt).toEqual(daysAgo(6));
    expect(card(soon.id)).toMatchObject({ leadName: null, due: { which: 'initial_review', state: 'due_soon' } });
    expect(card(scored.id)).toMatchObject({
      technicalFeasibility: 82,
      commercialViability: 64,
      trl: 6,
      due: { which: 'feedback', state: 'open', metAt: null },
    });
    expect(card(decided.id).due).toMatchObject({ which: 'feedback', state: 'met_late' });
    expect(card(undated.id).due).toBeNull();
    // Nothing beyond the card's fields leaves the server.
    expect(Object.keys(card(scored.id)).sort()).toEqual(
      [
        'id',
        'prototypeName',
        'inventorName',
        'energyType',
        'status',
        'stage',
        'priority',
        'technicalFeasibility',
        'commercialViability',
        'trl',
        'createdAt',
        'leadName',
        'due',
      ].sort(),
    );
  });
});
