// Where the test suite's time goes: runs `npm test` (and, with --postgres, `npm run test:postgres`
// as CI does) step by step, and prints the time of each step, the slowest Vitest files and
// Playwright specs, and the database set-up times, as Markdown tables (ADR 0028).
//
//   npm run test:timings                       # npm test once
//   npm run test:timings -- --runs 3           # three times, medians
//   npm run test:timings -- --postgres         # also CI's PostgreSQL pass (127.0.0.1:5432/test)
//   npm run test:timings -- --postgres postgresql://user@host:5432/db
//
// The steps are read from package.json, so this follows the scripts as they change. Vitest and
// Playwright write JSON reports and the test databases their set-up times into TEST_TIMINGS_DIR.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, postgres: { type: 'boolean', default: false } },
  allowPositionals: true,
  strict: false,
});
const postgresUrl =
  options.postgres === true
    ? (process.argv.find((arg) => arg.startsWith('postgres://') || arg.startsWith('postgresql://')) ?? 'postgresql://postgres@127.0.0.1:5432/test')
    : null;
const runs = Math.max(1, Number(options.runs) || 1);
const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

interface Step {
  /** The npm scripts it was reached through, e.g. "test > test:e2e > build". */
  label: string;
  command: string;
}

/** The shell commands `npm run name` runs, in order, as npm would (arguments after -- go to the end of the script). */
function stepsOf(command: string, via: string[]): Step[] {
  const match = /^npm run (\S+)(?: -- (.*))?$/.exec(command.trim());
  if (!match) return [{ label: via.join(' > '), command: command.trim() }];
  const [, name, args] = match as unknown as [string, string, string | undefined];
  const script = scripts[name];
  if (!script) throw new Error(`package.json has no script "${name}"`);
  return `${script}${args ? ` ${args}` : ''}`.split(' && ').flatMap((part) => stepsOf(part, [...via, name]));
}

interface RunFigures {
  steps: { label: string; command: string; seconds: number }[];
  vitestFiles: Map<string, number>;
  playwrightSpecs: Map<string, number>;
  setUps: { label: string; ms: number }[];
}

function readJson<T>(file: string): T | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : null;
}

interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number }[];
}
interface PlaywrightSuite {
  file?: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function collectReports(dir: string, prefix: string, figures: RunFigures) {
  const vitest = readJson<VitestReport>(path.join(dir, 'vitest.json'));
  for (const file of vitest?.testResults ?? []) {
    figures.vitestFiles.set(`${prefix}${path.relative(ROOT, file.name)}`, (file.endTime - file.startTime) / 1000);
  }
  const playwright = readJson<{ suites: PlaywrightSuite[] }>(path.join(dir, 'playwright.json'));
  const walk = (suite: PlaywrightSuite, file: string) => {
    const spec = suite.file ?? file;
    for (const s of suite.specs ?? []) {
      for (const t of s.tests) {
        for (const r of t.results) figures.playwrightSpecs.set(`${prefix}${spec}`, (figures.playwrightSpecs.get(`${prefix}${spec}`) ?? 0) + r.duration / 1000);
      }
    }
    for (const child of suite.suites ?? []) walk(child, spec);
  };
  for (const suite of playwright?.suites ?? []) walk(suite, suite.file ?? '?');
  const setUps = path.join(dir, 'db-setup.jsonl');
  if (fs.existsSync(setUps)) {
    for (const line of fs.readFileSync(setUps, 'utf8').split('\n').filter(Boolean)) {
      const { label, ms } = JSON.parse(line) as { label: string; ms: number };
      figures.setUps.push({ label: `${prefix}${label}`, ms });
    }
  }
}

function runOnce(run: number): RunFigures {
  const figures: RunFigures = { steps: [], vitestFiles: new Map(), playwrightSpecs: new Map(), setUps: [] };
  const passes: { name: string; prefix: string; steps: Step[]; env: Record<string, string> }[] = [
    { name: 'npm test', prefix: '', steps: stepsOf('npm run test', []), env: {} },
  ];
  if (postgresUrl) {
    passes.push({ name: 'npm run test:postgres', prefix: 'postgres: ', steps: stepsOf('npm run test:postgres', []), env: { DATABASE_URL: postgresUrl } });
  }
  for (const pass of passes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-timings-'));
    for (const step of pass.steps) {
      console.error(`== run ${run}, ${pass.name}: ${step.command}`);
      const started = performance.now();
      const result = spawnSync('sh', ['-c', step.command], {
        cwd: ROOT,
        // The tools' own output goes to stderr: stdout carries only the tables.
        stdio: ['ignore', 2, 2],
        env: {
          ...process.env,
          ...pass.env,
          TEST_TIMINGS_DIR: dir,
          PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
        },
      });
      figures.steps.push({ label: `${pass.prefix}${step.label}`, command: step.command, seconds: (performance.now() - started) / 1000 });
      if (result.status !== 0) {
        console.error(`\`${step.command}\` failed (exit ${result.status}): timings stop here`);
        process.exit(1);
      }
    }
    collectReports(dir, pass.prefix, figures);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

function table(title: string, header: string, rows: [string, number][], format: (value: number) => string, limit = Infinity) {
  console.log(`\n### ${title}\n\n| ${header} | ${runs > 1 ? `median of ${runs}` : 'time'} |\n|---|---:|`);
  for (const [name, value] of rows.slice(0, limit)) console.log(`| ${name} | ${format(value)} |`);
}

/** The median of each key over the runs that have it, largest first. */
function medians(maps: Map<string, number>[]): [string, number][] {
  const keys = new Set(maps.flatMap((map) => [...map.keys()]));
  return [...keys].map((key): [string, number] => [key, median(maps.flatMap((map) => (map.has(key) ? [map.get(key)!] : [])))]).sort((a, b) => b[1] - a[1]);
}

const results = Array.from({ length: runs }, (_, i) => runOnce(i + 1));

const stepRows: [string, number][] = results[0]!.steps.map((step, i) => [
  `${step.label}: \`${step.command}\``,
  median(results.map((r) => r.steps[i]!.seconds)),
]);
const total = median(results.map((r) => r.steps.reduce((sum, step) => sum + step.seconds, 0)));
console.log(`\n## Test timings (${os.availableParallelism()} cores, ${new Date().toISOString().slice(0, 16)}Z)`);
table('Steps', 'step', [...stepRows, ['**total**', total]], minutes);
const vitest = medians(results.map((r) => r.vitestFiles));
table(`Slowest Vitest files (of ${vitest.length})`, 'file', vitest, (s) => `${s.toFixed(1)} s`, 15);
const playwright = medians(results.map((r) => r.playwrightSpecs));
table(
  `Slowest Playwright specs (of ${playwright.length}; time summed over the spec's tests, which run in parallel)`,
  'spec',
  playwright,
  (s) => `${s.toFixed(1)} s`,
  15,
);
const setUps = medians(results.map((r) => new Map(r.setUps.map((s) => [s.label, s.ms / 1000]))));
table('Database set-up', 'what', setUps, (s) => `${s.toFixed(2)} s`);
