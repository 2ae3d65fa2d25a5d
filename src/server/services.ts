// The services a procedure reaches through `ctx`: built once from the environment in createApp
// (servicesFromEnv); tests build theirs with test/services.ts. Stripe payouts are the one service
// built before: paymentsFromEnv loads the Stripe SDK, so server.ts awaits it and passes it in. No
// other module reads the environment when it is imported.
import type { AppConfig } from './context.ts';
import type { Db } from './db/index.ts';
import { type Limiter, createLimiter, rateLimitsOf } from './domain/rate-limit.ts';
import type { Env } from './env.ts';
import type { Logger } from './http/request-log.ts';
import { type Mailer, mailerFromEnv, publicUrlOf } from './mail/mailer.ts';
import { type PaymentsConfig, manualPayments } from './payments/config.ts';
import { documentsDir } from './storage/choose-store.ts';
import { createDiskDocumentStore } from './storage/disk-store.ts';
import { createEncryptedDocumentStore } from './storage/encrypted-store.ts';
import { documentKeyring } from './storage/master-key.ts';
import type { LiveHub } from './live/hub.ts';
import type { DocumentStore } from './storage/document-store.ts';
import { DEFAULT_DOCUMENT_LIMITS, DocumentJobs } from './documents/document-jobs.ts';

/** The time as the rules see it: deadlines and expiries read it, so tests can move it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export type { Logger };

/** A log that writes nothing (tests and scripts that pass none). */
export const quietLogger: Logger = () => {};

export interface Services {
  config: AppConfig;
  clock: Clock;
  /** The process's log (JSON lines, http/request-log.ts): what went wrong without failing the request. */
  log: Logger;
  /** Where documents' bytes live (storage/choose-store.ts). */
  documentStore: DocumentStore;
  /** Stamping and page rendering in worker threads, bounded in time, memory and concurrency (ADR 0046). */
  documentJobs: DocumentJobs;
  /** E-mail: links' public address, sender and transport (the worker delivers what procedures queue). */
  mailer: Mailer;
  /** Stripe Connect payouts, or manual ones without Stripe keys. */
  payments: PaymentsConfig;
  /** Every throttle (domain/rate-limit.ts), counted in the database. */
  limiter: Limiter;
  /**
   * The instance's live hub (live/hub.ts), which the `live.events` streams join. It needs a database
   * connection of its own, so server.ts (and the test harness) start it; without one the stream
   * procedure answers 503. Publishing needs no hub: it is a NOTIFY in the writer's transaction.
   */
  live: LiveHub | null;
}

export function configFromEnv(env: Env): AppConfig {
  return {
    sessionDays: env.SESSION_DAYS,
    sessionMaxDays: env.SESSION_MAX_DAYS,
    adminRequireTwoFactor: env.ADMIN_REQUIRE_2FA,
    limits: rateLimitsOf(env),
    storageQuotaBytes: env.STORAGE_QUOTA_BYTES,
    platformFeePercent: env.PLATFORM_FEE_PERCENT,
    reviewLoadMax: env.REVIEW_LOAD_MAX,
    dataRoomRetentionDays: env.DATA_ROOM_RETENTION_DAYS,
    publicUrl: publicUrlOf(env),
  };
}

/** Without Stripe keys, manual payouts; with them, the caller builds payments (paymentsFromEnv loads the SDK). */
function envPayments(env: Env, publicUrl: string): PaymentsConfig {
  if (env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is set: build the payments with `await paymentsFromEnv(...)` and pass them in');
  return manualPayments(publicUrl);
}

/** Once per process (createApp): everything from the environment, except what the caller already chose; the log is always chosen. */
export function servicesFromEnv(env: Env, db: Db, chosen: Partial<Services> & Pick<Services, 'log'>): Services {
  const config = chosen.config ?? configFromEnv(env);
  return {
    config,
    clock: chosen.clock ?? systemClock,
    log: chosen.log,
    documentStore:
      chosen.documentStore ?? createEncryptedDocumentStore(createDiskDocumentStore(documentsDir(env.DATA_DIR), db), db, () => documentKeyring(env)),
    documentJobs: chosen.documentJobs ?? new DocumentJobs(DEFAULT_DOCUMENT_LIMITS, chosen.log),
    mailer: chosen.mailer ?? mailerFromEnv(env),
    payments: chosen.payments ?? envPayments(env, config.publicUrl),
    limiter: chosen.limiter ?? createLimiter({ db, config }),
    live: chosen.live ?? null,
  };
}
