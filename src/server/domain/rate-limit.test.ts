// The limiter itself: consume-first counting that stays exact under concurrency (on PostgreSQL the
// calls really run in parallel, on separate connections), windows by the database clock, reward,
// clear, pruning, and the settings that configure it.
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { useTestDatabase } from '../test/harness.ts';
import { toTRPCError } from '../trpc.ts';
import { RateLimitedError } from './errors.ts';
import {
  DEFAULT_RATE_LIMITS,
  type LimitName,
  clear,
  consume,
  parseRateLimitRule,
  pruneRateLimits,
  rateLimitsOf,
  reward,
  tryConsume,
  waitText,
} from './rate-limit.ts';

const t = useTestDatabase();

function scope(name: LimitName, limit: number, windowSeconds = 900) {
  return { db: t.db.prisma, config: { limits: { ...DEFAULT_RATE_LIMITS, [name]: { limit, windowSeconds } } } };
}

describe('consume', () => {
  it('lets exactly `limit` of many parallel attempts through (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const limiter = scope('signInAccountAddress', 5);
    const attempts = await Promise.all(Array.from({ length: 40 }, () => tryConsume(limiter, 'signInAccountAddress', 'a@example.test|192.0.2.1')));
    expect(attempts.filter((a) => a.allowed)).toHaveLength(5);
    const row = await t.db.prisma.rateLimit.findUniqueOrThrow({ where: { key: 'signInAccountAddress:a@example.test|192.0.2.1' } });
    expect(row.count).toBe(40);
  });

  it('keeps parallel consumes of several keys apart and exact (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const limiter = scope('register', 3);
    const subjects = ['192.0.2.1', '192.0.2.2', '192.0.2.3'];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        consume(limiter, 'register', subjects[i % 3]!).then(
          () => 'allowed',
          (error: unknown) => (error instanceof RateLimitedError ? 'refused' : 'failed'),
        ),
      ),
    );
    expect(results.filter((r) => r === 'allowed')).toHaveLength(9);
    expect(results.filter((r) => r === 'refused')).toHaveLength(21);
  });

  it('refuses over the limit with a 429 that says how long to wait', async () => {
    const limiter = scope('contact', 2, 15 * 60);
    await consume(limiter, 'contact', '192.0.2.9');
    await consume(limiter, 'contact', '192.0.2.9');
    const refused = await consume(limiter, 'contact', '192.0.2.9').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    const error = refused as RateLimitedError;
    expect(toTRPCError(error).code).toBe('TOO_MANY_REQUESTS');
    expect(error.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(error.message).toBe('Too many messages from your address. Please try again in 15 minutes.');
  });

  it('starts a new window once the old one has passed (by the database clock)', async () => {
    const limiter = scope('contact', 1, 60);
    await consume(limiter, 'contact', '192.0.2.10');
    await expect(consume(limiter, 'contact', '192.0.2.10')).rejects.toBeInstanceOf(RateLimitedError);
    await t.db.prisma.$executeRaw`UPDATE rate_limits SET window_start = window_start - interval '61 seconds'`;
    expect(await tryConsume(limiter, 'contact', '192.0.2.10')).toMatchObject({ allowed: true });
    expect((await t.db.prisma.rateLimit.findFirstOrThrow()).count).toBe(1);
  });

  it('gives an attempt back with reward and forgets a key with clear', async () => {
    const limiter = scope('signInAddress', 1);
    await consume(limiter, 'signInAddress', '192.0.2.11');
    await reward(limiter, 'signInAddress', '192.0.2.11');
    await consume(limiter, 'signInAddress', '192.0.2.11');
    await expect(consume(limiter, 'signInAddress', '192.0.2.11')).rejects.toBeInstanceOf(RateLimitedError);
    await clear(limiter, 'signInAddress', '192.0.2.11');
    await consume(limiter, 'signInAddress', '192.0.2.11');
  });

  it('prunes windows older than a day', async () => {
    const limiter = scope('contact', 5);
    await consume(limiter, 'contact', 'old');
    await consume(limiter, 'contact', 'fresh');
    await t.db.prisma.$executeRaw`UPDATE rate_limits SET window_start = now() - interval '25 hours' WHERE key = 'contact:old'`;
    await pruneRateLimits(t.db.prisma);
    expect((await t.db.prisma.rateLimit.findMany({ select: { key: true } })).map((r) => r.key)).toEqual(['contact:fresh']);
  });
});

describe('settings', () => {
  it('reads "count/window" rules, with the defaults of issue 12', () => {
    expect(parseRateLimitRule('5/15m')).toEqual({ limit: 5, windowSeconds: 900 });
    expect(parseRateLimitRule(' 100 / 1h ')).toEqual({ limit: 100, windowSeconds: 3600 });
    expect(parseRateLimitRule('0/1h')).toBeNull();
    expect(parseRateLimitRule('5/2d')).toBeNull();
    expect(parseRateLimitRule('five')).toBeNull();
    const limits = rateLimitsOf(parseEnv({}));
    expect(limits).toEqual(DEFAULT_RATE_LIMITS);
    expect(limits).toMatchObject({
      signInAccountAddress: { limit: 5, windowSeconds: 900 },
      signInAddress: { limit: 100, windowSeconds: 3600 },
      register: { limit: 20, windowSeconds: 3600 },
      messageReplies: { limit: 60, windowSeconds: 3600 },
      prototypes: { limit: 30, windowSeconds: 3600 },
      documentUploads: { limit: 100, windowSeconds: 3600 },
    });
    expect(parseEnv({}).STORAGE_QUOTA_BYTES).toBe(1024 ** 3);
    expect(rateLimitsOf(parseEnv({ RATE_LIMIT_REGISTER: '50/2h' })).register).toEqual({ limit: 50, windowSeconds: 7200 });
  });

  it("by default one address cannot use up an account's budget from every address", () => {
    const { signInAccountAddress: own, signInAccount: account } = DEFAULT_RATE_LIMITS;
    // Fixed windows: an account window overlaps at most ceil(window / own window) + 1 of one address's windows.
    const mostFromOneAddress = own.limit * (Math.ceil(account.windowSeconds / own.windowSeconds) + 1);
    expect(mostFromOneAddress).toBeLessThan(account.limit);
  });

  it('stops start-up on a malformed limit', () => {
    expect(() => parseEnv({ RATE_LIMIT_REGISTER: '20 per hour' })).toThrow(/RATE_LIMIT_REGISTER: expected "count\/window"/);
  });

  it('words the wait for a person', () => {
    expect(waitText(1)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(3600)).toBe('60 minutes');
    expect(waitText(86_400)).toBe('24 hours');
  });
});
