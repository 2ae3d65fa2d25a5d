// `npm run bench:http`: the app over HTTP next to its floors, in one run on the same database and
// machine: a bare Hono handler returning a small JSON, and one doing a primary-key SELECT (pg for
// PostgreSQL, in-process PGlite for embedded). Both are loaded with autocannon under the same settings;
// prints req/s, p50, p99, errors and each figure's ratio to its floor, the app's RSS and its start-up
// time to the first answer. Figures, not a test.
//
// Database: with DATABASE_URL a fresh `<name>_bench_http` database on that server (created and
// dropped here); without it an embedded PGlite in a temporary DATA_DIR. Floors and app take turns,
// each in a child process of its own (a PGlite data directory opens in one process at a time):
// floors, app, floors, app, ... floors (BENCH_ROUNDS app runs, 3 unless set); each app run's ratio is
// to the mean of the floor runs on either side of it, and the median of those is the figure.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

/** What the floor child needs: where the database is, whose row to select, the app's pool size. */
interface FloorConfig {
  databaseUrl: string | null;
  dataDir: string | null;
  userId: string;
  poolMax: number;
}

const FLOOR_SELECT = 'SELECT id FROM users WHERE id = $1';

if (process.argv[2] === '--floor') await runFloor(JSON.parse(process.argv[3]!) as FloorConfig);
else await main();

// --- The floor (child process) ---------------------------------------------------------------------
async function runFloor({ databaseUrl, dataDir, userId, poolMax }: FloorConfig) {
  let select: () => Promise<unknown[]>;
  let close: () => Promise<void>;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
    select = async () => (await pool.query(FLOOR_SELECT, [userId])).rows;
    close = () => pool.end();
  } else {
    // Opened as src/server/db/embedded.ts opens it (the extension the migrations use, its settings).
    const { PGlite } = await import('@electric-sql/pglite');
    const { PGLITE_OPTIONS } = await import('../src/server/db/embedded.ts');
    const db = await PGlite.create(path.join(dataDir!, 'pgdata'), PGLITE_OPTIONS);
    select = async () => (await db.query(FLOOR_SELECT, [userId])).rows;
    close = () => db.close();
  }
  const app = new Hono();
  app.get('/floor/json', (c) => c.json({ status: 'ok' }));
  app.get('/floor/select', async (c) => {
    const [row] = await select();
    return row ? c.json(row) : c.json({ message: 'Not found' }, 404);
  });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => process.send!({ port: info.port }));
  process.once('SIGTERM', () => {
    server.close();
    void close().then(() => process.exit(0));
  });
}

// --- The bench -------------------------------------------------------------------------------------
interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface RequestsHistogram extends Histogram {
  /** Requests answered during the run. */
  total: number;
}
interface LoadResult {
  requests: RequestsHistogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<LoadResult>;

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time (user + system) the server process spent per answered request. */
  cpuMs: number;
  detail: string;
}

async function main() {
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
  const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
  const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
  const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
  const root = path.resolve(import.meta.dirname, '..');

  if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) {
    console.error('bench:http runs the production server, which serves the built client: run `npm run build` first (dist/client is missing).');
    process.exitCode = 1;
    return;
  }
  const compiled = path.join(root, 'dist/server/server.js');
  // The environment and node flags `npm run serve` starts the server with, so that the figures are production's.
  const serveScript = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve ?? '';
  const serveCommand = /^((?:\w+=\S+ )*)node((?: --\S+)*) dist\/server\/server\.js$/.exec(serveScript);
  if (!serveCommand) {
    console.error(`bench:http reads the environment and node flags of \`npm run serve\` from package.json, and cannot read "${serveScript}".`);
    process.exitCode = 1;
    return;
  }
  const serveEnv = Object.fromEntries(
    serveCommand[1]!
      .trim()
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const serveFlags = serveCommand[2]!.trim().split(' ').filter(Boolean);
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to see where the app's time goes.
  const nodeArgs = [...serveFlags, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const appArgs = [...nodeArgs, ...(fs.existsSync(compiled) ? [compiled] : ['--import', 'tsx', path.join(root, 'server.ts')])];

  // Loaded here, not at the top: the floor child runs this file too and should hold only Hono and its driver.
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const { openDatabase } = await import('../src/server/db/index.ts');
  const { createSession, SESSION_COOKIE } = await import('../src/server/auth/session.ts');
  const { parseEnv } = await import('../src/server/env.ts');
  const { createPrototype, createUser } = await import('../src/server/test/factories.ts');
  const { createBenchDatabase } = await import('./bench-database.ts');

  const base = process.env.DATABASE_URL;
  const target = base ? await createBenchDatabase(base, 'bench_http') : null;
  const dataDir = target ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-bench-http-'));
  const logPath = path.join(os.tmpdir(), `atomix-bench-http-${process.pid}.log`);
  const children = new Set<ChildProcess>();
  try {
    const port = await freePort();
    const appEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...serveEnv,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_EMAIL: 'bench-admin@example.test',
      ADMIN_PASSWORD: 'Bench-admin-password-1',
      DATABASE_URL: target?.url,
      DATA_DIR: dataDir ?? undefined,
    };
    for (const key of Object.keys(appEnv)) if (appEnv[key] === undefined) delete appEnv[key];
    // The app's own settings (pool size, session lifetime), as it will read them.
    const settings = parseEnv(appEnv);

    // Seeded and closed before anything starts: migrations, one seller with 20 prototypes and a session.
    const seedDb = await openDatabase({ databaseUrl: target?.url, dataDir });
    let userId: string;
    let token: string;
    try {
      const seller = await createUser(seedDb.prisma, { email: 'bench-seller@example.test', firstName: 'Bench', lastName: 'Seller', isVerified: true });
      userId = seller.id;
      for (let i = 1; i <= 20; i++) await createPrototype(seedDb.prisma, userId, { prototypeName: `Bench prototype ${i}` });
      ({ token } = await createSession(seedDb.prisma, userId, { days: settings.SESSION_DAYS, maxDays: settings.SESSION_MAX_DAYS }));
    } finally {
      await seedDb.close();
    }

    const load = async (name: string, url: string, pid: number, headers: Record<string, string> = {}): Promise<Figures> => {
      const check = await get(url, headers);
      if (check.status !== 200) throw new Error(`${name}: expected 200 before loading it, got ${check.status} ${check.body.slice(0, 200)}`);
      if (WARMUP_SECONDS > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers });
      const cpuBefore = readCpuMs(pid);
      const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
      const cpuMs = (readCpuMs(pid) - cpuBefore) / Math.max(1, r.requests.total);
      const codes = Object.entries(r.statusCodeStats)
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, { count }]) => `${count} × ${code}`);
      if (r.errors) codes.push(`${r.errors} connection errors (${r.timeouts} timeouts)`);
      return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors, cpuMs, detail: codes.join(', ') };
    };

    // BENCH_ONLY=auth (or healthz, prototypes; comma-separated) loads only those app paths: one
    // path per CPU profile.
    const chosen = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
    const skipped: Figures = { name: '', rps: NaN, p50: NaN, p99: NaN, errors: 0, cpuMs: NaN, detail: 'not chosen (BENCH_ONLY)' };

    // Rounds: the floors, then the app, then the floors again, ROUNDS times over (each floor run
    // closes one round and opens the next). Each round's ratio is to the mean of the floors just
    // before and just after it, and the median round is the figure: a shared machine's speed drifts
    // within a minute, and a ratio taken over seconds on both sides drifts with it.
    const floorConfig: FloorConfig = { databaseUrl: target?.url ?? null, dataDir, userId, poolMax: settings.DATABASE_POOL_MAX };
    const runFloors = async (label: string) => {
      const floor = fork(import.meta.filename, ['--floor', JSON.stringify(floorConfig)], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.add(floor);
      const floorPort = await new Promise<number>((resolve, reject) => {
        floor.once('message', (message: { port: number }) => resolve(message.port));
        floor.once('exit', (code) => reject(new Error(`the floor server exited (${code}) before listening`)));
      });
      const json = await load(`floor: bare Hono, small JSON (${label})`, `http://127.0.0.1:${floorPort}/floor/json`, floor.pid!);
      const select = await load(`floor: Hono + PK select, ${target ? 'pg' : 'PGlite'} (${label})`, `http://127.0.0.1:${floorPort}/floor/select`, floor.pid!);
      const rss = readMemory(floor.pid!).rss;
      await stop(floor);
      return { json, select, rss };
    };

    // The app: spawned as node itself (not through npm or a shell), so its pid is the server's.
    // Request logging stays on, as in production; its lines go to a file, as they would to a log collector.
    const runApp = async () => {
      let output = '';
      const startedAt = performance.now();
      const logFile = fs.openSync(logPath, 'w');
      const app = spawn(process.execPath, appArgs, { cwd: root, env: appEnv, stdio: ['ignore', logFile, 'pipe'] });
      children.add(app);
      app.stderr!.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000)));
      const appUrl = `http://127.0.0.1:${port}`;
      for (;;) {
        if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}) before answering:\n${output}`);
        if (performance.now() - startedAt > 60_000) throw new Error(`the app did not answer /readyz within 60 s:\n${output}`);
        const ready = await get(`${appUrl}/readyz`).catch(() => null);
        if (ready?.status === 200) break;
        await sleep(10);
      }
      const startupMs = performance.now() - startedAt;
      await sleep(1000);
      const idle = readMemory(app.pid!);
      const cookie = { cookie: `${SESSION_COOKIE}=${token}` };
      const loadIfChosen = (key: string, name: string, url: string, headers?: Record<string, string>) =>
        !chosen || chosen.includes(key) ? load(name, url, app.pid!, headers) : Promise.resolve({ ...skipped, name });
      const healthz = await loadIfChosen('healthz', 'GET /healthz', `${appUrl}/healthz`);
      const authUser = await loadIfChosen('auth', 'GET /api/auth/user', `${appUrl}/api/auth/user`, cookie);
      const sellerPrototypes = await loadIfChosen('prototypes', 'GET /api/seller/prototypes (20)', `${appUrl}/api/seller/prototypes`, cookie);
      const loaded = readMemory(app.pid!);
      if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}) during the load:\n${output}`);
      await stop(app);
      fs.closeSync(logFile);
      return { startupMs, idle, loaded, healthz, authUser, sellerPrototypes };
    };

    const floorRuns = [await runFloors('round 1, before')];
    const appRuns: Awaited<ReturnType<typeof runApp>>[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      appRuns.push(await runApp());
      floorRuns.push(await runFloors(round === ROUNDS ? `round ${round}, after` : `rounds ${round} and ${round + 1}`));
    }

    // The figures.
    const embedded = !target;
    const rssTargetMb = embedded ? 400 : 150;
    const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    console.log(
      `\nbench:http — ${embedded ? 'embedded PGlite (temporary DATA_DIR)' : `PostgreSQL (${target.name})`}, ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)} now), Node ${process.version}`,
    );
    console.log(
      `app: ${Object.entries(serveEnv)
        .map(([name, value]) => `${name}=${value} `)
        .join('')}node ${appArgs.map((a) => path.relative(root, a) || a).join(' ')}; floors: one child process with @hono/node-server`,
    );
    console.log(
      `load: autocannon in this process, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s measured per endpoint; ` +
        `${ROUNDS} rounds of floors, app, floors`,
    );
    console.log(
      'rate limits: none lifted — the app limits sign-in, registration, password recovery, contact, replies, submissions, uploads and 2FA codes, not these GETs\n',
    );
    const line = (...columns: string[]) => console.log(columns.join(' ').trimEnd());
    const columns = (figures: Figures, ratio: string, target: string, verdict: string, rounds: string) =>
      line(
        figures.name.padEnd(42),
        figures.rps.toFixed(0).padStart(9),
        ms(figures.p50).padStart(8),
        ms(figures.p99).padStart(8),
        String(figures.errors).padStart(7),
        (Number.isNaN(figures.cpuMs) ? '' : figures.cpuMs.toFixed(3)).padStart(11),
        ratio.padStart(8),
        target.padStart(7),
        verdict.padEnd(7),
        rounds,
      );
    line(
      'endpoint'.padEnd(42),
      'req/s'.padStart(9),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'errors'.padStart(7),
      'CPU ms/req'.padStart(11),
      '× floor'.padStart(8),
      'target'.padStart(7),
      'verdict'.padEnd(7),
      'rounds (× floor)',
    );
    for (const run of floorRuns) columns(run.json, '', '', '', '');
    for (const run of floorRuns) columns(run.select, '', '', '', '');
    const endpoints = [
      { path: 'healthz', floor: 'json', wanted: 0.5 },
      { path: 'authUser', floor: 'select', wanted: 0.5 },
      { path: 'sellerPrototypes', floor: 'select', wanted: 0.35 },
    ] as const;
    let errors = floorRuns.reduce((sum, run) => sum + run.json.errors + run.select.errors, 0);
    for (const { path: key, floor, wanted } of endpoints) {
      const rounds = appRuns.map((run, index) => ({
        figures: run[key],
        ratio: run[key].rps / ((floorRuns[index]![floor].rps + floorRuns[index + 1]![floor].rps) / 2),
      }));
      const roundErrors = rounds.reduce((sum, { figures }) => sum + figures.errors, 0);
      errors += roundErrors;
      const median = medianBy(rounds, ({ ratio }) => ratio);
      if (Number.isNaN(median.ratio)) {
        columns(median.figures, '', '', '', median.figures.detail);
        continue;
      }
      columns(
        { ...median.figures, errors: roundErrors },
        median.ratio.toFixed(2),
        `≥ ${wanted.toFixed(2)}`,
        met(median.ratio >= wanted && roundErrors === 0),
        rounds.map(({ ratio }) => ratio.toFixed(2)).join(' ') + (median.figures.detail ? ` (${median.figures.detail})` : ''),
      );
    }
    console.log(
      "\nan app row is its median round; each round's ratio is to the mean of the floor runs just before and just after it " +
        '(in order: the floor rows above, one run between each two rounds)',
    );
    console.log(`\nerrors in all runs: ${errors} (target 0: ${met(errors === 0)})`);
    const idle = medianBy(appRuns, (run) => run.idle.rss).idle.rss;
    const roundsOf = (values: number[], unit: (value: number) => string) => values.map(unit).join(', ');
    console.log(
      `app RSS: ${mb(idle)} idle (1 s after ready, median of rounds: ${roundsOf(
        appRuns.map((run) => run.idle.rss),
        mb,
      )}), ${roundsOf(
        appRuns.map((run) => run.loaded.rss),
        mb,
      )} after the load, peak ${mb(Math.max(...appRuns.map((run) => run.loaded.hwm)))}; ` +
        `target ≤ ${rssTargetMb} MB ${embedded ? 'embedded' : 'PostgreSQL'}: ${met(idle <= rssTargetMb * 1024 * 1024)}`,
    );
    console.log(`floor process RSS after its load: ${mb(Math.max(...floorRuns.map((run) => run.rss)))}`);
    const startupMs = medianBy(appRuns, (run) => run.startupMs).startupMs;
    console.log(
      `app start-up, spawn → first 200 from /readyz (database already migrated by the seed): ${startupMs.toFixed(0)} ms (median of rounds: ${roundsOf(
        appRuns.map((run) => run.startupMs),
        (value) => value.toFixed(0),
      )})` + (embedded ? ' (target ≤ 2000 ms is for PostgreSQL)' : `; target ≤ 2000 ms: ${met(startupMs <= 2000)}`),
    );
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await target?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(logPath, { force: true });
  }
}

/** The item whose value is the median (the lower middle of an even count). */
function medianBy<T>(items: T[], value: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** autocannon records latency in whole milliseconds. */
function ms(value: number) {
  return value < 1 ? '<1' : value.toFixed(0);
}

function mb(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
function readCpuMs(pid: number): number {
  // Fields 14 and 15 (utime, stime), counted after the command name, which may hold spaces.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** Resident memory of a process now, and its peak, from /proc (Linux). */
function readMemory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One GET on a connection of its own, with its status and body. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers, timeout: 2000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/** SIGTERM and wait for the exit; a process that takes over 15 s is killed. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
