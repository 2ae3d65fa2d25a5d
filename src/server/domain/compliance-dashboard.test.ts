// The compliance dashboard's figures (issue 32, point 6): every prototype counted under the state the
// one rule gives it, the newest listed first up to the cap (controlled items all), the open hits.
import { describe, expect, it } from 'vitest';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { useTestDatabase } from '../test/harness.ts';
import { complianceDashboard } from './compliance-dashboard.ts';
import { classify, recordScreening } from './export-control.ts';

const t = useTestDatabase();
const NOW = new Date('2026-11-26T12:00:00.000Z');
const NO = { hydrogenIsotopeSeparation: false, tritium: false, enrichment: false, reactorComponents: false, militaryOrSpace: false, eccn: null };

describe('complianceDashboard', () => {
  it('counts each state, lists the newest up to the cap but every controlled item, and counts open hits only', async () => {
    const db = t.db.prisma;
    const [officer, seller] = await Promise.all([createAdmin(db), createUser(db, { firstName: 'Sam', lastName: 'Seller' })]);
    const deps = { db, meta: { ip: null, userAgent: null }, actorId: officer.id, now: NOW };
    const make = async (name: string) => (await createPrototype(db, seller.id, { prototypeName: name })).id;
    const screen = (id: number, answers: Partial<typeof NO> & { knownClassification: 'ear99' | 'unknown' }) =>
      db.$transaction((tx) => recordScreening(tx, id, seller.id, { ...NO, ...answers }, NOW));
    const controlled = { jurisdiction: 'ear' as const, classification: '1E201', controlled: true, basis: 'counsel' as const, note: null };

    await make('Unscreened A');
    await make('Unscreened B');
    await screen(await make('Held'), { tritium: true, knownClassification: 'unknown' });
    await screen(await make('Seller says EAR99'), { knownClassification: 'ear99' });
    const c1 = await make('Controlled 1');
    const c2 = await make('Controlled 2');
    for (const id of [c1, c2]) await classify(deps, id, controlled);
    // Reclassified not controlled: the newest classification decides.
    const lifted = await make('Lifted');
    await classify(deps, lifted, controlled);
    await classify(deps, lifted, { ...controlled, classification: 'EAR99', controlled: false });
    await db.screeningHit.createMany({
      data: ['open', 'false_positive'].map((status, i) => ({
        userId: seller.id,
        screenedName: 'Sam Seller',
        nameKey: `sam seller ${i}`,
        entryKey: `list|${i}`,
        entryName: 'Listed',
        matchedName: 'Listed',
        entrySource: 'Test',
        entryCountries: 'XX',
        occasion: 'registration',
        status,
        createdAt: NOW,
      })),
    });

    const dashboard = await complianceDashboard(db, 1);
    const byState = Object.fromEntries(dashboard.states.map((g) => [g.state, { count: g.count, names: g.items.map((i) => i.prototypeName) }]));
    expect(byState).toEqual({
      unscreened: { count: 2, names: ['Unscreened B'] },
      hold: { count: 1, names: ['Held'] },
      controlled: { count: 2, names: ['Controlled 2', 'Controlled 1'] },
      not_controlled: { count: 2, names: ['Lifted'] },
    });
    expect(dashboard.states.find((g) => g.state === 'controlled')!.items[0]).toMatchObject({ classification: '1E201', sellerName: 'Sam Seller' });
    expect(dashboard.openHits).toBe(1);
  });
});
