// The statements a piece of code sends: for tests that hold a screen to the reads it is meant to make.
import type { Database } from '../db/index.ts';

/** The statements sent through the pool from now until `stop()`. */
export function recordStatements(db: Pick<Database, 'pool'>) {
  const { pool } = db;
  const original = pool.query;
  const sent: string[] = [];
  pool.query = ((...args: Parameters<typeof pool.query>) => {
    const [first] = args as unknown[];
    sent.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return (original as (...a: unknown[]) => unknown).apply(pool, args);
  }) as typeof pool.query;
  return {
    stop: () => void (pool.query = original),
    /** Every statement sent. */
    count: () => sent.length,
    /** Statements that name `table` (read from or joined). */
    reading: (table: string) => sent.filter((sql) => sql.includes(`"${table}"`)).length,
    /** Statements whose own table is `table` (not only joined). */
    from: (table: string) => sent.filter((sql) => sql.includes(`FROM "public"."${table}" AS "t0"`)).length,
  };
}
