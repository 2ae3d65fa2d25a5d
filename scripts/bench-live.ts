// `npm run bench:live`: 1,000 live streams (GET /trpc/live.events) on one app instance. Prints the
// memory one idle stream costs the server and, while admin actions flow, the delay from a commit to
// the event reaching its seller's stream. Figures, not a test (issue 16, ADR 0020).
//
// This process is the server (the app, its hub and database, run with --expose-gc so memory is
// measured after a full collection); a child process holds the streams and reports each event's
// arrival. Database: an in-memory PGlite, or with DATABASE_URL a separate `<name>_bench_live`
// database on that server (created and dropped here).
import { fork } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { type AddressInfo } from 'node:net';
import { createApp } from '../src/server/app.ts';
import { hashToken } from '../src/server/auth/session.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { parseEnv } from '../src/server/env.ts';
import { serveApp } from '../src/server/http/serve-app.ts';
import { startLiveHub } from '../src/server/live/hub.ts';
import { publishLive } from '../src/server/live/publish.ts';
import { createAdmin } from '../src/server/test/factories.ts';
import { createBenchDatabase } from './bench-database.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};

/** Messages between the server (this process) and the stream holder (the child). */
type ToClients = { open: { port: number; tokens: string[] } } | { closeStreams: true } | { exit: true };
type FromClients = { opened: number; failed: number } | { event: { stream: number; at: number } } | { error: string };

/** Wall-clock time in milliseconds with sub-millisecond precision, comparable between processes. */
const now = () => performance.timeOrigin + performance.now();

// --- The child: holds the streams -----------------------------------------------------------------
if (args[0] === '--clients') {
  const send = (message: FromClients) => process.send!(message);
  const requests: http.ClientRequest[] = [];
  const openStream = (port: number, token: string, index: number) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/trpc/live.events', agent: false, headers: { cookie: `atomix_session=${token}`, accept: 'text/event-stream' } },
        (response) => {
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            const at = now();
            buffer += chunk;
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2).replace(/^\n+/, '');
              if (block.startsWith('event: connected')) resolve();
              else if (block.startsWith('event: serialized-error')) reject(new Error(block));
              else if (block.startsWith('data: ')) send({ event: { stream: index, at } });
            }
          });
        },
      );
      request.on('error', reject);
      requests.push(request);
    });
  const openAll = async ({ port, tokens }: { port: number; tokens: string[] }) => {
    let failed = 0;
    for (let i = 0; i < tokens.length; i += 50) {
      await Promise.all(tokens.slice(i, i + 50).map((token, j) => openStream(port, token, i + j).catch(() => void failed++)));
    }
    send({ opened: tokens.length - failed, failed });
  };
  process.on('message', (message: ToClients) => {
    if ('open' in message) return void openAll(message.open);
    for (const request of requests.splice(0)) request.destroy();
    if ('exit' in message) process.exit(0);
  });
} else {
  await main();
}

// --- The server ------------------------------------------------------------------------------------
async function main() {
  const STREAMS = option('streams', 1000);
  const SECONDS = option('seconds', 10);
  const ACTIONS_PER_SECOND = option('rate', 20);
  const PROBES_PER_SECOND = option('probes', 20);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('Run with node --expose-gc (npm run bench:live does).');

  const base = process.env.DATABASE_URL;
  const target = base ? await createBenchDatabase(base, 'bench_live') : null;
  const databaseUrl = target?.url;
  const dropDatabase = async () => target?.drop();
  const database = await openDatabase({ databaseUrl, dataDir: null });
  const live = await startLiveHub(database, () => {});
  const env = parseEnv({ NODE_ENV: 'production', LOG_REQUESTS: 'false' });
  const app = createApp({ db: database.prisma, env, log: () => {}, services: { live } });
  // Served as server.ts serves it (headers every answer carries; no request log, as LOG_REQUESTS says).
  const server = serveApp({ app, hostname: '127.0.0.1', port: 0, log: () => {}, logRequests: false, trustProxy: false });
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;

  // Sellers with a session each, written straight into the database (as the e2e fixtures do), and the admin who acts.
  const { rows: sellers } = await database.pool.query<{ id: string }>(`
    INSERT INTO users (id, email, password, first_name, role, status, created_at, updated_at)
    SELECT gen_random_uuid(), 'bench-live-' || g || '@example.test', 'x', 'Seller' || g, 'user', 'active', now(), now()
    FROM generate_series(1, ${STREAMS}) g RETURNING id`);
  const tokens = sellers.map((_, i) => `bench-live-${i}-${Math.random().toString(36).slice(2)}`);
  await database.pool.query(`INSERT INTO sessions (id, user_id, expires_at) SELECT unnest($1::text[]), unnest($2::uuid[]), now() + interval '1 day'`, [
    tokens.map(hashToken),
    sellers.map((s) => s.id),
  ]);
  const admin = await createAdmin(database.prisma, { password: 'Bench-admin-password-1' });
  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: 'Bench-admin-password-1' }),
  });
  if (!login.ok) throw new Error(`admin sign-in: ${login.status}`);
  const adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  for (let i = 0; i < 100; i++) await fetch(`http://127.0.0.1:${port}/api/auth/user`, { headers: { cookie: adminCookie } });

  const clients = fork(import.meta.filename, ['--clients'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiters: ((at: number) => void)[][] = tokens.map(() => []);
  let openedReply: (value: { opened: number; failed: number }) => void = () => {};
  clients.on('message', (message: FromClients) => {
    if ('event' in message) waiters[message.event.stream]!.shift()?.(message.event.at);
    else if ('opened' in message) openedReply(message);
  });

  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return process.memoryUsage();
  };
  const openStreams = (some: string[]) =>
    new Promise<{ opened: number; failed: number }>((resolve) => {
      openedReply = resolve;
      clients.send({ open: { port, tokens: some } } satisfies ToClients);
    });
  // A round of streams opened and closed first, so that what warms once (code, Prisma's query plans)
  // is in the baseline and not counted against each stream.
  await openStreams(tokens.slice(0, Math.min(200, STREAMS)));
  clients.send({ closeStreams: true } satisfies ToClients);
  while (live.size > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  const before = await settle();
  const openStarted = performance.now();
  const opened = await openStreams(tokens);
  const openMs = performance.now() - openStarted;
  const idle = await settle();
  const openOnHub = live.size;

  // While admin messages flow (each: a message, a notification, an e-mail, three events), probes
  // measure commit → delivery exactly: a transaction that only publishes, timed from its COMMIT.
  const heard = (stream: number) =>
    Promise.race([new Promise<number>((resolve) => waiters[stream]!.push(resolve)), new Promise<number>((resolve) => setTimeout(() => resolve(NaN), 10_000))]);
  const actionDelays: number[] = [];
  const probeDelays: number[] = [];
  let failures = 0;
  const work: Promise<void>[] = [];
  const pace = async (perSecond: number, step: (n: number) => Promise<void>) => {
    const started = performance.now();
    for (let n = 0; n < perSecond * SECONDS; n++) {
      const wait = started + (n * 1000) / perSecond - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      work.push(step(n).catch(() => void failures++));
    }
  };
  const random = () => Math.floor(Math.random() * STREAMS);
  await Promise.all([
    pace(ACTIONS_PER_SECOND, async (n) => {
      const target = random();
      const arrival = heard(target);
      const sent = now();
      const res = await fetch(`http://127.0.0.1:${port}/api/admin/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: adminCookie },
        body: JSON.stringify({ userId: sellers[target]!.id, subject: `Bench ${n}`, content: 'Live benchmark' }),
      });
      if (res.status !== 201) throw new Error(String(res.status));
      const at = await arrival;
      if (Number.isNaN(at)) throw new Error('not heard');
      actionDelays.push(at - sent);
    }),
    pace(PROBES_PER_SECOND, async () => {
      const target = random();
      const arrival = heard(target);
      await database.prisma.$transaction((tx) => publishLive(tx, { topic: 'notifications' }, { users: [sellers[target]!.id] }));
      const committed = now();
      const at = await arrival;
      if (Number.isNaN(at)) throw new Error('not heard');
      probeDelays.push(at - committed);
    }),
  ]);
  await Promise.all(work);
  const loaded = process.memoryUsage();

  clients.send({ exit: true } satisfies ToClients);
  await new Promise((resolve) => clients.once('exit', resolve));
  await live.close();
  server.close();
  await database.close();
  await dropDatabase();

  const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const perStream = (key: 'rss' | 'heapUsed') => `${((idle[key] - before[key]) / opened.opened / 1024).toFixed(1)} KB`;
  console.log(`\nbench:live — ${base ? 'PostgreSQL' : 'embedded PGlite'}, ${os.cpus().length} cores, Node ${process.version}`);
  console.log(`streams: ${opened.opened} open (${opened.failed} refused) in ${ms(openMs)}; ${openOnHub} on the hub`);
  console.log(
    `server memory after a full GC: RSS ${mb(before.rss)} → ${mb(idle.rss)}, heap ${mb(before.heapUsed)} → ${mb(idle.heapUsed)}; after the events RSS ${mb(loaded.rss)}`,
  );
  console.log(`per idle stream: ${perStream('rss')} RSS, ${perStream('heapUsed')} heap (target < 50 KB)`);
  console.log(
    `for ${SECONDS} s: ${ACTIONS_PER_SECOND} admin messages/s (${actionDelays.length} heard) and ${PROBES_PER_SECOND} probes/s (${probeDelays.length} heard); ${failures} failed`,
  );
  console.log(
    `commit → delivery (probes): p50 ${ms(percentile(probeDelays, 50))}, p95 ${ms(percentile(probeDelays, 95))} (target < 250 ms), max ${ms(Math.max(...probeDelays))}`,
  );
  console.log(`admin action sent → its first event delivered: p50 ${ms(percentile(actionDelays, 50))}, p95 ${ms(percentile(actionDelays, 95))}`);
}
