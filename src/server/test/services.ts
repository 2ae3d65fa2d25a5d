// Services for tests (and scripts that build a context by hand): nothing leaves the process or
// touches ./data: a temporary document directory, the in-app outbox, no Stripe, a clock tests move.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../context.ts';
import type { Db } from '../db/index.ts';
import { DEFAULT_RATE_LIMITS, createLimiter } from '../domain/rate-limit.ts';
import type { Mailer } from '../mail/mailer.ts';
import { outboxTransport } from '../mail/transport.ts';
import { manualPayments } from '../payments/config.ts';
import { type Clock, type Logger, type Services, quietLogger, systemClock } from '../services.ts';
import { keyring } from '../storage/document-encryption.ts';
import { createDiskDocumentStore } from '../storage/disk-store.ts';
import { createEncryptedDocumentStore } from '../storage/encrypted-store.ts';
import { DEFAULT_DOCUMENT_LIMITS, DocumentJobs } from '../documents/document-jobs.ts';

/** A clock that stands still at `at` until moved (tests). */
export function fixedClock(at: Date): Clock & { set(at: Date): void } {
  let current = at;
  return { now: () => new Date(current), set: (next) => void (current = next) };
}

/** A log that keeps its lines for a test to read. */
export function capturingLogger(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  return Object.assign((line: Record<string, unknown>) => void lines.push(line), { lines });
}

/** The defaults of the environment schema, as a context built without createApp sees them. */
export const TEST_CONFIG: AppConfig = {
  sessionDays: 30,
  sessionMaxDays: 90,
  adminRequireTwoFactor: false,
  limits: DEFAULT_RATE_LIMITS,
  storageQuotaBytes: 1024 ** 3,
  platformFeePercent: 10,
  reviewLoadMax: 8,
  dataRoomRetentionDays: 30,
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

/** The master key of this test process (documents are sealed in tests as in production). */
export const TEST_KEYRING = keyring(randomBytes(32));

/** One pool of document workers per test process (they start on the first job and never hold the process open). */
let testDocumentJobs: DocumentJobs | null = null;

/** What a context gets for every service it is not given: nothing leaves the process or touches ./data. */
export function testServices(db: Db, chosen: Partial<Services> = {}): Services {
  const config = chosen.config ?? TEST_CONFIG;
  return {
    config,
    clock: chosen.clock ?? systemClock,
    log: chosen.log ?? quietLogger,
    documentStore: chosen.documentStore ?? createEncryptedDocumentStore(createDiskDocumentStore(temporaryDocumentsDir(), db), db, () => TEST_KEYRING),
    documentJobs: chosen.documentJobs ?? (testDocumentJobs ??= new DocumentJobs(DEFAULT_DOCUMENT_LIMITS)),
    mailer: chosen.mailer ?? testMailer({ publicUrl: config.publicUrl }),
    payments: chosen.payments ?? manualPayments(config.publicUrl),
    limiter: chosen.limiter ?? createLimiter({ db, config }),
    live: chosen.live ?? null,
  };
}
