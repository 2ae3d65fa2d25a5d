// Test wiring for payouts: a fresh fake Stripe per test with the real `stripe` client pointed at it
// (host/port/protocol), or the manual mode; plus accepted quotes made through the admin procedure.
import { afterEach, beforeEach } from 'vitest';
import Stripe from 'stripe';
import type { Database } from '../db/index.ts';
import { callerAs, setTestServices } from './harness.ts';
import { createAdmin, createPrototype, createUser } from './factories.ts';
import { createStripeClient } from '../payments/config.ts';
import { FakeStripe } from './fake-stripe.ts';

export const TEST_WEBHOOK_SECRET = 'whsec_test_atomix_payouts';
export const TEST_PUBLIC_URL = 'https://atomix.test';
export const MANUAL_PAYMENTS = { stripe: null, webhookSecret: null, publicUrl: TEST_PUBLIC_URL };

export interface StripeTestOptions {
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

/** Before each test: a fake Stripe on a free port and the app configured to use it. */
export function useFakeStripe(options: StripeTestOptions = {}) {
  const holder = {} as { fake: FakeStripe; stripe: Stripe };
  beforeEach(async () => {
    holder.fake = await new FakeStripe().start();
    holder.stripe = await createStripeClient({
      secretKey: holder.fake.secretKey,
      apiBase: holder.fake.url,
      timeoutMs: options.timeoutMs ?? 5_000,
      maxNetworkRetries: options.maxNetworkRetries ?? 0,
    });
    setTestServices({ payments: { stripe: holder.stripe, webhookSecret: TEST_WEBHOOK_SECRET, publicUrl: TEST_PUBLIC_URL } });
  });
  afterEach(async () => {
    setTestServices(null);
    await holder.fake.close();
  });
  return holder;
}

/** Manual payouts: no Stripe at all (the embedded default). */
export function useManualPayouts() {
  beforeEach(() => setTestServices({ payments: MANUAL_PAYMENTS }));
  afterEach(() => setTestServices(null));
}

/** A seller with a prototype whose quote an admin accepted: one pending transaction. */
export async function acceptedQuote(db: Database, quote: string, seller?: { id: string }) {
  const admin = await createAdmin(db.prisma);
  const owner = seller ?? (await createUser(db.prisma));
  const prototype = await createPrototype(db.prisma, owner.id, { status: 'quoted', atomixQuote: quote });
  const adminCaller = await callerAs(db, admin.id);
  await adminCaller.admin.acceptQuote({ id: prototype.id });
  const transaction = await db.prisma.transaction.findUniqueOrThrow({ where: { prototypeId: prototype.id } });
  return { admin, adminCaller, seller: owner, prototype, transaction };
}

/** Signs a payload the way Stripe does, with the library's own test helper. */
export function signedWebhook(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
}
