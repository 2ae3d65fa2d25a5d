// The ledger on screen over REST (issue 15, point 7): admins with payouts.manage read every seller's
// rows with filters, each seller reads only their own statement; running balances and CSV.
import { describe, expect, it } from 'vitest';
import { recordLedgerEntry } from '../domain/ledger.ts';
import { createAdmin, createUser } from '../test/factories.ts';
import { callerAs, restClient, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();

async function setUp() {
  const admin = await createAdmin(t.db.prisma, { firstName: 'Dana', lastName: 'Kowalski' });
  const seller = await createUser(t.db.prisma, { firstName: 'Sam', lastName: 'Seller' });
  const other = await createUser(t.db.prisma, { firstName: 'Olga', lastName: 'Other' });
  const entry = (userId: string, type: 'payout_due' | 'payout_sent', amount: string, reference: string) =>
    t.db.prisma.$transaction((tx) => recordLedgerEntry(tx, { userId, type, amount, description: `${type} ${reference}`, reference }));
  await entry(seller.id, 'payout_due', '900.00', 'transaction:1');
  await entry(other.id, 'payout_due', '50.00', 'transaction:2');
  await entry(seller.id, 'payout_due', '100.50', 'transaction:3');
  await entry(seller.id, 'payout_sent', '-900.00', 'transaction:1');
  return { admin, seller, other, adminClient: await signedInClient(t.db, admin), sellerClient: await signedInClient(t.db, seller) };
}

describe('GET /api/admin/financial-records', () => {
  it('newest first with the running balance; filters by seller and type; 401 guest, 403 seller, 400 bad filters', async () => {
    const { seller, adminClient, sellerClient } = await setUp();
    const all = await adminClient.request('GET', '/api/admin/financial-records');
    expect(all.status).toBe(200);
    expect(all.json.map((r: { amount: string }) => r.amount)).toEqual(['-900.00', '100.50', '50.00', '900.00']);
    const mine = await adminClient.request('GET', `/api/admin/financial-records?userId=${seller.id}`);
    expect(mine.json.map((r: { balance: string }) => r.balance)).toEqual(['100.50', '1000.50', '900.00']);
    expect(mine.json[0]).toMatchObject({ type: 'payout_sent', seller: { id: seller.id, name: 'Sam Seller' }, reference: 'transaction:1' });
    const sent = await adminClient.request('GET', '/api/admin/financial-records?type=payout_sent');
    expect(sent.json).toHaveLength(1);
    expect((await restClient(t.db).request('GET', '/api/admin/financial-records')).status).toBe(401);
    expect((await sellerClient.request('GET', '/api/admin/financial-records')).status).toBe(403);
    for (const query of ['userId=nope', 'type=gift', 'limit=0']) {
      const res = await adminClient.request('GET', `/api/admin/financial-records?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.message).toBeTruthy();
    }
  });

  it('403 naming the capability for an admin without payouts.manage', async () => {
    const { admin } = await setUp();
    const narrowed = await createAdmin(t.db.prisma, { firstName: 'Nora' });
    await t.db.prisma.userPermission.create({
      data: { userId: narrowed.id, permission: 'payouts.manage', granted: false, grantedBy: admin.id, reason: 'Separation of duties' },
    });
    const res = await (await signedInClient(t.db, narrowed)).request('GET', '/api/admin/financial-records');
    expect(res.status).toBe(403);
    expect(res.json.message).toContain('payouts.manage');
  });
});

describe('GET /api/seller/financial-records', () => {
  it('only the caller’s rows, whatever they ask; 401 guest', async () => {
    const { other, sellerClient } = await setUp();
    const res = await sellerClient.request('GET', `/api/seller/financial-records?userId=${other.id}`);
    expect(res.status).toBe(200);
    expect(res.json.map((r: { balance: string }) => r.balance)).toEqual(['100.50', '1000.50', '900.00']);
    expect(res.json[0]).not.toHaveProperty('seller');
    expect((await restClient(t.db).request('GET', '/api/seller/financial-records')).status).toBe(401);
  });
});

describe('CSV', () => {
  it('the statement and the filtered ledger, oldest first, with labels and signed amounts; both audited', async () => {
    const { admin, seller } = await setUp();
    const statement = await (await callerAs(t.db, seller.id)).ledger.mineCsv();
    expect(statement.split('\r\n').filter(Boolean)).toEqual([
      'Date,Type,Description,Reference,Amount,Balance',
      expect.stringMatching(/,Payout due,payout_due transaction:1,transaction:1,900.00,900.00$/),
      expect.stringMatching(/,Payout due,payout_due transaction:3,transaction:3,100.50,1000.50$/),
      expect.stringMatching(/,Payout sent,payout_sent transaction:1,transaction:1,-900.00,100.50$/),
    ]);
    const ledger = await (await callerAs(t.db, admin.id)).ledger.adminCsv({ type: 'payout_due' });
    const lines = ledger.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Seller,Seller email,Date,Type,Description,Reference,Amount,Balance');
    expect(lines).toHaveLength(4);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: { in: ['ledger.export', 'admin.export.ledger'] } } })).toBe(2);
  });
});
