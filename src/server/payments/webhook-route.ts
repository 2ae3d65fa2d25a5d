// POST /api/stripe/webhook: Stripe's calls, authenticated by their signature on the raw body (so
// the body is read as bytes here, never parsed first). No browser Origin: the same-origin check
// lets it through. Without Stripe configured the endpoint does not exist (404).
import type { Hono } from 'hono';
import type { Db } from '../db/index.ts';
import type { Logger } from '../http/request-log.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Clock } from '../services.ts';
import type { PaymentsConfig } from './config.ts';
import { WebhookSignatureError, handleStripeEvent, verifyStripeEvent } from './webhooks.ts';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export interface WebhookDeps {
  db: Db;
  log: Logger;
  /** The app's payments service (services.ts). */
  payments: PaymentsConfig;
  /** Links in the notification e-mails webhooks cause. */
  mailer: Mailer;
  /** The app's clock: how fresh a signature must be, when a payout completed. */
  clock: Clock;
}

export function mountStripeWebhook(app: Hono, { db, log, payments, mailer, clock }: WebhookDeps) {
  app.post(STRIPE_WEBHOOK_PATH, async (c) => {
    const { webhookSecret } = payments;
    if (!webhookSecret) return c.json({ message: 'Not found' }, 404);
    const raw = new Uint8Array(await c.req.arrayBuffer());
    let event;
    try {
      event = await verifyStripeEvent(raw, c.req.header('stripe-signature'), webhookSecret, clock.now().getTime());
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        log({ level: 'warn', msg: 'stripe webhook refused', reason: error.message });
        return c.json({ message: `Webhook signature verification failed: ${error.message}` }, 400);
      }
      throw error;
    }
    try {
      const result = await handleStripeEvent(db, mailer, event, clock.now());
      return c.json({ received: true, result });
    } catch (error) {
      // Nothing was recorded (one transaction): Stripe retries the event later.
      log({ level: 'error', msg: 'stripe webhook failed', eventId: event.id, type: event.type, error: String(error) });
      return c.json({ message: 'Webhook processing failed' }, 500);
    }
  });
}
