// Start-up: environment, database (embedded or PostgreSQL, migrated), first admin, HTTP server,
// and a graceful shutdown on SIGTERM/SIGINT.
import fs from 'node:fs';
import path from 'node:path';
import { createApp } from './src/server/app.ts';
import { openDatabase } from './src/server/db/index.ts';
import { parseEnv } from './src/server/env.ts';
import { ensureFirstAdmin } from './src/server/first-admin.ts';
import { readPrerenderedPages } from './src/server/http/prerender.ts';
import { serveApp } from './src/server/http/serve-app.ts';
import { jsonLogger as log } from './src/server/http/request-log.ts';
import { pruneRateLimits } from './src/server/domain/rate-limit.ts';
import { moveLegacyDocumentAccess } from './src/server/domain/document-access.ts';
import { pruneExpiredSessions } from './src/server/auth/session.ts';
import { startBackgroundWorker } from './src/server/jobs/worker.ts';
import { createDocumentStore } from './src/server/storage/choose-store.ts';
import { encryptExistingDocuments } from './src/server/storage/encrypt-existing.ts';
import { documentKeyring } from './src/server/storage/master-key.ts';
import { paymentsFromEnv } from './src/server/payments/config.ts';
import { configFromEnv, servicesFromEnv } from './src/server/services.ts';
import { startLiveHub } from './src/server/live/hub.ts';

const env = (() => {
  try {
    return parseEnv(process.env);
  } catch (error) {
    // A plain message and exit code 1: a setting to fix, not a crash.
    console.error((error as Error).message);
    process.exit(1);
  }
})();
const clientDir = env.CLIENT_DIR;
const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
if (!hasClient && env.NODE_ENV === 'production') {
  // A plain message and exit code 1 (no stack trace): this is an instruction, not a crash.
  console.error(`${clientDir} has no built client: run \`npm run build\` once, then \`npm run serve\` (or \`npm start\`, which does both).`);
  process.exit(1);
}

const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  poolMax: env.DATABASE_POOL_MAX,
  log: (msg) => log({ msg }),
});
log({ msg: `database ready (${database.kind === 'embedded' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL server'})` });
// The services every request and the worker share, built once. Documents live where every instance
// reaches them: in PostgreSQL with DATABASE_URL, on disk otherwise. The live hub listens for the
// changes every instance publishes (ADR 0020).
const live = await startLiveHub(database, log);
// Payouts through Stripe only with its keys: paymentsFromEnv loads the SDK then, and only then.
const config = configFromEnv(env);
const payments = await paymentsFromEnv(env, config.publicUrl);
// Documents are sealed under the master key (ADR 0042); those stored before are sealed in the background.
const documentStore = createDocumentStore(database, env.DATA_DIR, documentKeyring(env, log));
const services = servicesFromEnv(env, database.prisma, { log, config, documentStore, live, payments });
void encryptExistingDocuments(database.prisma, documentStore, log).then((sealed) => {
  if (sealed > 0) log({ msg: `encrypted ${sealed} documents stored before encryption at rest` });
});

// Openings recorded before the access record join its chain, once, whichever instance gets there first (ADR 0047).
const movedOpenings = await moveLegacyDocumentAccess(database.prisma);
if (movedOpenings > 0) log({ msg: `moved ${movedOpenings} document openings into the access record` });

const admin = await ensureFirstAdmin(database.prisma, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
if (admin.action === 'generated') {
  // Printed once, on the console only: the password is not stored anywhere in clear text. The log's
  // pending lines go first, so the console reads in order.
  log.flush();
  console.log(
    `\n  First admin account created\n    email:    ${admin.email}\n    password: ${admin.password}\n` +
      '  Sign in at /login and change this password in Profile. (Shown only this once.)\n',
  );
}

const prerendered = hasClient ? readPrerenderedPages(clientDir, log) : new Map();
const app = createApp({ db: database.prisma, env, log, clientDir: hasClient ? clientDir : null, prerendered, services });
const server = serveApp(
  { app, hostname: env.HOST, port: env.PORT, log, logRequests: env.LOG_REQUESTS, trustProxy: env.TRUST_PROXY, drainLimitBytes: env.BODY_LIMIT_BYTES },
  (port) => {
    log({ msg: `Atomix Energy listening on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}` });
  },
);

const jobWorker = startBackgroundWorker({ db: database.prisma, mailer: services.mailer, log, clock: services.clock });
const pruneTimer = setInterval(() => {
  void pruneRateLimits(database.prisma).catch(() => {});
  void pruneExpiredSessions(database.prisma, services.clock.now()).catch(() => {});
}, 60 * 60_000);
pruneTimer.unref();

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log({ msg: `${signal} received: finishing in-flight requests` });
  const force = setTimeout(() => {
    log({ level: 'error', msg: 'shutdown timed out; exiting' });
    process.exit(1);
  }, 10_000);
  force.unref();
  // Stop accepting connections; close() resolves once in-flight requests have finished. Live streams
  // never finish by themselves: they end now (503), and their tabs reconnect to another instance.
  const closing = live.close();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  await closing;
  await jobWorker.stop();
  await database.close();
  log({ msg: 'shutdown complete' });
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
