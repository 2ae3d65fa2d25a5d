// `npm run bench:api`: fills a fresh database with 100,000 prototypes and 20,000 users and prints
// median and p95 latency of the admin list, search and counter calls next to a primary-key SELECT.
// Embedded PGlite in memory by default; with DATABASE_URL a separate `<name>_bench` database on that
// server (created and dropped here; never the database the URL names).
import { sessionUserSelect } from '../src/server/auth/session-user.ts';
import { createContextInner } from '../src/server/context.ts';
import { testServices } from '../src/server/test/services.ts';
import { type Database, openDatabase } from '../src/server/db/index.ts';
import { createCaller } from '../src/server/routers/_app.ts';
import { createBenchDatabase } from './bench-database.ts';

const PROTOTYPES = Number(process.env.BENCH_PROTOTYPES ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

async function fill(db: Database) {
  const started = performance.now();
  // One admin first (the caller), then sellers; a fixed dummy hash (no one signs in here).
  await db.pool.query(`
    INSERT INTO users (id, email, password, first_name, last_name, role, status, business_name, created_at, updated_at)
    SELECT gen_random_uuid(), 'bench-' || g || '@example.test', 'x', 'First' || g, 'Last' || (g % 997),
           CASE WHEN g <= 5 THEN 'admin'::"Role" ELSE 'user'::"Role" END,
           CASE WHEN g % 50 = 0 THEN 'banned'::"UserStatus" WHEN g % 40 = 0 THEN 'restricted'::"UserStatus" ELSE 'active'::"UserStatus" END,
           CASE WHEN g % 3 = 0 THEN 'Company ' || g END,
           now() - (g || ' minutes')::interval, now()
    FROM generate_series(1, ${USERS}) g`);
  await db.pool.query(`
    WITH sellers AS (SELECT id, row_number() OVER () AS n FROM users WHERE role = 'user')
    INSERT INTO prototypes (seller_id, inventor_name, prototype_name, energy_type, description, status, priority, power_output, efficiency, created_at, updated_at)
    SELECT s.id, 'Inventor ' || (g % 5000),
           (ARRAY['Fusion','Helios','Quantum','Breeze','Vortex','Aurora','Photon','Tidal'])[1 + g % 8] || ' Reactor ' || g,
           (ARRAY['nuclear','natural','quantum','zero-point','solar','other'])[1 + g % 6],
           'Benchmark prototype number ' || g,
           (ARRAY['submitted','under_review','approved','rejected','quoted','accepted','in_development','active'])[1 + g % 8]::"PrototypeStatus",
           (ARRAY['low','medium','high'])[1 + g % 3]::"Level",
           g % 3000, g % 100, now() - (g || ' seconds')::interval, now()
    FROM generate_series(1, ${PROTOTYPES}) g
    JOIN sellers s ON s.n = 1 + g % (SELECT count(*) FROM sellers)`);
  // The evaluation (issue 14): met due dates past the first look, final scores on two thirds, stages,
  // milestones in development, and reviewers (the five admins) with some scorecards.
  await db.pool.query(`
    UPDATE prototypes SET
      initial_review_met_at = CASE WHEN status <> 'submitted' THEN created_at + interval '1 hour' END,
      feedback_met_at = CASE WHEN status NOT IN ('submitted', 'under_review') THEN created_at + interval '2 hours' END,
      technical_feasibility = CASE WHEN id % 3 <> 0 THEN (id * 37) % 101 END,
      commercial_viability = CASE WHEN id % 3 <> 0 THEN (id * 53) % 101 END,
      stage = (CASE status
        WHEN 'under_review' THEN (ARRAY['technical_evaluation', 'commercial_evaluation'])[1 + id % 2]
        WHEN 'quoted' THEN 'negotiation' WHEN 'accepted' THEN 'negotiation' WHEN 'rejected' THEN 'closed'
        WHEN 'in_development' THEN 'development' WHEN 'active' THEN 'deployment' ELSE 'initial_review' END)::"PrototypeStage",
      next_milestone = CASE WHEN status = 'in_development' THEN 'Pilot ' || id END,
      milestone_date = CASE WHEN status = 'in_development' THEN created_at + interval '20 days' END`);
  await db.pool.query(`
    WITH admins AS (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM users WHERE role = 'admin')
    INSERT INTO prototype_reviewers (prototype_id, reviewer_id)
    SELECT p.id, a.id FROM prototypes p JOIN admins a ON a.n IN (1 + p.id % 5, 1 + (p.id + 1) % 5) WHERE p.id % 4 = 0`);
  await db.pool.query(`
    INSERT INTO prototype_scorecards (prototype_id, reviewer_id, technical_feasibility, commercial_viability, risk_level, market_potential,
      trl, estimated_value, investment_required, timeline_weeks, confidence, strengths, concerns, updated_at)
    SELECT prototype_id, reviewer_id, 50, 50, 'medium', 'medium', 5, 1000, 1000, 10, 'medium', 'ok', 'ok', now()
    FROM prototype_reviewers WHERE prototype_id % 8 = 0`);
  // Moderation (issue 15): concern reports about users and prototypes, and support tickets.
  await db.pool.query(`
    WITH sellers AS (SELECT id, row_number() OVER () AS n FROM users WHERE role = 'user')
    INSERT INTO content_reports (reporter_id, target_type, target_id, reason, status, created_at)
    SELECT s.id, CASE WHEN g % 2 = 0 THEN 'prototype' ELSE 'user' END, CASE WHEN g % 2 = 0 THEN (g % ${PROTOTYPES} + 1)::text ELSE s.id::text END,
           (ARRAY['ip_dispute','safety','misleading_claims','harassment','spam','other'])[1 + g % 6],
           (ARRAY['pending','reviewed','resolved','dismissed'])[1 + g % 4]::"ReportStatus", now() - (g || ' minutes')::interval
    FROM generate_series(1, ${USERS}) g JOIN sellers s ON s.n = 1 + g % (SELECT count(*) FROM sellers)`);
  await db.pool.query(`
    WITH sellers AS (SELECT id, row_number() OVER () AS n FROM users WHERE role = 'user')
    INSERT INTO support_tickets (user_id, category, priority, status, subject, description, created_at, last_updated, awaiting_reply_since)
    SELECT s.id, (ARRAY['account','prototype','payout','technical','other'])[1 + g % 5], (ARRAY['low','medium','high'])[1 + g % 3]::"Level",
           (ARRAY['open','in_progress','waiting_on_user','resolved','closed'])[1 + g % 5]::"TicketStatus", 'Ticket ' || g, 'Help ' || g,
           now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval,
           -- Open and in-progress tickets wait for the team's answer since the user's last word.
           CASE WHEN g % 5 IN (0, 1) THEN now() - (g || ' minutes')::interval END
    FROM generate_series(1, ${USERS / 2}) g JOIN sellers s ON s.n = 1 + g % (SELECT count(*) FROM sellers)`);
  await db.pool.query('ANALYZE');
  return performance.now() - started;
}

async function measure(run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

const base = process.env.DATABASE_URL;
const target = base ? await createBenchDatabase(base, 'bench') : null;
const db = await openDatabase({ databaseUrl: target?.url, dataDir: null });
try {
  console.log(`Database: ${target ? `PostgreSQL (${new URL(target.url).pathname.slice(1)})` : 'embedded PGlite (in memory)'}`);
  const fillMs = await fill(db);
  console.log(`Filled ${PROTOTYPES.toLocaleString('en-US')} prototypes and ${USERS.toLocaleString('en-US')} users in ${(fillMs / 1000).toFixed(1)} s\n`);
  const adminRow = await db.prisma.user.findFirstOrThrow({ where: { role: 'admin' }, select: { id: true } });
  const user = await db.prisma.user.findUniqueOrThrow({
    where: { id: adminRow.id },
    select: sessionUserSelect,
  });
  const caller = createCaller(
    createContextInner({
      ...testServices(db.prisma),
      db: db.prisma,
      user,
      session: { id: 'bench', expiresAt: new Date(Date.now() + 3_600_000), secondFactor: null },
    }),
  );
  const middle = await caller.admin.prototypes({ limit: 50 });
  const byScore = await caller.admin.prototypes({ limit: 50, sort: 'feasibility' });
  const someId = Math.floor(PROTOTYPES / 2);

  const cases: [string, () => Promise<unknown>][] = [
    ['SELECT one prototype by primary key', () => db.pool.query('SELECT * FROM prototypes WHERE id = $1', [someId])],
    ['admin.counters (7 counters)', () => caller.admin.counters()],
    ['admin.prototypes, first page of 50', () => caller.admin.prototypes({ limit: 50 })],
    ['admin.prototypes, next page (cursor)', () => caller.admin.prototypes({ limit: 50, cursor: middle.nextCursor! })],
    ['admin.prototypes, status + energy filter', () => caller.admin.prototypes({ limit: 50, status: 'under_review', energyType: 'solar' })],
    ['admin.prototypes, search "helios"', () => caller.admin.prototypes({ limit: 50, search: 'helios' })],
    ['admin.prototypes, search (rare) "reactor 9999"', () => caller.admin.prototypes({ limit: 50, search: 'reactor 9999' })],
    ['admin.prototypes, stage filter', () => caller.admin.prototypes({ limit: 50, stage: 'technical_evaluation' })],
    ['admin.prototypes, reviewer filter', () => caller.admin.prototypes({ limit: 50, reviewer: adminRow.id })],
    ['admin.prototypes, needs my scorecard', () => caller.admin.prototypes({ limit: 50, needsMyScorecard: true })],
    ['admin.prototypes, overdue', () => caller.admin.prototypes({ limit: 50, overdue: true })],
    ['admin.prototypes, by feasibility', () => caller.admin.prototypes({ limit: 50, sort: 'feasibility' })],
    ['admin.prototypes, by feasibility, next page', () => caller.admin.prototypes({ limit: 50, sort: 'feasibility', cursor: byScore.nextCursor! })],
    ['admin.users, first page of 50', () => caller.admin.users({ limit: 50 })],
    ['admin.users, search "company 12"', () => caller.admin.users({ limit: 50, search: 'company 12' })],
    // Moderation (issue 15): the status filters of the users list, the reports and support queues.
    ['admin.users, banned', () => caller.admin.users({ limit: 50, status: 'banned' })],
    ['admin.users, restricted, oldest first', () => caller.admin.users({ limit: 50, status: 'restricted', sort: 'oldest' })],
    ['reports.queue, pending', () => caller.reports.queue({ limit: 50, status: 'pending' })],
    ['reports.counts', () => caller.reports.counts()],
    ['support.queue, active', () => caller.support.queue({ limit: 50, status: 'active' })],
    ['support.queueSummary', () => caller.support.queueSummary()],
    ['admin.activity, first page of 50', () => caller.admin.activity({ limit: 50 })],
  ];
  console.log('call'.padEnd(48), 'median ms'.padStart(10), 'p95 ms'.padStart(10), 'p95 / PK'.padStart(10));
  let pk = 1;
  for (const [name, run] of cases) {
    const { median, p95 } = await measure(run);
    if (name.startsWith('SELECT')) pk = p95;
    console.log(name.padEnd(48), median.toFixed(2).padStart(10), p95.toFixed(2).padStart(10), `${(p95 / pk).toFixed(1)}x`.padStart(10));
  }
} finally {
  await db.close();
  await target?.drop();
}
