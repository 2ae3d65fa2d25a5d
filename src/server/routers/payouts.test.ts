// Payout procedures against a real database and, for Stripe, the real `stripe` client talking HTTP
// to a local fake Stripe that records every request.
import { describe, expect, it } from 'vitest';
import { auditLedger } from '../domain/ledger.ts';
import { acceptedQuote, TEST_PUBLIC_URL, useFakeStripe, useManualPayouts } from '../test/payments-harness.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';
import { createUser } from '../test/factories.ts';

const t = useTestDatabase();

async function ledgerOf(userId: string) {
  return t.db.prisma.financialRecord.findMany({
    where: { userId },
    orderBy: { id: 'asc' },
    select: { type: true, amount: true, balance: true, reference: true },
  });
}
const plain = (rows: Awaited<ReturnType<typeof ledgerOf>>) =>
  rows.map((r) => ({ type: r.type, amount: r.amount.toFixed(2), balance: r.balance.toFixed(2), reference: r.reference }));

describe('accepting a quote', () => {
  it('creates one pending transaction with the half-up fee split and a payout_due ledger row', async () => {
    const { transaction, seller } = await acceptedQuote(t.db, '2500.75');
    expect(transaction.status).toBe('pending');
    expect(transaction.amount.toFixed(2)).toBe('2500.75');
    expect(transaction.platformFee.toFixed(2)).toBe('250.08'); // 250.075 rounds half-up
    expect(transaction.sellerPayout.toFixed(2)).toBe('2250.67');
    expect(plain(await ledgerOf(seller.id))).toEqual([
      { type: 'payout_due', amount: '2250.67', balance: '2250.67', reference: `transaction:${transaction.id}` },
    ]);
  });
});

describe('Stripe payouts', () => {
  const s = useFakeStripe();

  async function connectedSeller(payoutsEnabled = true) {
    const account = s.fake.addAccount({ payouts_enabled: payoutsEnabled, details_submitted: payoutsEnabled });
    const seller = await createUser(t.db.prisma, { stripeAccountId: account.id, stripePayoutsEnabled: payoutsEnabled, stripeDetailsSubmitted: payoutsEnabled });
    return { seller, account };
  }

  it('pays by one transfer in integer cents with the transaction-derived idempotency key', async () => {
    const { seller, account } = await connectedSeller();
    const { transaction, adminCaller, prototype } = await acceptedQuote(t.db, '2500.75', seller);
    const result = await adminCaller.payouts.pay({ id: transaction.id });

    const creates = s.fake.requestsTo('POST', '/v1/transfers');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.idempotencyKey).toBe(`payout-tx-${transaction.id}-1`);
    expect(creates[0]!.body).toEqual({
      amount: '225067',
      currency: 'usd',
      destination: account.id,
      transfer_group: `transaction-${transaction.id}`,
      description: `Atomix Energy payout for "${prototype.prototypeName}" (transaction #${transaction.id})`,
      metadata: { transaction_id: String(transaction.id), prototype_id: String(prototype.id), attempt: '1' },
    });
    const transfer = [...s.fake.transfers.values()][0]!;
    expect(result.outcome).toEqual({ status: 'completed', transferId: transfer.id });
    expect(result.transaction).toMatchObject({ status: 'completed', stripeTransferId: transfer.id, payoutMethod: 'stripe', payoutAttempt: 1 });
    expect(result.transaction.completedAt).toBeInstanceOf(Date);

    expect(plain(await ledgerOf(seller.id))).toEqual([
      { type: 'payout_due', amount: '2250.67', balance: '2250.67', reference: `transaction:${transaction.id}` },
      { type: 'payout_sent', amount: '-2250.67', balance: '0.00', reference: transfer.id },
    ]);
    const notes = await t.db.prisma.notification.findMany({ where: { userId: seller.id, type: 'payout_completed' } });
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain('$2,250.67');
    const audit = await t.db.prisma.userActivityLog.findMany({ where: { targetType: 'transaction' }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['admin.payout.started', 'admin.payout.completed']);

    const sellerCaller = await callerAs(t.db, seller.id);
    const mine = await sellerCaller.payouts.mine();
    expect(mine).toMatchObject({ paidOut: '2250.67', owed: '0.00' });
    expect(mine.items[0]).toMatchObject({ status: 'completed', sellerPayout: '2250.67', reference: transfer.id });
    await expect(adminCaller.payouts.pay({ id: transaction.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(s.fake.requestsTo('POST', '/v1/transfers')).toHaveLength(1);
  });

  it('a double click (two concurrent pays) makes one transfer and one ledger debit (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const { seller } = await connectedSeller();
    const { transaction, adminCaller } = await acceptedQuote(t.db, '100.00', seller);
    s.fake.delayNext('POST', '/v1/transfers', 150);
    const results = await Promise.allSettled([adminCaller.payouts.pay({ id: transaction.id }), adminCaller.payouts.pay({ id: transaction.id })]);
    expect(s.fake.transfers.size).toBe(1);
    const keys = new Set(s.fake.requestsTo('POST', '/v1/transfers').map((r) => r.idempotencyKey));
    expect([...keys]).toEqual([`payout-tx-${transaction.id}-1`]);
    const row = await t.db.prisma.transaction.findUniqueOrThrow({ where: { id: transaction.id } });
    // The second call either resumed the same attempt or found the answer still unknown (409 in flight).
    expect(results.some((r) => r.status === 'fulfilled' && r.value.outcome.status === 'completed')).toBe(true);
    expect(row.status).toBe('completed');
    expect((await ledgerOf(seller.id)).filter((r) => r.type === 'payout_sent')).toHaveLength(1);
  });

  it('refuses without a connected account or before payouts are enabled, leaving the payout pending', async () => {
    const { transaction, adminCaller } = await acceptedQuote(t.db, '10.00');
    await expect(adminCaller.payouts.pay({ id: transaction.id })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'The seller has not connected a payout account yet',
    });
    const { seller } = await connectedSeller(false);
    const second = await acceptedQuote(t.db, '10.00', seller);
    await expect(second.adminCaller.payouts.pay({ id: second.transaction.id })).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect(s.fake.requests).toHaveLength(0);
    expect(await t.db.prisma.transaction.count({ where: { status: 'pending' } })).toBe(2);
  });

  it('a refusal from Stripe fails the payout (nothing moved); paying again is a new attempt with a new key', async () => {
    const { seller } = await connectedSeller();
    const { transaction, adminCaller } = await acceptedQuote(t.db, '500.00', seller);
    s.fake.availableCents = 1_000;
    const failed = await adminCaller.payouts.pay({ id: transaction.id });
    expect(failed.outcome.status).toBe('failed');
    expect(failed.transaction.status).toBe('failed');
    expect(failed.transaction.failureReason).toContain('insufficient available funds');
    expect(failed.transaction.failureReason).toContain('balance_insufficient');
    expect((await ledgerOf(seller.id)).map((r) => r.type)).toEqual(['payout_due']);
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, type: 'payout_failed' } })).toBe(1);

    s.fake.availableCents = 1_000_000;
    const paid = await adminCaller.payouts.pay({ id: transaction.id });
    expect(paid.outcome.status).toBe('completed');
    expect(s.fake.requestsTo('POST', '/v1/transfers').map((r) => r.idempotencyKey)).toEqual([`payout-tx-${transaction.id}-1`, `payout-tx-${transaction.id}-2`]);
    expect(s.fake.transfers.size).toBe(1);
    expect(await auditLedger(t.db.prisma)).toEqual([]);
  });
});

describe('Stripe payouts: timeouts and server errors', () => {
  const s = useFakeStripe({ timeoutMs: 300, maxNetworkRetries: 0 });

  async function setup(quote = '1234.56') {
    const account = s.fake.addAccount({ payouts_enabled: true, details_submitted: true });
    const seller = await createUser(t.db.prisma, { stripeAccountId: account.id, stripePayoutsEnabled: true });
    return { ...(await acceptedQuote(t.db, quote, seller)), account };
  }

  it('a timeout leaves it processing; paying again with the same key resolves it to the one transfer', async () => {
    const { transaction, adminCaller, seller } = await setup();
    const late = s.fake.holdNext('POST', '/v1/transfers'); // Stripe makes the transfer but answers too late
    const first = await adminCaller.payouts.pay({ id: transaction.id });
    expect(first.outcome.status).toBe('processing');
    expect(first.transaction.status).toBe('processing');
    expect(first.transaction.failureReason).toMatch(/did not confirm/);
    expect(s.fake.transfers.size).toBe(1);
    expect((await ledgerOf(seller.id)).map((r) => r.type)).toEqual(['payout_due']);

    // The lookup by transfer group is down too, so the create itself is asked again with the same key.
    s.fake.failNext('GET', '/v1/transfers', { status: 500, type: 'api_error', message: 'An unknown error occurred' });
    // Stripe's late answer goes out (to a client that has given up); the key is no longer in flight.
    late.release();
    await late.answered;
    const second = await adminCaller.payouts.pay({ id: transaction.id });
    const creates = s.fake.requestsTo('POST', '/v1/transfers');
    expect(creates.map((r) => [r.idempotencyKey, r.replayed])).toEqual([
      [`payout-tx-${transaction.id}-1`, false],
      [`payout-tx-${transaction.id}-1`, true],
    ]);
    const transfer = [...s.fake.transfers.values()][0]!;
    expect(second.outcome).toEqual({ status: 'completed', transferId: transfer.id });
    expect(s.fake.transfers.size).toBe(1);
    expect((await ledgerOf(seller.id)).map((r) => r.type)).toEqual(['payout_due', 'payout_sent']);
  });

  it('a 500 after Stripe made the transfer: the retry finds it by transfer group and does not pay twice', async () => {
    const { transaction, adminCaller } = await setup();
    s.fake.failNext('POST', '/v1/transfers', { status: 500, type: 'api_error', message: 'An unknown error occurred', execute: true });
    const first = await adminCaller.payouts.pay({ id: transaction.id });
    expect(first.outcome.status).toBe('processing');
    const second = await adminCaller.payouts.pay({ id: transaction.id });
    expect(second.outcome.status).toBe('completed');
    expect(s.fake.requestsTo('POST', '/v1/transfers')).toHaveLength(1);
    expect(s.fake.requestsTo('GET', '/v1/transfers')[0]!.query).toMatchObject({ transfer_group: `transaction-${transaction.id}` });
    expect(s.fake.transfers.size).toBe(1);
  });

  it('a 500 before anything happened: the retry creates the transfer once', async () => {
    const { transaction, adminCaller } = await setup();
    s.fake.failNext('POST', '/v1/transfers', { status: 503, type: 'api_error', message: 'Service unavailable' });
    expect((await adminCaller.payouts.pay({ id: transaction.id })).outcome.status).toBe('processing');
    expect(s.fake.transfers.size).toBe(0);
    expect((await adminCaller.payouts.pay({ id: transaction.id })).outcome.status).toBe('completed');
    expect(s.fake.transfers.size).toBe(1);
  });
});

describe('Stripe Connect onboarding', () => {
  const s = useFakeStripe();

  it('creates one Express account, then an onboarding link with the return and refresh routes', async () => {
    const seller = await createUser(t.db.prisma, { email: 'ada@example.test' });
    const caller = await callerAs(t.db, seller.id);
    expect(await caller.payouts.account()).toEqual({ mode: 'stripe', connected: false, payoutsEnabled: false, detailsSubmitted: false });
    const { url } = await caller.payouts.connect();
    expect(url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_/);
    const [create] = s.fake.requestsTo('POST', '/v1/accounts');
    expect(create!.body).toEqual({
      type: 'express',
      email: 'ada@example.test',
      capabilities: { transfers: { requested: 'true' } },
      metadata: { user_id: seller.id },
    });
    expect(create!.idempotencyKey).toMatch(new RegExp(`^connect-account-${seller.id}-`));
    const accountId = [...s.fake.accounts.keys()][0]!;
    expect(s.fake.requestsTo('POST', '/v1/account_links')[0]!.body).toEqual({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `${TEST_PUBLIC_URL}/payouts/connect/refresh`,
      return_url: `${TEST_PUBLIC_URL}/payouts/connect/return`,
    });
    await caller.payouts.connect(); // a refresh: a new link for the same account
    expect(s.fake.requestsTo('POST', '/v1/accounts')).toHaveLength(1);
    expect(s.fake.requestsTo('POST', '/v1/account_links')).toHaveLength(2);

    s.fake.updateAccount(accountId, { payouts_enabled: true, details_submitted: true });
    expect(await caller.payouts.refreshAccount()).toEqual({ connected: true, payoutsEnabled: true, detailsSubmitted: true });
    expect(await caller.payouts.account()).toMatchObject({ connected: true, payoutsEnabled: true });
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, type: 'payout_account_ready' } })).toBe(1);
  });

  it('only admins pay, list or total payouts; sellers see only their own transactions', async () => {
    const { seller, transaction } = await acceptedQuote(t.db, '20.00');
    const other = await acceptedQuote(t.db, '30.00');
    const caller = await callerAs(t.db, seller.id);
    await expect(caller.payouts.pay({ id: transaction.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller.payouts.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller.payouts.totals()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const mine = await caller.payouts.mine();
    expect(mine.items.map((i) => i.id)).toEqual([transaction.id]);
    expect(mine.owed).toBe('18.00');
    const guest = await callerAs(t.db, null);
    await expect(guest.payouts.mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const totals = await other.adminCaller.payouts.totals();
    expect(totals.find((x) => x.status === 'pending')).toEqual({ status: 'pending', count: 2, amount: '50.00', platformFee: '5.00', sellerPayout: '45.00' });
    await expect(other.adminCaller.payouts.recordManual({ id: transaction.id, method: 'check', reference: 'x' })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
    });
  });
});

describe('manual payouts (no Stripe keys)', () => {
  useManualPayouts();

  it('the admin records method and reference; the same ledger, status and notification follow', async () => {
    const { transaction, adminCaller, seller, admin } = await acceptedQuote(t.db, '99.99');
    await expect(adminCaller.payouts.pay({ id: transaction.id })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Stripe is not configured: payouts are recorded manually',
    });
    await expect(adminCaller.payouts.recordManual({ id: transaction.id, method: 'wire', reference: '  ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Enter the payment reference'),
    });
    const { transaction: view } = await adminCaller.payouts.recordManual({ id: transaction.id, method: 'wire', reference: 'WIRE-2026-0042' });
    expect(view).toMatchObject({
      status: 'completed',
      payoutMethod: 'wire',
      payoutReference: 'WIRE-2026-0042',
      stripeTransferId: null,
      sellerPayout: '89.99',
      platformFee: '10.00',
      processedBy: 'Admin User',
    });
    expect(plain(await ledgerOf(seller.id))).toEqual([
      { type: 'payout_due', amount: '89.99', balance: '89.99', reference: `transaction:${transaction.id}` },
      { type: 'payout_sent', amount: '-89.99', balance: '0.00', reference: 'WIRE-2026-0042' },
    ]);
    const ledgerRow = await t.db.prisma.financialRecord.findFirstOrThrow({ where: { type: 'payout_sent' } });
    expect(ledgerRow.processedBy).toBe(admin.id);
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, type: 'payout_completed' } })).toBe(1);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.payout.completed', userId: admin.id } })).toBe(1);
    await expect(adminCaller.payouts.recordManual({ id: transaction.id, method: 'wire', reference: 'again' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This payout has already been paid',
    });
    const sellerCaller = await callerAs(t.db, seller.id);
    expect(await sellerCaller.payouts.account()).toMatchObject({ mode: 'manual' });
    await expect(sellerCaller.payouts.connect()).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect((await sellerCaller.prototypes.summary()).revenue).toBe('89.99');
  });

  it('lists by status, newest first, with a cursor', async () => {
    const a = await acceptedQuote(t.db, '10.00');
    const b = await acceptedQuote(t.db, '20.00');
    const c = await acceptedQuote(t.db, '30.00');
    await a.adminCaller.payouts.recordManual({ id: b.transaction.id, method: 'check', reference: 'CHK 1' });
    const pending = await a.adminCaller.payouts.list({ status: 'pending', limit: 1 });
    expect(pending.items.map((i) => i.id)).toEqual([c.transaction.id]);
    const next = await a.adminCaller.payouts.list({ status: 'pending', limit: 1, cursor: pending.nextCursor! });
    expect(next.items.map((i) => i.id)).toEqual([a.transaction.id]);
    expect(next.nextCursor).toBeNull();
    expect(pending.prevCursor).toBeNull();
    // Back again: the page before is the first one, with nothing before it.
    const back = await a.adminCaller.payouts.list({ status: 'pending', limit: 1, cursor: next.prevCursor!, direction: 'prev' });
    expect(back.items.map((i) => i.id)).toEqual([c.transaction.id]);
    expect(back.prevCursor).toBeNull();
    expect(back.nextCursor).toBe(String(c.transaction.id));
    const all = await a.adminCaller.payouts.list({});
    expect(all.items.map((i) => i.status)).toEqual(['pending', 'completed', 'pending']);
    expect(all.items[0]!.seller).toMatchObject({ payoutAccountConnected: false, payoutsEnabled: false });
  });
});
