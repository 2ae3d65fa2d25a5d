// The ledger always adds up: a seeded random sequence of money movements (accepted quotes, Stripe
// payouts with refusals and timeouts, manual payouts, partial and full reversals, redelivered
// webhooks) through the real procedures and webhook endpoint; after every step each seller's rows
// chain (balance = previous + amount) and the balance equals what the platform owes by an
// independent integer-cent model: what was quoted, minus what actually moved in (the fake) Stripe
// and what the test itself recorded as paid by hand. The model never reads the database.
import { describe, expect, it } from 'vitest';
import { acceptedQuote, MANUAL_PAYMENTS, signedWebhook, useFakeStripe } from '../test/payments-harness.ts';
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
  /** Paid by hand (recordManual), as the test asked. */
  manualCents: number;
  /** Transfers Stripe made but answered with an error for: the app cannot know them until it pays again. */
  unheard: Set<string>;
}

describe('ledger', () => {
  const s = useFakeStripe();

  it('chains balances and serialises concurrent writers of one seller (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
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
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
    const client = restClient(t.db);

    const sellers = [];
    const accountOf = new Map<string, string>();
    for (let i = 0; i < 3; i++) {
      const account = s.fake.addAccount({ payouts_enabled: true, details_submitted: true });
      const seller = await createUser(t.db.prisma, { stripeAccountId: account.id, stripePayoutsEnabled: true });
      sellers.push(seller);
      accountOf.set(seller.id, account.id);
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
    /** Stripe's transfers for a transaction (by the metadata the app sends), as Stripe holds them. */
    function transfersOf(tx: ModelTx) {
      return [...s.fake.transfers.keys()].map((id) => s.fake.transfer(id)).filter((tr) => tr.metadata?.transaction_id === String(tx.id));
    }
    /** Net cents Stripe moved to the seller for this transaction, leaving out transfers the app has not heard of. */
    function stripeNetCents(tx: ModelTx) {
      return transfersOf(tx)
        .filter((tr) => !tx.unheard.has(tr.id))
        .reduce((sum, tr) => sum + tr.amount - tr.amount_reversed, 0);
    }
    const outstandingCents = (tx: ModelTx) => tx.payoutCents - stripeNetCents(tx) - tx.manualCents;

    for (let step = 0; step < 80; step++) {
      const op = random();
      const payable = [];
      for (const tx of model) if (['pending', 'failed', 'reversed', 'processing'].includes(await status(tx.id))) payable.push(tx);
      // Transfers the app knows of with something left to reverse.
      const reversible = model.flatMap((tx) => transfersOf(tx).filter((tr) => !tx.unheard.has(tr.id) && tr.amount > tr.amount_reversed));

      if (op < 0.3 || model.length === 0) {
        const cents = 1 + Math.floor(random() * 50_000_000);
        const quote = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const accepted = await acceptedQuote(t.db, quote, pick(sellers)!);
        adminCaller ??= accepted.adminCaller;
        manualCaller ??= await callerAs(t.db, accepted.admin.id, undefined, { payments: MANUAL_PAYMENTS });
        const fee = Math.floor((cents * 10 + 50) / 100); // 10% half-up, in integers
        model.push({ id: accepted.transaction.id, sellerId: accepted.seller.id, payoutCents: cents - fee, manualCents: 0, unheard: new Set() });
        log.push(`accept ${quote}`);
      } else if (op < 0.6 && payable.length) {
        const tx = pick(payable)!;
        const fault = random();
        const before = new Set(transfersOf(tx).map((tr) => tr.id));
        if (fault < 0.15) s.fake.availableCents = 0;
        else if (fault < 0.3) s.fake.failNext('POST', '/v1/transfers', { status: 500, type: 'api_error', message: 'boom', execute: true });
        tx.unheard.clear(); // paying again asks Stripe, so an earlier unheard transfer is found now
        const result = await adminCaller!.payouts.pay({ id: tx.id });
        s.fake.availableCents = 10_000_000_000;
        const created = transfersOf(tx).filter((tr) => !before.has(tr.id));
        for (const transfer of created) {
          expect(transfer.destination, `seed ${seed}`).toBe(accountOf.get(tx.sellerId));
          // Created, but the app heard a 500: it learns of the transfer only when it pays again.
          if (fault >= 0.15 && fault < 0.3) tx.unheard.add(transfer.id);
        }
        log.push(`pay #${tx.id}: ${result.outcome.status}`);
      } else if (op < 0.7 && payable.length) {
        const tx = pick(payable)!;
        if (tx.unheard.size === 0) {
          await manualCaller!.payouts.recordManual({ id: tx.id, method: 'bank_transfer', reference: `BT-${step}` });
          tx.manualCents += outstandingCents(tx); // paid by hand: whatever was still owed
          log.push(`manual #${tx.id}`);
        }
      } else if (op < 0.9 && reversible.length) {
        const transfer = pick(reversible)!;
        const remaining = transfer.amount - transfer.amount_reversed;
        const amount = random() < 0.5 ? remaining : 1 + Math.floor(random() * remaining);
        const payload = JSON.stringify(s.fake.event('transfer.reversed', s.fake.reverseTransfer(transfer.id, amount)));
        await deliver(payload);
        sentEvents.push(payload);
        log.push(`reverse ${transfer.metadata?.transaction_id} ${amount}`);
      } else if (sentEvents.length) {
        await deliver(pick(sentEvents)!); // Stripe redelivers: no effect
        log.push('redeliver');
      }

      const problems = await auditLedger(t.db.prisma);
      expect(problems, `seed ${seed}, after: ${log.join(' | ')}`).toEqual([]);
      for (const seller of sellers) {
        const owed = model.filter((m) => m.sellerId === seller.id).reduce((sum, m) => sum + outstandingCents(m), 0);
        const balance = await ledgerBalance(t.db.prisma, seller.id);
        expect(balance.mul(100).toNumber(), `seed ${seed}, seller ${seller.id}, after: ${log.join(' | ')}`).toBe(owed);
      }
    }
    // The run exercised every kind of movement, and a transfer the app heard of only later.
    expect(log.some((line) => line.endsWith(': processing'))).toBe(true);
    const types = await t.db.prisma.financialRecord.groupBy({ by: ['type'], _count: { _all: true } });
    expect(types.map((x) => x.type).sort()).toEqual(['payout_due', 'payout_reversed', 'payout_sent']);
  });
});
