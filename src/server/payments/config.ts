// How payouts are made in this process: through Stripe Connect when STRIPE_SECRET_KEY is set,
// otherwise recorded manually by an admin. Built once from the environment (services.ts) and reached
// through ctx.payments; tests pass their own.
import type Stripe from 'stripe';
import type { Env } from '../env.ts';
import { loadStripeSdk } from './stripe-sdk.ts';

export interface PaymentsConfig {
  /** null: manual payouts (no Stripe keys). */
  stripe: Stripe | null;
  webhookSecret: string | null;
  /** The site's public origin, for the Connect onboarding return and refresh links. */
  publicUrl: string;
}

export interface StripeClientOptions {
  secretKey: string;
  /** e.g. http://127.0.0.1:12111 for a local fake; default https://api.stripe.com. */
  apiBase?: string | undefined;
  /** Per request; a slower answer is a StripeConnectionError and the payout stays processing. */
  timeoutMs?: number;
  /** The library's own retries (it reuses our idempotency key on each). */
  maxNetworkRetries?: number;
}

export async function createStripeClient({ secretKey, apiBase, timeoutMs = 20_000, maxNetworkRetries = 2 }: StripeClientOptions): Promise<Stripe> {
  const base = apiBase ? new URL(apiBase) : null;
  const StripeClient = await loadStripeSdk();
  return new StripeClient(secretKey, {
    timeout: timeoutMs,
    maxNetworkRetries,
    telemetry: false,
    appInfo: { name: 'atomix-energy' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Manual payouts: no Stripe keys, and no Stripe SDK in memory. */
export function manualPayments(publicUrl: string): PaymentsConfig {
  return { stripe: null, webhookSecret: null, publicUrl };
}

/** Asynchronous because with Stripe keys it loads the SDK (stripe-sdk.ts); server.ts awaits it at start. */
export async function paymentsFromEnv(source: Env, publicUrl: string): Promise<PaymentsConfig> {
  if (!source.STRIPE_SECRET_KEY) return manualPayments(publicUrl);
  return {
    stripe: await createStripeClient({ secretKey: source.STRIPE_SECRET_KEY, apiBase: source.STRIPE_API_BASE }),
    webhookSecret: source.STRIPE_WEBHOOK_SECRET ?? null,
    publicUrl,
  };
}
