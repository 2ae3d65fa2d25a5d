// The services a procedure reaches through `ctx`: built once from the environment in createApp
// (servicesFromEnv), or, when a test or script passes none, test-safe defaults (testServices): a
// temporary document directory, the system clock, no SMTP, no Stripe, a quiet log. Stripe payouts are the one
// service built before: paymentsFromEnv loads the Stripe SDK, so server.ts awaits it and passes it
// in. No other module reads the environment when it is imported.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from './context.ts';
import type { Db } from './db/index.ts';
import { DEFAULT_RATE_LIMITS, type Limiter, createLimiter, rateLimitsOf } from './domain/rate-limit.ts';
import type { Env } from './env.ts';
import type { Logger } from './http/request-log.ts';
import { type Mailer, mailerFromEnv, publicUrlOf } from './mail/mailer.ts';
import { outboxTransport } from './mail/transport.ts';
import { type PaymentsConfig, manualPayments } from './payments/config.ts';
import { documentsDir } from './storage/choose-store.ts';
import { createDiskDocumentStore } from './storage/disk-store.ts';
import type { LiveHub } from './live/hub.ts';
import type { DocumentStore } from './storage/document-store.ts';

/** The time as the rules see it: deadlines and expiries read it, so tests can move it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still at `at` until moved (tests). */
export function fixedClock(at: Date): Clock & { set(at: Date): void } {
  let current = at;
  return { now: () => new Date(current), set: (next) => void (current = next) };
}

export type { Logger };

/** A log that writes nothing (tests and scripts that pass none). */
export const quietLogger: Logger = () => {};

/** A log that keeps its lines for a test to read. */
export function capturingLogger(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  return Object.assign((line: Record<string, unknown>) => void lines.push(line), { lines });
}

export interface Services {
  config: AppConfig;
  clock: Clock;
  /** The process's log (JSON lines, http/request-log.ts): what went wrong without failing the request. */
  log: Logger;
  /** Where documents' bytes live (storage/choose-store.ts). */
  documentStore: DocumentStore;
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
    documentStore: chosen.documentStore ?? createDiskDocumentStore(documentsDir(env.DATA_DIR), db),
    mailer: chosen.mailer ?? mailerFromEnv(env),
    payments: chosen.payments ?? envPayments(env, config.publicUrl),
    limiter: chosen.limiter ?? createLimiter({ db, config }),
    live: chosen.live ?? null,
  };
}

/** The defaults of the environment schema, as a context built without createApp sees them. */
export const TEST_CONFIG: AppConfig = {
  sessionDays: 30,
  sessionMaxDays: 90,
  adminRequireTwoFactor: false,
  limits: DEFAULT_RATE_LIMITS,
  storageQuotaBytes: 1024 ** 3,
  platformFeePercent: 10,
  publicUrl: 'http://localhost:3000',
};

/** E-mail that stays in the in-app outbox (unless a test gives its own transport). */
export function testMailer(overrides: Partial<Mailer> = {}): Mailer {
  return { publicUrl: TEST_CONFIG.publicUrl, from: 'Atomix Energy <no-reply@atomix.local>', transport: outboxTransport, ...overrides };
}

let temporaryDocuments: string | null = null;

/** One temporary directory per process for documents written by tests, removed when it exits. */
export function temporaryDocumentsDir(): string {
  if (!temporaryDocuments) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-documents-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    temporaryDocuments = dir;
  }
  return temporaryDocuments;
}

/** What a context gets for every service it is not given: nothing leaves the process or touches ./data. */
export function testServices(db: Db, chosen: Partial<Services> = {}): Services {
  const config = chosen.config ?? TEST_CONFIG;
  return {
    config,
    clock: chosen.clock ?? systemClock,
    log: chosen.log ?? quietLogger,
    documentStore: chosen.documentStore ?? createDiskDocumentStore(temporaryDocumentsDir(), db),
    mailer: chosen.mailer ?? testMailer({ publicUrl: config.publicUrl }),
    payments: chosen.payments ?? manualPayments(config.publicUrl),
    limiter: chosen.limiter ?? createLimiter({ db, config }),
    live: chosen.live ?? null,
  };
}
