// `npm run bench:web`: builds the client, serves it from the production server on a fresh database, and
// prints per public route the gzip JS/CSS of the first load and a Lighthouse (mobile) performance run.
// Options: --runs N (Lighthouse runs per route, the median is printed; default 1), --skip-lighthouse.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { freePort, stopProcess } from './child-processes.ts';
import { HOME_JS_TARGET_KB, PUBLIC_ROUTES as ROUTES, firstLoadBytes } from './first-load.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const TARGETS = { performance: 95, cls: 0.05, homeJsKb: HOME_JS_TARGET_KB };

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const runs = Math.max(1, Number(argValue('--runs') ?? 1));
const skipLighthouse = process.argv.includes('--skip-lighthouse');

// ---------------------------------------------------------------------------------------------- build

/** The server and Chromium, stopped on the way out. */
const children: ChildProcess[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-bench-'));
const clientDir = path.join(work, 'client');
const dataDir = path.join(work, 'data');
console.log(`Building into ${clientDir} ...`);
// A separate output directory, so that a server or e2e run using dist/ is not disturbed: the client
// (with its manifest) and its pre-rendered pages, as `npm run build` makes them. The server runs from
// source (tsx), so its own build step is not needed.
const buildSteps: [string, string[], NodeJS.ProcessEnv?][] = [
  [path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', clientDir, '--emptyOutDir']],
  [path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/prerender.ts'], { ...process.env, CLIENT_DIR: clientDir }],
];
for (const [command, args, env] of buildSteps) {
  const step = spawnSync(command, args, { cwd: ROOT, env: env ?? process.env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (step.status !== 0) fail(`the build failed (${path.basename(command)} ${args.join(' ')})`);
}

// ------------------------------------------------------------------------------------ first-load bytes

const bytes = new Map(ROUTES.map((route) => [route.path, firstLoadBytes(clientDir, route.file)]));

// ------------------------------------------------------------------------------------------- lighthouse

interface Score {
  performance: number;
  /** The lowest performance score of the runs (the median run's other figures are printed). */
  worst?: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
}
const scores = new Map<string, Score>();
/** Stops the server and Chromium, waits for them, then removes the temporary directory. */
async function shutdown(code: number): Promise<never> {
  await Promise.all(children.map((child) => stopProcess(child, 10_000)));
  try {
    fs.rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch {
    console.error(`bench:web: could not remove ${work}`);
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(130));

if (!skipLighthouse) {
  if (!fs.existsSync(CHROMIUM)) fail(`${CHROMIUM} is missing: apt-get install -y chromium`);
  const port = await freePort();
  console.log(`Starting the production server on port ${port} ...`);
  // Always the embedded database in a fresh DATA_DIR, never a configured PostgreSQL server.
  const { DATABASE_URL: _ignored, ...serverEnv } = process.env;
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server.ts'], {
    cwd: ROOT,
    env: {
      ...serverEnv,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(server);
  let serverErrors = '';
  server.stderr?.on('data', (chunk: Buffer) => (serverErrors += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/readyz`, 120_000, () => serverErrors);

  const debugPort = await freePort();
  const chrome = spawn(CHROMIUM, [...CHROMIUM_FLAGS, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${path.join(work, 'chrome')}`, 'about:blank'], {
    stdio: 'ignore',
  });
  children.push(chrome);
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 30_000);

  for (const route of ROUTES) {
    const samples: Score[] = [];
    for (let i = 0; i < runs; i++) {
      process.stdout.write(`Lighthouse ${route.path} (${i + 1}/${runs}) ...\r`);
      const lhr = await audit(`${base}${route.path}`, debugPort);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      samples.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: metric('largest-contentful-paint'),
        cls: metric('cumulative-layout-shift'),
        tbt: metric('total-blocking-time'),
        fcp: metric('first-contentful-paint'),
      });
    }
    samples.sort((a, b) => a.performance - b.performance);
    const median = samples[Math.floor(samples.length / 2)];
    if (median) scores.set(route.path, { ...median, worst: samples[0]?.performance });
  }
  process.stdout.write(' '.repeat(60) + '\r');
}

// ---------------------------------------------------------------------------------------------- report

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows = ROUTES.map(({ path: route }) => {
  const b = bytes.get(route);
  const s = scores.get(route);
  return {
    route,
    'JS gzip': b ? kb(b.js) : '',
    'CSS gzip': b ? kb(b.css) : '',
    files: b?.files ?? '',
    ...(s
      ? {
          performance: s.performance,
          ...(runs > 1 ? { worst: s.worst } : {}),
          'FCP ms': Math.round(s.fcp),
          'LCP ms': Math.round(s.lcp),
          CLS: Number(s.cls.toFixed(3)),
          'TBT ms': Math.round(s.tbt),
        }
      : {}),
  };
});
console.log(`\nFirst load per public route${skipLighthouse ? '' : `, Lighthouse mobile (median of ${runs})`}:`);
console.table(rows);

const misses: string[] = [];
const homeJs = bytes.get('/')?.js ?? 0;
if (homeJs >= TARGETS.homeJsKb * 1024) misses.push(`home page JS ${kb(homeJs)} (target < ${TARGETS.homeJsKb} KB)`);
for (const [route, s] of scores) {
  if (s.performance < TARGETS.performance) misses.push(`${route}: performance ${s.performance} (target >= ${TARGETS.performance})`);
  if (!(s.cls < TARGETS.cls)) misses.push(`${route}: CLS ${s.cls.toFixed(3)} (target < ${TARGETS.cls})`);
}
if (misses.length) {
  console.log(`Targets missed:\n  ${misses.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log(`All targets met: home JS < ${TARGETS.homeJsKb} KB${skipLighthouse ? '' : `, performance >= ${TARGETS.performance}, CLS < ${TARGETS.cls}`}.`);
}
await shutdown(Number(process.exitCode ?? 0));

// ------------------------------------------------------------------------------------------------ helpers

function fail(message: string): never {
  console.error(`bench:web: ${message}`);
  for (const child of children) child.kill('SIGKILL');
  try {
    fs.rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch {
    // Chromium may still be writing its profile; the OS cleans the temporary directory.
  }
  process.exit(1);
}

/** One Lighthouse run; a run that fails to record the page (a known intermittent trace error) is retried twice. */
async function audit(url: string, port: number) {
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    // The default config is Lighthouse's mobile profile: Moto G Power, simulated slow 4G, 4x CPU slowdown.
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (result && !result.lhr.runtimeError) return result.lhr;
    lastError = result?.lhr.runtimeError?.message ?? 'no result';
  }
  return fail(`Lighthouse failed on ${url}: ${lastError}`);
}

async function waitFor(url: string, timeoutMs: number, details: () => string = () => '') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`${url} did not answer within ${timeoutMs / 1000} s\n${details()}`);
}
