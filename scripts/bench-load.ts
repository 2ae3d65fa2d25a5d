// `npm run bench:load`: the built app under the load its screens make. Sellers' and admins' screen
// reads (70/30, each one HTTP request as the client's tRPC batch link sends it) arrive evenly at a
// fixed rate, whether or not earlier ones have been answered, and each is timed from its scheduled
// start, so a queue shows in the figures. Meanwhile 200 live streams stay open as signed-in users and
// an admin changes a prototype now and then (its seller's stream hears of it). Prints p50, p97.5 and
// p99 per role, errors, the app's RSS after the load, and the highest rate whose p99 stays under
// 100 ms. Figures, not a test (docs/benchmarks.md, ADR 0032).
//
// Database: with DATABASE_URL a fresh `<name>_bench_load` database on that server (created and
// dropped here, unless BENCH_KEEP_DATABASE is set, to query it after); without it an embedded PGlite
// in a temporary DATA_DIR. The app runs as `npm run serve` runs it (its environment and node flags),
// from `npm run build`'s output.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import superjson from 'superjson';
import { SESSION_COOKIE, hashToken, newSecretToken } from '../src/server/auth/session.ts';
import { type Database, openDatabase } from '../src/server/db/index.ts';
import { REVIEW_REMINDERS_JOB, nextRunAt } from '../src/server/domain/review-reminders.ts';
import { parseEnv } from '../src/server/env.ts';
import { ADMIN_PAGE_SIZE } from '../src/shared/constants.ts';
import { freePort, stopProcess } from './child-processes.ts';
import { createBenchDatabase } from './bench-database.ts';

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Screen reads per second in the main run. */
const RATE = setting('BENCH_RATE', 300);
const SECONDS = setting('BENCH_SECONDS', 30);
const WARMUP_SECONDS = setting('BENCH_WARMUP_SECONDS', 10);
const STREAMS = setting('BENCH_STREAMS', 200);
/** One admin write every this many milliseconds. */
const WRITE_EVERY_MS = setting('BENCH_WRITE_EVERY_MS', 500);
/** The knee search: steps of this many req/s, each held this long; 0 seconds skips it. */
const KNEE_STEP = setting('BENCH_KNEE_STEP', 25);
const KNEE_SECONDS = setting('BENCH_KNEE_SECONDS', 15);
const KNEE_P99_MS = 100;
/** Each screen alone: this many requests, after this many as warm-up. */
const ALONE_REQUESTS = 100;
const ALONE_WARMUP = 100;
// Linux's USER_HZ: /proc counts CPU time in hundredths of a second.
const CLOCK_TICKS_PER_SECOND = 100;
/** The data set: sellers with about PROTOTYPES_PER_SELLER prototypes each, a few admins. */
const SELLERS = setting('BENCH_SELLERS', 2_000);
const PROTOTYPES_PER_SELLER = 10;
const ADMINS = 5;
/** Signed-in sessions the reads and streams use. */
const SELLER_SESSIONS = 300;
const ADMIN_SESSIONS = 50;

type Role = 'seller' | 'admin';
interface Screen {
  name: string;
  /** One batched GET, as httpBatchLink sends a screen's queries. */
  calls: { path: string; input?: unknown }[];
  /** Share of its role's reads. */
  weight: number;
}

/** What the screens read (their route loaders: src/components/seller/seller-dashboard-route.ts, admin/admin-route.tsx). */
const SCREENS: Record<Role, Screen[]> = {
  seller: [
    // Every navigation inside the signed-in area asks who the user is (the _auth layout's beforeLoad).
    { name: 'auth.me', calls: [{ path: 'auth.me' }], weight: 3 },
    { name: 'dashboard', calls: [{ path: 'prototypes.dashboard' }], weight: 5 },
    // The bell opened: its list carries the unread count too.
    { name: 'notifications', calls: [{ path: 'notifications.list' }], weight: 2 },
  ],
  admin: [
    { name: 'auth.me', calls: [{ path: 'auth.me' }], weight: 3 },
    {
      name: 'admin panel',
      calls: [{ path: 'admin.counters' }, { path: 'admin.prototypes', input: { sort: 'newest', direction: 'next', limit: ADMIN_PAGE_SIZE } }],
      weight: 4,
    },
    { name: 'users', calls: [{ path: 'admin.users', input: { sort: 'newest', direction: 'next', limit: ADMIN_PAGE_SIZE } }], weight: 2 },
    { name: 'pipeline board', calls: [{ path: 'pipeline.board', input: { mine: false } }], weight: 1 },
  ],
};

function batchPath(screen: Screen): string {
  const input = Object.fromEntries(screen.calls.map((call, i) => [i, superjson.serialize(call.input)]));
  return `/trpc/${screen.calls.map((call) => call.path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

/** A small deterministic generator, so that runs read the same mix. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const compiled = path.join(root, 'dist/server/server.js');
  if (!fs.existsSync(compiled) || !fs.existsSync(path.join(root, 'dist/client/index.html'))) {
    console.error('bench:load runs the built app: run `npm run build` first (`npm run bench:load` does).');
    process.exitCode = 1;
    return;
  }
  const { env: serveEnv, flags: serveFlags } = serveCommand(root);

  const base = process.env.DATABASE_URL;
  const target = base ? await createBenchDatabase(base, 'bench_load') : null;
  const dataDir = target ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-bench-load-'));
  const logPath = path.join(os.tmpdir(), `atomix-bench-load-${process.pid}.log`);
  let app: ChildProcess | null = null;
  const streams: http.ClientRequest[] = [];
  try {
    // PORT when set (a shared machine hands out ports), else any free one.
    const port = process.env.PORT ? Number(process.env.PORT) : await freePort();
    const appEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...serveEnv,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: target?.url,
      DATA_DIR: dataDir ?? undefined,
      // Several instances would share one key; one instance is measured here.
      DOCUMENT_ENCRYPTION_KEY: target ? (process.env.DOCUMENT_ENCRYPTION_KEY ?? randomBytes(32).toString('base64')) : process.env.DOCUMENT_ENCRYPTION_KEY,
    };
    for (const key of Object.keys(appEnv)) if (appEnv[key] === undefined) delete appEnv[key];
    const settings = parseEnv(appEnv);

    process.stdout.write('Seeding ... ');
    const seedStarted = performance.now();
    const seedDb = await openDatabase({ databaseUrl: target?.url, dataDir });
    let seeded: Seeded;
    try {
      seeded = await seed(seedDb, { days: settings.SESSION_DAYS });
    } finally {
      await seedDb.close();
    }
    console.log(`${seeded.counts} in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

    // The app: node itself, so that its pid is the server's; request logging on, to a file.
    const startedAt = performance.now();
    const logFile = fs.openSync(logPath, 'w');
    let output = '';
    const running = spawn(process.execPath, [...serveFlags, compiled], { cwd: root, env: appEnv, stdio: ['ignore', logFile, 'pipe'] });
    app = running;
    running.stderr!.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000)));
    const origin = `http://127.0.0.1:${port}`;
    for (;;) {
      if (running.exitCode !== null) throw new Error(`the app exited (${running.exitCode}) before answering:\n${output}`);
      if (performance.now() - startedAt > 60_000) throw new Error(`the app did not answer /readyz within 60 s:\n${output}`);
      if ((await request(port, { path: '/readyz' }).catch(() => null))?.status === 200) break;
      await sleep(20);
    }
    const rssIdle = rssMb(running.pid!);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
    const pick = random(29);
    const screens = (Object.keys(SCREENS) as Role[]).map((role) => ({
      role,
      // Each screen as often as its weight says.
      paths: SCREENS[role].flatMap((screen) => Array.from({ length: screen.weight }, () => batchPath(screen))),
    }));
    // Each screen alone, one after another: what a request costs without a queue, in time and in the
    // app's CPU time (steadier than time on a shared machine), after ALONE_WARMUP requests to warm the JIT.
    const alone: Record<string, string> = {};
    for (const role of Object.keys(SCREENS) as Role[]) {
      for (const screen of SCREENS[role]) {
        const times: number[] = [];
        let cpuBefore = 0;
        for (let i = 0; i < ALONE_WARMUP + ALONE_REQUESTS; i++) {
          if (i === ALONE_WARMUP) cpuBefore = cpuMs(running.pid!);
          const started = performance.now();
          const tokens = role === 'seller' ? seeded.sellerTokens : seeded.adminTokens;
          const answer = await request(port, { path: batchPath(screen), token: tokens[i % tokens.length]!, agent });
          if (answer.status !== 200) throw new Error(`${role} ${screen.name}: ${answer.status} before the load: ${answer.body.slice(0, 300)}`);
          if (i >= ALONE_WARMUP) times.push(performance.now() - started);
        }
        const cpu = (cpuMs(running.pid!) - cpuBefore) / ALONE_REQUESTS;
        alone[`${role}: ${screen.name}`] = `${ms(times.sort((a, b) => a - b)[ALONE_REQUESTS / 2]!)} (CPU ${cpu.toFixed(1)} ms)`;
      }
    }

    // The live streams, as signed-in tabs: sellers' and admins' in the same 70/30 mix.
    let events = 0;
    const opened = await Promise.all(
      Array.from({ length: STREAMS }, (_, i) => {
        const admin = i % 10 >= 7;
        const tokens = admin ? seeded.adminTokens : seeded.sellerTokens;
        return openStream(port, tokens[i % tokens.length]!, streams, () => events++);
      }),
    );
    if (opened.some((ok) => !ok)) throw new Error(`${opened.filter((ok) => !ok).length} of ${STREAMS} live streams were refused`);

    let writeIndex = 0;
    const write = () => {
      const prototypeId = seeded.prototypeIds[Math.floor(pick() * seeded.prototypeIds.length)]!;
      const body = JSON.stringify(superjson.serialize({ id: prototypeId, priority: ['low', 'medium', 'high'][writeIndex++ % 3] }));
      return request(port, { path: '/trpc/admin.setPriority', token: seeded.adminTokens[writeIndex % seeded.adminTokens.length]!, body, origin, agent });
    };
    const read = (role: Role) => {
      const { paths } = screens.find((s) => s.role === role)!;
      const tokens = role === 'seller' ? seeded.sellerTokens : seeded.adminTokens;
      return request(port, { path: paths[Math.floor(pick() * paths.length)]!, token: tokens[Math.floor(pick() * tokens.length)]!, agent });
    };
    const run = (rate: number, seconds: number) => openLoad({ rate, seconds, read, write });

    console.log(
      `bench:load — ${target ? `PostgreSQL (${target.name})` : 'embedded PGlite (temporary DATA_DIR)'}, ${os.cpus().length} cores, ` +
        `load average ${os.loadavg()[0]!.toFixed(1)} at the start, Node ${process.version}`,
    );
    console.log(`${STREAMS} live streams open; one admin write every ${WRITE_EVERY_MS} ms; reads 70% seller, 30% admin; RSS idle ${rssIdle} MB`);
    console.log(
      `Each screen alone (median of ${ALONE_REQUESTS}, before the streams opened; the app's CPU time per request): ${Object.entries(alone)
        .map(([name, time]) => `${name} ${time}`)
        .join(', ')}`,
    );
    if (WARMUP_SECONDS > 0) await run(RATE, WARMUP_SECONDS);
    // Who used the machine's cores meanwhile: the app, and this process (the load and the streams' reader).
    const [appCpuBefore, ownCpuBefore, loadStarted] = [cpuMs(running.pid!), process.cpuUsage(), performance.now()];
    const main = await run(RATE, SECONDS);
    const elapsed = performance.now() - loadStarted;
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const busy = (cpu: number) => `${Math.round((100 * cpu) / elapsed)}%`;
    const rssAfter = rssMb(running.pid!);
    console.log(`\n${RATE} req/s for ${SECONDS} s (after ${WARMUP_SECONDS} s of warm-up), latency from each request's scheduled start:`);
    console.table(tableOf(main));
    console.log(`RSS after the load: ${rssAfter} MB; events received by the streams: ${events}`);
    console.log(
      `CPU during the load, in cores: the app ${busy(cpuMs(running.pid!) - appCpuBefore)}, this load generator ${busy((ownCpu.user + ownCpu.system) / 1000)} (of ${os.cpus().length * 100}%)`,
    );

    if (KNEE_SECONDS > 0) {
      // Up from the main rate while p99 stays under the line, or down from it until it does.
      const passes = (result: LoadResult) => result.all.p99 < KNEE_P99_MS && result.all.errors === 0;
      const steps: { rate: number; result: LoadResult }[] = [{ rate: RATE, result: main }];
      const up = passes(main);
      for (let rate = RATE + (up ? KNEE_STEP : -KNEE_STEP); rate > 0; rate += up ? KNEE_STEP : -KNEE_STEP) {
        await sleep(3_000); // what a failed step left queued drains
        const result = await run(rate, KNEE_SECONDS);
        steps.push({ rate, result });
        console.log(`  ${rate} req/s: p50 ${ms(result.all.p50)}, p99 ${ms(result.all.p99)}, errors ${result.all.errors}`);
        if (passes(result) !== up) break;
      }
      const passing = steps.filter((step) => passes(step.result)).map((step) => step.rate);
      const failing = steps.filter((step) => !passes(step.result)).map((step) => step.rate);
      const knee = passing.length ? Math.max(...passing) : null;
      const above = failing.filter((rate) => knee === null || rate > knee);
      console.log(
        `Highest rate with p99 under ${KNEE_P99_MS} ms (steps of ${KNEE_STEP}, ${KNEE_SECONDS} s each): ` +
          `${knee === null ? `none down to ${Math.min(...failing)} req/s` : `${knee} req/s`}${above.length ? ` (not ${Math.min(...above)})` : ''}`,
      );
    }
    console.log(`RSS at the end: ${rssMb(running.pid!)} MB`);
    // The app's own words on what failed, once each.
    const failures = new Set(
      fs
        .readFileSync(logPath, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"level":"error"'))
        .map((line) => line.replace(/"(time|requestId|durationMs)":[^,}]*,?/g, '').slice(0, 300)),
    );
    if (failures.size) console.log(`The app logged errors:\n  ${[...failures].slice(0, 5).join('\n  ')}`);
    if (running.exitCode !== null) throw new Error(`the app exited (${running.exitCode}) during the load:\n${output}`);
    agent.destroy();
  } finally {
    for (const stream of streams) stream.destroy();
    if (app) await stopProcess(app, 15_000);
    if (!process.env.BENCH_KEEP_DATABASE) await target?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(logPath, { force: true });
  }
}

// --- The data set ----------------------------------------------------------------------------------
interface Seeded {
  sellerTokens: string[];
  adminTokens: string[];
  prototypeIds: number[];
  counts: string;
}

/**
 * Sellers with their prototypes in every status (a kept pipeline: see the prototypes' status), some
 * with open information requests, payouts and notifications; a few admins; sessions for both.
 * Plain SQL: the app's own writes would take minutes.
 */
async function seed(db: Database, lifetime: { days: number }): Promise<Seeded> {
  const prototypes = SELLERS * PROTOTYPES_PER_SELLER;
  await db.pool.query(`
    INSERT INTO users (id, email, password, first_name, last_name, role, is_verified, business_name, created_at, updated_at)
    SELECT gen_random_uuid(), CASE WHEN g <= ${ADMINS} THEN 'admin-' ELSE 'seller-' END || g || '@bench.test', 'x',
           'First' || g, 'Last' || (g % 997), CASE WHEN g <= ${ADMINS} THEN 'admin'::"Role" ELSE 'user'::"Role" END, true,
           CASE WHEN g % 3 = 0 THEN 'Company ' || g END, now() - (g || ' minutes')::interval, now()
    FROM generate_series(1, ${ADMINS + SELLERS}) g`);
  await db.pool.query(`
    WITH sellers AS (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users WHERE role = 'user')
    INSERT INTO prototypes (seller_id, inventor_name, prototype_name, energy_type, description, status, priority, power_output, efficiency, created_at, updated_at)
    SELECT s.id, 'Inventor ' || (g % 5000),
           (ARRAY['Fusion','Helios','Quantum','Breeze','Vortex','Aurora','Photon','Tidal'])[1 + g % 8] || ' Reactor ' || g,
           (ARRAY['nuclear','natural','quantum','zero-point','solar','other'])[1 + g % 6],
           'A prototype of the load benchmark, number ' || g || ', described in a few sentences as sellers do. ' || repeat('Detail. ', 20),
           -- A kept pipeline, one submission every ten minutes: the last two weeks' wait for or are in
           -- review; older ones are decided, but for one in a hundred still under review (late).
           (CASE WHEN g <= 2000 THEN (ARRAY['submitted','under_review'])[1 + g % 2] WHEN g % 100 = 0 THEN 'under_review'
                 ELSE (ARRAY['approved','rejected','quoted','accepted','in_development','active'])[1 + g % 6] END)::"PrototypeStatus",
           (ARRAY['low','medium','high'])[1 + g % 3]::"Level",
           g % 3000, g % 100, now() - (g * 10 || ' minutes')::interval, now()
    FROM generate_series(1, ${prototypes}) g
    JOIN sellers s ON s.n = 1 + g % ${SELLERS}`);
  await db.pool.query(`
    UPDATE prototypes SET
      atomix_quote = CASE WHEN status IN ('quoted', 'accepted', 'in_development', 'active') THEN 10000 + id END,
      quoted_at = CASE WHEN status IN ('quoted', 'accepted', 'in_development', 'active') THEN created_at + interval '3 days' END,
      final_amount = CASE WHEN status IN ('accepted', 'in_development', 'active') THEN 10000 + id END,
      stage = (CASE status
        WHEN 'under_review' THEN 'technical_evaluation' WHEN 'quoted' THEN 'negotiation' WHEN 'accepted' THEN 'negotiation'
        WHEN 'rejected' THEN 'closed' WHEN 'in_development' THEN 'development' WHEN 'active' THEN 'deployment' ELSE 'initial_review' END)::"PrototypeStage",
      -- As the app records its promise: met when the prototype leaves initial review, and when its
      -- seller gets a decision (so only the ones still waiting can be overdue, as in a kept pipeline).
      initial_review_met_at = CASE WHEN status <> 'submitted' THEN created_at + interval '4 days' END,
      feedback_met_at = CASE WHEN status NOT IN ('submitted', 'under_review') THEN created_at + interval '12 days' END,
      -- Development milestones spread over the next three months, a few days over for some.
      next_milestone = CASE WHEN status = 'in_development' THEN 'Pilot run' END,
      milestone_date = CASE WHEN status = 'in_development' THEN now() + ((id % 90) - 3 || ' days')::interval END`);
  await db.pool.query(`
    INSERT INTO prototype_info_requests (prototype_id, question, created_at)
    SELECT id, 'Could you send the test report for run ' || id || '?', now() FROM prototypes WHERE id % 7 = 0`);
  await db.pool.query(`
    INSERT INTO transactions (prototype_id, seller_id, amount, platform_fee, seller_payout, status, created_at, updated_at)
    SELECT id, seller_id, final_amount, final_amount / 10, final_amount - final_amount / 10,
           (CASE WHEN id % 2 = 0 THEN 'completed' ELSE 'pending' END)::"TransactionStatus", now(), now()
    FROM prototypes WHERE final_amount IS NOT NULL`);
  await db.pool.query(`
    INSERT INTO notifications (user_id, prototype_id, type, title, message, is_read, created_at)
    SELECT seller_id, id, 'status_change', 'Status changed', 'Your prototype ' || prototype_name || ' moved on.', id % 3 <> 0, now() - (id || ' seconds')::interval
    FROM prototypes`);
  // Today's review reminders have run: the next run is queued for tomorrow morning, as a running app
  // keeps it, rather than the first run an empty queue starts at once (a few hundred notifications
  // and e-mails written while the screens are timed).
  await db.pool.query(`INSERT INTO jobs (kind, payload, run_at) VALUES ($1, '{}', $2)`, [REVIEW_REMINDERS_JOB, nextRunAt(new Date())]);
  // As a server's autovacuum would within a minute, and the app does hourly for the embedded database
  // (db/index.ts): pages marked all-visible, so that counts can read an index alone; statistics fresh.
  await db.pool.query('VACUUM (ANALYZE)');

  const { rows: admins } = await db.pool.query<{ id: string }>(`SELECT id FROM users WHERE role = 'admin' ORDER BY email`);
  const { rows: sellers } = await db.pool.query<{ id: string }>(`SELECT id FROM users WHERE role = 'user' ORDER BY email LIMIT ${SELLER_SESSIONS}`);
  // As createSession writes them (only the token's hash is stored), in one statement each.
  const sessionsFor = async (users: { id: string }[], count: number) => {
    const tokens = Array.from({ length: count }, () => newSecretToken());
    await db.pool.query(
      `INSERT INTO sessions (id, user_id, expires_at, created_at, last_seen_at)
       SELECT hash, user_id, now() + make_interval(days => $3), now(), now() FROM unnest($1::text[], $2::uuid[]) AS s(hash, user_id)`,
      [tokens.map(hashToken), tokens.map((_, i) => users[i % users.length]!.id), lifetime.days],
    );
    return tokens;
  };
  const sellerTokens = await sessionsFor(sellers, SELLER_SESSIONS);
  const adminTokens = await sessionsFor(admins, ADMIN_SESSIONS);
  // The admin writes change the signed-in sellers' prototypes, so that their streams hear of it.
  const { rows: ids } = await db.pool.query<{ id: number }>('SELECT id FROM prototypes WHERE seller_id = ANY($1::uuid[])', [sellers.map((s) => s.id)]);
  return {
    sellerTokens,
    adminTokens,
    prototypeIds: ids.map((row) => row.id),
    counts: `${SELLERS} sellers, ${ADMINS} admins, ${prototypes} prototypes, ${SELLER_SESSIONS + ADMIN_SESSIONS} sessions`,
  };
}

// --- The load ----------------------------------------------------------------------------------------
interface Answer {
  status: number;
  body: string;
}
interface Figures {
  count: number;
  p50: number;
  p975: number;
  p99: number;
  max: number;
  errors: number;
}
interface LoadResult {
  seller: Figures;
  admin: Figures;
  all: Figures;
  writes: Figures;
}

/**
 * Reads at `rate` per second for `seconds`, the i-th scheduled at start + i / rate whatever happened
 * before it, and a write every WRITE_EVERY_MS. Each is timed from its scheduled start to its last byte.
 */
async function openLoad({
  rate,
  seconds,
  read,
  write,
}: {
  rate: number;
  seconds: number;
  read: (role: Role) => Promise<Answer>;
  write: () => Promise<Answer>;
}): Promise<LoadResult> {
  const total = Math.round(rate * seconds);
  const writes = Math.floor((seconds * 1000) / WRITE_EVERY_MS);
  const timings = { seller: [] as number[], admin: [] as number[], writes: [] as number[] };
  const errors = { seller: 0, admin: 0, writes: 0 };
  let firstError = '';
  const pending: Promise<void>[] = [];
  const timed = (kind: keyof typeof timings, scheduled: number, answer: Promise<Answer>) =>
    answer
      .then(
        (result) => result.status === 200 || void (firstError ||= `${result.status} ${result.body.slice(0, 200)}`),
        (error: Error) => void (firstError ||= error.message),
      )
      .then((ok) => {
        timings[kind].push(performance.now() - scheduled);
        if (!ok) errors[kind]++;
      });
  const start = performance.now() + 20;
  let nextRead = 0;
  let nextWrite = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      for (let at = start + (nextRead * 1000) / rate; nextRead < total && at <= now; at = start + (nextRead * 1000) / rate) {
        // 7 in 10 reads are a seller's, spread evenly.
        const role: Role = nextRead % 10 < 7 ? 'seller' : 'admin';
        pending.push(timed(role, at, read(role)));
        nextRead++;
      }
      for (let at = start + nextWrite * WRITE_EVERY_MS; nextWrite < writes && at <= now; at = start + nextWrite * WRITE_EVERY_MS) {
        pending.push(timed('writes', at, write()));
        nextWrite++;
      }
      if (nextRead < total || nextWrite < writes) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  const figures = (values: number[], failed: number): Figures => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
    return { count: sorted.length, p50: at(0.5), p975: at(0.975), p99: at(0.99), max: sorted.at(-1) ?? NaN, errors: failed };
  };
  if (firstError) console.log(`  first error: ${firstError}`);
  return {
    seller: figures(timings.seller, errors.seller),
    admin: figures(timings.admin, errors.admin),
    all: figures([...timings.seller, ...timings.admin], errors.seller + errors.admin),
    writes: figures(timings.writes, errors.writes),
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function tableOf(result: LoadResult) {
  const row = (figures: Figures) => ({
    requests: figures.count,
    p50: ms(figures.p50),
    'p97.5': ms(figures.p975),
    p99: ms(figures.p99),
    max: ms(figures.max),
    errors: figures.errors,
  });
  return { seller: row(result.seller), admin: row(result.admin), 'all reads': row(result.all), 'admin writes': row(result.writes) };
}

// --- HTTP ------------------------------------------------------------------------------------------
function request(
  port: number,
  { path: requestPath, token, body, origin, agent }: { path: string; token?: string; body?: string; origin?: string; agent?: http.Agent },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = {};
    if (token) headers.cookie = `${SESSION_COOKIE}=${token}`;
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin });
    const outgoing = http.request(
      { host: '127.0.0.1', port, path: requestPath, method: body === undefined ? 'GET' : 'POST', headers, agent: agent ?? false },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A tab's live stream; resolves true once connected, false if refused. Each data frame counts as an event. */
function openStream(port: number, token: string, streams: http.ClientRequest[], onEvent: () => void): Promise<boolean> {
  return new Promise((resolve) => {
    const outgoing = http.get(
      { host: '127.0.0.1', port, path: '/trpc/live.events', agent: false, headers: { cookie: `${SESSION_COOKIE}=${token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) return resolve(false);
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2).replace(/^\n+/, '');
            if (block.includes('event: connected')) resolve(true);
            else if (block.includes('event: serialized-error')) resolve(false);
            else if (block.startsWith('data: ')) onEvent();
          }
        });
      },
    );
    outgoing.on('error', () => resolve(false));
    streams.push(outgoing);
  });
}

// --- The process -----------------------------------------------------------------------------------
/** The environment and node flags `npm run serve` starts the server with, so that the figures are production's. */
function serveCommand(root: string): { env: Record<string, string>; flags: string[] } {
  const script = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve ?? '';
  const words = script.split(' ').filter(Boolean);
  const node = words.indexOf('node');
  if (node < 0 || words.at(-1) !== 'dist/server/server.js' || !words.slice(0, node).every((word) => /^\w+=\S*$/.test(word))) {
    throw new Error(`bench:load reads the environment and node flags of \`npm run serve\` from package.json, and cannot read "${script}".`);
  }
  const env = Object.fromEntries(words.slice(0, node).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  return { env, flags: words.slice(node + 1, -1) };
}

/** The process's CPU time so far (user and system), in ms (Linux). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After the command: state is field 3, utime 14 and stime 15 (proc(5)), so indexes 11 and 12 here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024);
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

await main();
