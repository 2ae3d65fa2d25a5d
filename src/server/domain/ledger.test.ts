// The ledger always adds up: a seeded random sequence of money movements (accepted quotes, Stripe
// payouts with refusals and timeouts, manual payouts, partial and full reversals, redelivered
// webhooks) through the real procedures and webhook endpoint; after every step each seller's rows
// chain (balance = previous + amount) and the balance equals what an independent integer-cent
// model says the platform owes.
import { describe, expect, it } from 'vitest';
import { acceptedQuote, MANUAL_PAYMENTS, signedWebhook, useFakeStripe } from '../payments/testing/payments-harness.ts';
import { callerAs, restClient, useTestDatabase } from '../test/harness.ts';
import { createUser } from '../test/factories.ts';
import { auditLedger, ledgerBalance, recordLedgerEntry } from './ledger.ts';

const t = useTestDatabase();

/** mulberry32: small, seedable, good enough to pick operations. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface ModelTx {
  id: number;
  sellerId: string;
  payoutCents: number;
  sentCents: number;
  reversedCents: number;
  transferId: string | null;
}

describe('ledger', () => {
  const s = useFakeStripe();

  it('chains balances and serialises concurrent writers of one seller', async () => {
    const seller = await createUser(t.db.prisma);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.prisma.$transaction((tx) =>
          recordLedgerEntry(tx, { userId: seller.id, type: 'payout_due', amount: `${i + 1}.01`, description: 'x', reference: `r${i}` }),
        ),
      ),
    );
    expect(await auditLedger(t.db.prisma)).toEqual([]);
    expect((await ledgerBalance(t.db.prisma, seller.id)).toFixed(2)).toBe('210.20'); // 1 + 2 + ... + 20 = 210, plus 20 * 0.01
  });

  it('adds up after a random sequence of payout operations', { timeout: 180_000 }, async () => {
    const seed = Number(process.env.LEDGER_SEED ?? 20261122);
    const random = prng(seed);
    const pick = <T,>(items: T[]) => items[Math.floor(random() * items.length)];
    const client = restClient(t.db);

    const sellers = [];
    for (let i = 0; i < 3; i++) {
      const account = s.fake.addAccount({ payouts_enabled: true, details_submitted: true });
      sellers.push(await createUser(t.db.prisma, { stripeAccountId: account.id, stripePayoutsEnabled: true }));
    }
    const model: ModelTx[] = [];
    const sentEvents: string[] = [];
    let adminCaller: Awaited<ReturnType<typeof acceptedQuote>>['adminCaller'] | null = null;
    /** The same admin in a process without Stripe, where payouts are recorded manually. */
    let manualCaller: Awaited<ReturnType<typeof acceptedQuote>>['adminCaller'] | null = null;
    const log: string[] = [];

    async function deliver(payload: string) {
      const response = await client.request('POST', '/api/stripe/webhook', payload, { 'stripe-signature': signedWebhook(payload) });
      expect(response.status, payload).toBe(200);
    }
    async function status(id: number) {
      return (await t.db.prisma.transaction.findUniqueOrThrow({ where: { id } })).status;
    }
    async function syncSent(tx: ModelTx) {
      const row = await t.db.prisma.transaction.findUniqueOrThrow({ where: { id: tx.id } });
      if (row.status === 'completed' && tx.sentCents - tx.reversedCents < tx.payoutCents) {
        tx.sentCents += tx.payoutCents - (tx.sentCents - tx.reversedCents);
        tx.transferId = row.stripeTransferId;
      }
    }

    for (let step = 0; step < 80; step++) {
      const op = random();
      const payable = [];
      for (const tx of model) if (['pending', 'failed', 'reversed', 'processing'].includes(await status(tx.id))) payable.push(tx);
      const stripePaid = model.filter((tx) => tx.transferId && tx.sentCents - tx.reversedCents > 0);

      if (op < 0.3 || model.length === 0) {
        const cents = 1 + Math.floor(random() * 50_000_000);
        const quote = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const accepted = await acceptedQuote(t.db, quote, pick(sellers)!);
        adminCaller ??= accepted.adminCaller;
        manualCaller ??= await callerAs(t.db, accepted.admin.id, undefined, { payments: MANUAL_PAYMENTS });
        const fee = Math.floor((cents * 10 + 50) / 100); // 10% half-up, in integers
        model.push({ id: accepted.transaction.id, sellerId: accepted.seller.id, payoutCents: cents - fee, sentCents: 0, reversedCents: 0, transferId: null });
        log.push(`accept ${quote}`);
      } else if (op < 0.6 && payable.length) {
        const tx = pick(payable)!;
        const fault = random();
        if (fault < 0.15) s.fake.availableCents = 0;
        else if (fault < 0.3) s.fake.failNext('POST', '/v1/transfers', { status: 500, type: 'api_error', message: 'boom', execute: true });
        const result = await adminCaller!.payouts.pay({ id: tx.id });
        s.fake.availableCents = 10_000_000_000;
        await syncSent(tx);
        log.push(`pay #${tx.id}: ${result.outcome.status}`);
      } else if (op < 0.7 && payable.length) {
        const tx = pick(payable)!;
        if ((await status(tx.id)) !== 'processing') {
          await manualCaller!.payouts.recordManual({ id: tx.id, method: 'bank_transfer', reference: `BT-${step}` });
          tx.sentCents += tx.payoutCents - (tx.sentCents - tx.reversedCents);
          tx.transferId = null;
          log.push(`manual #${tx.id}`);
        }
      } else if (op < 0.9 && stripePaid.length) {
        const tx = pick(stripePaid)!;
        const transfer = s.fake.transfer(tx.transferId!);
        const remaining = transfer.amount - transfer.amount_reversed;
        if (remaining > 0) {
          const amount = random() < 0.5 ? remaining : 1 + Math.floor(random() * remaining);
          const payload = JSON.stringify(s.fake.event('transfer.reversed', s.fake.reverseTransfer(tx.transferId!, amount)));
          await deliver(payload);
          sentEvents.push(payload);
          tx.reversedCents += amount;
          if (amount === remaining) tx.transferId = null; // fully reversed: payable again
          log.push(`reverse #${tx.id} ${amount}`);
        }
      } else if (sentEvents.length) {
        await deliver(pick(sentEvents)!); // Stripe redelivers: no effect
        log.push('redeliver');
      }

      const problems = await auditLedger(t.db.prisma);
      expect(problems, `seed ${seed}, after: ${log.join(' | ')}`).toEqual([]);
      for (const seller of sellers) {
        const owed = model.filter((m) => m.sellerId === seller.id).reduce((sum, m) => sum + m.payoutCents - m.sentCents + m.reversedCents, 0);
        const balance = await ledgerBalance(t.db.prisma, seller.id);
        expect(balance.mul(100).toNumber(), `seed ${seed}, seller ${seller.id}, after: ${log.join(' | ')}`).toBe(owed);
      }
    }
    // The run exercised every kind of movement.
    const types = await t.db.prisma.financialRecord.groupBy({ by: ['type'], _count: { _all: true } });
    expect(types.map((x) => x.type).sort()).toEqual(['payout_due', 'payout_reversed', 'payout_sent']);
  });
});
