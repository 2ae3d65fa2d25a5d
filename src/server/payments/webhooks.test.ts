// POST /api/stripe/webhook through the real Hono app: payloads signed with the stripe library's own
// test-header helper, the effects checked in the database.
import { describe, expect, it } from 'vitest';
import { auditLedger } from '../domain/ledger.ts';
import { restClient, useTestDatabase } from '../test/harness.ts';
import { createUser } from '../test/factories.ts';
import { acceptedQuote, signedWebhook, useFakeStripe, useManualPayouts } from '../test/payments-harness.ts';

const t = useTestDatabase();
const PATH = '/api/stripe/webhook';

function post(client: ReturnType<typeof restClient>, payload: string, signature?: string) {
  return client.request('POST', PATH, payload, {
    'content-type': 'application/json',
    ...(signature !== undefined ? { 'stripe-signature': signature } : {}),
  });
}

describe('Stripe webhooks', () => {
  const s = useFakeStripe();

  async function paidPayout(quote = '1000.00') {
    const account = s.fake.addAccount({ payouts_enabled: true, details_submitted: true });
    const seller = await createUser(t.db.prisma, { stripeAccountId: account.id, stripePayoutsEnabled: true });
    const accepted = await acceptedQuote(t.db, quote, seller);
    await accepted.adminCaller.payouts.pay({ id: accepted.transaction.id });
    const row = await t.db.prisma.transaction.findUniqueOrThrow({ where: { id: accepted.transaction.id } });
    return { ...accepted, account, transferId: row.stripeTransferId! };
  }

  it('refuses unsigned, wrongly signed, tampered and stale requests with 400 and records nothing', async () => {
    const client = restClient(t.db);
    const seller = await createUser(t.db.prisma, { stripeAccountId: s.fake.addAccount().id });
    const account = s.fake.updateAccount(seller.stripeAccountId!, { payouts_enabled: true, details_submitted: true });
    const payload = JSON.stringify(s.fake.event('account.updated', account));
    expect((await post(client, payload)).status).toBe(400);
    expect((await post(client, payload, 't=1,v1=deadbeef')).status).toBe(400);
    expect((await post(client, payload, signedWebhook(payload, { secret: 'whsec_someone_else' }))).status).toBe(400);
    expect((await post(client, payload.replace('"livemode":false', '"livemode":true'), signedWebhook(payload))).status).toBe(400);
    const stale = await post(client, payload, signedWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }));
    expect(stale.status).toBe(400);
    expect(stale.json.message).toContain('Timestamp outside the tolerance zone');
    expect(await t.db.prisma.stripeEvent.count()).toBe(0);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).stripePayoutsEnabled).toBe(false);
  });

  it('account.updated mirrors payouts enabled and details submitted; a redelivery is a 200 no-op', async () => {
    const client = restClient(t.db);
    const seller = await createUser(t.db.prisma, { stripeAccountId: s.fake.addAccount().id });
    const account = s.fake.updateAccount(seller.stripeAccountId!, { payouts_enabled: true, details_submitted: true });
    const payload = JSON.stringify(s.fake.event('account.updated', account, { account: account.id }));
    const first = await post(client, payload, signedWebhook(payload));
    expect(first).toMatchObject({ status: 200, json: { received: true, result: 'processed' } });
    const again = await post(client, payload, signedWebhook(payload));
    expect(again).toMatchObject({ status: 200, json: { received: true, result: 'duplicate' } });
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } });
    expect(user).toMatchObject({ stripePayoutsEnabled: true, stripeDetailsSubmitted: true });
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, type: 'payout_account_ready' } })).toBe(1);
    expect(await t.db.prisma.stripeEvent.count()).toBe(1);
  });

  it('the same event delivered twice at once is applied once (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const client = restClient(t.db);
    const { transferId, seller } = await paidPayout('200.00');
    const event = s.fake.event('transfer.reversed', s.fake.reverseTransfer(transferId));
    const payload = JSON.stringify(event);
    const results = await Promise.all([post(client, payload, signedWebhook(payload)), post(client, payload, signedWebhook(payload))]);
    expect(results.map((r) => r.json.result).sort()).toEqual(['duplicate', 'processed']);
    const reversals = await t.db.prisma.financialRecord.findMany({ where: { userId: seller.id, type: 'payout_reversed' } });
    expect(reversals).toHaveLength(1);
  });

  it('transfer.reversed: partial then full reversal credits exactly what was reversed, once', async () => {
    const client = restClient(t.db);
    const { transferId, seller, transaction } = await paidPayout('1000.00'); // payout 900.00
    const partial = s.fake.event('transfer.reversed', s.fake.reverseTransfer(transferId, 25_050));
    let payload = JSON.stringify(partial);
    expect((await post(client, payload, signedWebhook(payload))).status).toBe(200);
    let row = await t.db.prisma.transaction.findUniqueOrThrow({ where: { id: transaction.id } });
    expect(row.status).toBe('completed');
    // An update event carrying the same reversal state adds nothing.
    payload = JSON.stringify(s.fake.event('transfer.updated', s.fake.transfer(transferId)));
    expect((await post(client, payload, signedWebhook(payload))).status).toBe(200);
    const full = s.fake.event('transfer.reversed', s.fake.reverseTransfer(transferId));
    payload = JSON.stringify(full);
    expect((await post(client, payload, signedWebhook(payload))).status).toBe(200);
    row = await t.db.prisma.transaction.findUniqueOrThrow({ where: { id: transaction.id } });
    expect(row.status).toBe('reversed');
    const ledger = await t.db.prisma.financialRecord.findMany({ where: { userId: seller.id }, orderBy: { id: 'asc' } });
    expect(ledger.map((r) => [r.type, r.amount.toFixed(2), r.balance.toFixed(2)])).toEqual([
      ['payout_due', '900.00', '900.00'],
      ['payout_sent', '-900.00', '0.00'],
      ['payout_reversed', '250.50', '250.50'],
      ['payout_reversed', '649.50', '900.00'],
    ]);
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, type: 'payout_reversed' } })).toBe(2);
    expect(await auditLedger(t.db.prisma)).toEqual([]);
  });

  it('transfer.created completes a payout that a timeout left processing', async () => {
    const client = restClient(t.db);
    const account = s.fake.addAccount({ payouts_enabled: true, details_submitted: true });
    const seller = await createUser(t.db.prisma, { stripeAccountId: account.id, stripePayoutsEnabled: true });
    const { transaction, adminCaller } = await acceptedQuote(t.db, '50.00', seller);
    s.fake.failNext('POST', '/v1/transfers', { status: 500, type: 'api_error', message: 'An unknown error occurred', execute: true });
    expect((await adminCaller.payouts.pay({ id: transaction.id })).outcome.status).toBe('processing');
    const transfer = [...s.fake.transfers.values()][0]!;
    const payload = JSON.stringify(s.fake.event('transfer.created', transfer));
    expect((await post(client, payload, signedWebhook(payload))).json.result).toBe('processed');
    const row = await t.db.prisma.transaction.findUniqueOrThrow({ where: { id: transaction.id } });
    expect(row).toMatchObject({ status: 'completed', stripeTransferId: transfer.id, failureReason: null });
    const sent = await t.db.prisma.financialRecord.findMany({ where: { userId: seller.id, type: 'payout_sent' } });
    expect(sent.map((r) => r.amount.toFixed(2))).toEqual(['-45.00']);
    // A later pay click finds it completed: nothing more is sent.
    await expect(adminCaller.payouts.pay({ id: transaction.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(s.fake.requestsTo('POST', '/v1/transfers')).toHaveLength(1);
  });

  it('legacy transfer.failed fails the payout and owes the amount again; payout.failed tells the seller', async () => {
    const client = restClient(t.db);
    const { transferId, seller, transaction, account } = await paidPayout('100.00');
    let payload = JSON.stringify(s.fake.event('transfer.failed', { ...s.fake.transfer(transferId), failure_message: 'account_closed' }));
    expect((await post(client, payload, signedWebhook(payload))).json.result).toBe('processed');
    const row = await t.db.prisma.transaction.findUniqueOrThrow({ where: { id: transaction.id } });
    expect(row).toMatchObject({ status: 'failed', failureReason: 'account_closed' });
    expect((await t.db.prisma.financialRecord.findFirstOrThrow({ where: { userId: seller.id }, orderBy: { id: 'desc' } })).balance.toFixed(2)).toBe('90.00');

    payload = JSON.stringify(
      s.fake.event(
        'payout.failed',
        { id: 'po_1', object: 'payout', amount: 9000, currency: 'usd', failure_message: 'The bank account has been closed.' },
        { account: account.id },
      ),
    );
    expect((await post(client, payload, signedWebhook(payload))).json.result).toBe('processed');
    const note = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id, type: 'payout_bank_failed' } });
    expect(note.message).toContain('$90.00');
    expect(note.message).toContain('The bank account has been closed.');
    expect(await auditLedger(t.db.prisma)).toEqual([]);
  });

  it('ignores event types it does not handle (200) without recording them', async () => {
    const client = restClient(t.db);
    const payload = JSON.stringify(s.fake.event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect((await post(client, payload, signedWebhook(payload))).json).toEqual({ received: true, result: 'ignored' });
    expect(await t.db.prisma.stripeEvent.count()).toBe(0);
  });
});

describe('Stripe webhook without Stripe configured', () => {
  useManualPayouts();
  it('does not exist (404)', async () => {
    const payload = '{"id":"evt_1","object":"event","type":"account.updated","data":{"object":{}}}';
    const response = await post(restClient(t.db), payload, signedWebhook(payload));
    expect(response.status).toBe(404);
  });
});
