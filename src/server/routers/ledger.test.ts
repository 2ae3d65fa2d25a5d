// The admin ledger's balances and totals (issue 34, point 12): one balance per seller, never one
// running column across sellers; totals of what was owed, sent and reversed; the seller filter.
import { describe, expect, it } from 'vitest';
import { recordLedgerEntry } from '../domain/ledger.ts';
import { createAdmin, createUser } from '../test/factories.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();

async function setUp() {
  const admin = await createAdmin(t.db.prisma);
  const sam = await createUser(t.db.prisma, { firstName: 'Sam', lastName: 'Seller' });
  const olga = await createUser(t.db.prisma, { firstName: 'Olga', lastName: 'Other' });
  const entry = (userId: string, type: 'payout_due' | 'payout_sent' | 'payout_reversed', amount: string, reference: string) =>
    t.db.prisma.$transaction((tx) => recordLedgerEntry(tx, { userId, type, amount, description: `${type} ${reference}`, reference }));
  await entry(sam.id, 'payout_due', '900.00', 'transaction:1');
  await entry(olga.id, 'payout_due', '50.00', 'transaction:2');
  await entry(sam.id, 'payout_due', '100.50', 'transaction:3');
  await entry(sam.id, 'payout_sent', '-900.00', 'transaction:1');
  await entry(sam.id, 'payout_reversed', '200.00', 'transaction:1');
  return { admin, sam, olga, caller: await callerAs(t.db, admin.id) };
}

describe('ledger.summary', () => {
  it('a balance per seller (largest first) with what was owed, sent and reversed, and the totals', async () => {
    const { sam, olga, caller } = await setUp();
    const summary = await caller.ledger.summary({});
    expect(summary.sellers).toEqual([
      expect.objectContaining({ id: sam.id, name: 'Sam Seller', balance: '300.50', due: '1000.50', sent: '900.00', reversed: '200.00' }),
      expect.objectContaining({ id: olga.id, name: 'Olga Other', balance: '50.00', due: '50.00', sent: '0.00', reversed: '0.00' }),
    ]);
    expect(summary.totals).toEqual({ due: '1050.50', sent: '900.00', reversed: '200.00', balance: '350.50', entries: 5 });
    expect(summary.moreSellers).toBe(false);
    // Each seller's balance is their last row's running balance.
    const samRows = await caller.ledger.admin({ userId: sam.id });
    expect(samRows.items[0]!.balance).toBe('300.50');
  });

  it('filters to one seller; sellers and guests without payouts.manage are refused', async () => {
    const { sam, olga, caller } = await setUp();
    const one = await caller.ledger.summary({ userId: olga.id });
    expect(one.sellers.map((s) => s.id)).toEqual([olga.id]);
    expect(one.totals).toEqual({ due: '50.00', sent: '0.00', reversed: '0.00', balance: '50.00', entries: 1 });
    await expect((await callerAs(t.db, sam.id)).ledger.summary({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('an empty ledger sums to zero', async () => {
    const admin = await createAdmin(t.db.prisma);
    const summary = await (await callerAs(t.db, admin.id)).ledger.summary({});
    expect(summary).toEqual({ totals: { due: '0.00', sent: '0.00', reversed: '0.00', balance: '0.00', entries: 0 }, sellers: [], moreSellers: false });
  });
});
