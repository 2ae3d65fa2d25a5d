// `npm run bench:live`: opens 1,000 live streams (GET /trpc/live.events) on one app instance and
// prints the memory each idle stream costs the server, then the delay from an admin's action to the
// event reaching its seller's stream while events flow. Figures, not a test (issue 16, ADR 0020).
//
// The server runs as a child process (its memory is its own). Its database: with DATABASE_URL a
// separate `<name>_bench_live` database on that server (created and dropped here); otherwise an
// embedded PGlite served on 127.0.0.1 (as for the end-to-end tests), which this script also writes
// the users and sessions into.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashToken } from '../src/server/auth/session.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const STREAMS = option('streams', 1000);
const EVENTS = option('events', 400);
const EVENTS_PER_SECOND = option('rate', 40);
const PORT = option('port', 4391);
const DB_PORT = 54391;
const ADMIN = { email: 'bench-admin@atomix.test', password: 'Bench-admin-password-1' };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function database(): Promise<{ url: string; kind: string; stop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const url = new URL(base);
    const name = `${url.pathname.slice(1) || 'postgres'}_bench_live`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      kind: 'PostgreSQL',
      stop: async () => {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-bench-live-'));
  const embedded = await startEmbeddedPostgres(dir, DB_PORT);
  return {
    url: `postgresql://postgres@127.0.0.1:${DB_PORT}/postgres`,
    kind: 'embedded PGlite',
    stop: async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}

async function waitForReady(url: string) {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer ${url}`);
}

/** One stream over its own socket; `onEvent` gets each data frame's arrival time. */
function openStream(token: string, onEvent: (at: number) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: PORT, path: '/trpc/live.events', agent: false, headers: { cookie: `atomix_session=${token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        let buffer = '';
        let connected = false;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.startsWith('event: connected')) {
              if (!connected) resolve(request);
              connected = true;
            } else if (block.startsWith('event: serialized-error')) {
              reject(new Error(block));
            } else if (block.startsWith('data: ')) {
              onEvent(performance.now());
            }
          }
        });
      },
    );
    request.on('error', reject);
  });
}

async function main() {
  const db = await database();
  const serverScript = path.resolve(import.meta.dirname, '../server.ts');
  const server = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      DATABASE_POOL_MAX: db.kind === 'PostgreSQL' ? '10' : '1',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      CLIENT_DIR: path.join(os.tmpdir(), 'atomix-no-client'),
      LOG_REQUESTS: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopAll = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await db.stop();
  };
  try {
    await waitForReady(`http://127.0.0.1:${PORT}/readyz`);

    // Sellers with a session each, written straight into the database (as the e2e fixtures do).
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows: sellers } = await client.query<{ id: string }>(`
      INSERT INTO users (id, email, password, first_name, role, status, created_at, updated_at)
      SELECT gen_random_uuid(), 'bench-live-' || g || '@example.test', 'x', 'Seller' || g, 'user', 'active', now(), now()
      FROM generate_series(1, ${STREAMS}) g RETURNING id`);
    const tokens = sellers.map((_, i) => `bench-live-token-${i}-${Math.random().toString(36).slice(2)}`);
    await client.query(`INSERT INTO sessions (id, user_id, expires_at) SELECT unnest($1::text[]), unnest($2::uuid[]), now() + interval '1 day'`, [
      tokens.map(hashToken),
      sellers.map((s) => s.id),
    ]);
    await client.end();

    // The admin who acts, signed in through the API.
    const login = await fetch(`http://127.0.0.1:${PORT}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`admin sign-in: ${login.status}`);
    const adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

    // Warm up (code paths, pools), then the idle baseline.
    for (let i = 0; i < 50; i++) await fetch(`http://127.0.0.1:${PORT}/api/auth/user`, { headers: { cookie: adminCookie } });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = rssOf(server.pid!);

    const arrivals: ((at: number) => void)[] = [];
    const opened: http.ClientRequest[] = [];
    const openStarted = performance.now();
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = tokens.slice(i, i + 50).map((token, j) => openStream(token, (at) => arrivals[i + j]?.(at)));
      opened.push(...(await Promise.all(batch)));
    }
    const openMs = performance.now() - openStarted;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idle = rssOf(server.pid!);

    // Events while they flow: an admin message to a random seller, a steady rate of them at once.
    const delays: number[] = [];
    let failed = 0;
    const gap = 1000 / EVENTS_PER_SECOND;
    const flowStarted = performance.now();
    const sends: Promise<void>[] = [];
    for (let n = 0; n < EVENTS; n++) {
      const due = flowStarted + n * gap;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const target = Math.floor(Math.random() * STREAMS);
      sends.push(
        (async () => {
          // A seller hears the message and its notification: the first of them counts.
          const started = performance.now();
          const heard = new Promise<number>((resolve) => {
            arrivals[target] = (at) => {
              arrivals[target] = () => {};
              resolve(at);
            };
          });
          const res = await fetch(`http://127.0.0.1:${PORT}/api/admin/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: adminCookie },
            body: JSON.stringify({ userId: sellers[target]!.id, subject: `Bench ${n}`, content: 'Live benchmark' }),
          });
          if (res.status !== 201) {
            failed++;
            return;
          }
          const at = await Promise.race([heard, new Promise<number>((resolve) => setTimeout(() => resolve(NaN), 10_000))]);
          if (Number.isNaN(at)) failed++;
          else delays.push(at - started);
        })(),
      );
    }
    await Promise.all(sends);
    const loaded = rssOf(server.pid!);
    for (const request of opened) request.destroy();

    console.log(`\nbench:live — ${db.kind}, ${os.cpus().length} cores, Node ${process.version}`);
    console.log(`streams opened: ${opened.length} in ${ms(openMs)}`);
    console.log(`server RSS: ${mb(before)} before, ${mb(idle)} with ${STREAMS} idle streams, ${mb(loaded)} after the events`);
    console.log(`memory per idle stream: ${((idle - before) / STREAMS / 1024).toFixed(1)} KB (target < 50 KB)`);
    console.log(`events: ${EVENTS} admin messages at ${EVENTS_PER_SECOND}/s to random sellers; ${delays.length} heard, ${failed} failed`);
    console.log(
      `action → delivery (request sent → first event on the seller's stream; an upper bound of commit → delivery): ` +
        `p50 ${ms(percentile(delays, 50))}, p95 ${ms(percentile(delays, 95))} (target < 250 ms), max ${ms(Math.max(...delays))}`,
    );
  } finally {
    await stopAll();
  }
}

await main();
