// @module-tag engine
// Rules the migrated schema's indexes keep so that the queries Prisma sends can read them.
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../test/database.ts';

describe('indexes', () => {
  it('no partial index is conditioned on an enum column (Prisma compares an enum through a cast the planner cannot match to the condition)', async () => {
    const db = await testDatabase();
    const { rows: partial } = await db.pool.query<{ name: string; condition: string; enumColumns: string[] }>(`
      SELECT c.relname AS name, pg_get_expr(i.indpred, i.indrelid) AS condition,
             ARRAY(SELECT a.attname::text FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
                   WHERE a.attrelid = i.indrelid AND a.attnum > 0 AND t.typtype = 'e'
                     AND pg_get_expr(i.indpred, i.indrelid) ~ ('\\m' || a.attname || '\\M')) AS "enumColumns"
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE i.indpred IS NOT NULL AND NOT i.indisunique AND n.nspname = 'public'`);
    // The overdue counter's three indexes at least (prisma/schema.prisma, views/review-promise-view.ts).
    expect(partial.map((index) => index.name)).toEqual(
      expect.arrayContaining(['prototypes_initial_review_open_idx', 'prototypes_feedback_open_idx', 'prototypes_milestone_open_idx']),
    );
    expect(partial.filter((index) => index.enumColumns.length > 0)).toEqual([]);

    // Why: with the status as a key column the planner reads the index for Prisma's cast.
    const { rows: plan } = await db.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT count(*) FROM prototypes
       WHERE status = CAST($1::text AS "PrototypeStatus") AND next_milestone IS NOT NULL AND milestone_date < $2`,
      ['in_development', new Date()],
    );
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('prototypes_milestone_open_idx');
  });
});
