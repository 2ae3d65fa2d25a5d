// Fixed-window counters kept in PostgreSQL, so a limit holds across every app instance.
import type { Db } from '../db/index.ts';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export const RATE_LIMITS = {
  loginPerAccount: { limit: 5, windowMs: 15 * 60_000 },
  loginPerIp: { limit: 20, windowMs: 15 * 60_000 },
  contactPerIp: { limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** Counts one attempt and returns the count in the current window (atomic upsert). */
export async function recordAttempt(db: Db, key: string, rule: RateLimitRule): Promise<number> {
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${rule.windowMs / 1000})
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${rule.windowMs / 1000})
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count`;
  return rows[0]?.count ?? 1;
}

/** Milliseconds until the key may try again, or 0 when it is under its limit. */
export async function retryAfterMs(db: Db, key: string, rule: RateLimitRule): Promise<number> {
  const row = await db.rateLimit.findUnique({ where: { key } });
  if (!row || row.count < rule.limit) return 0;
  const resetAt = row.windowStart.getTime() + rule.windowMs;
  return Math.max(0, resetAt - Date.now());
}

export async function clearAttempts(db: Db, key: string) {
  await db.rateLimit.deleteMany({ where: { key } });
}

/** Old windows are useless; removed now and then so the table stays small. */
export async function pruneRateLimits(db: Db, olderThanMs = 24 * 60 * 60_000) {
  await db.rateLimit.deleteMany({ where: { windowStart: { lt: new Date(Date.now() - olderThanMs) } } });
}
