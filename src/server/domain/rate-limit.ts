// Every throttle of the app: fixed-window counters in PostgreSQL, so a limit holds across every app
// instance. An attempt is counted first, in one atomic statement, and only then is the work done
// (ADR 0008): parallel requests cannot slip past a limit that is checked before it is counted.
import type { Db } from '../db/index.ts';
import type { Env } from '../env.ts';
import { RateLimitedError } from './errors.ts';
import { countOf } from '~/shared/format.ts';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** The defaults of every limit, as its setting is written ("count/window", e.g. "5/15m"). */
export const RATE_LIMIT_DEFAULTS = {
  /** Sign-in (and the profile's current-password check) for one account from one address. */
  signInAccountAddress: '5/15m',
  /** One account from every address: slows guessing spread over many addresses. */
  signInAccount: '30/1h',
  /** One address against every account: slows password spraying. */
  signInAddress: '100/1h',
  register: '20/1h',
  forgotPassword: '10/1h',
  /** Reset e-mails to one address; over it the answer is the same but nothing is sent. */
  forgotPasswordEmail: '3/1h',
  passwordReset: '10/1h',
  /** Opening and using the appeal links of suspension and ban notices, per address. */
  appealLinks: '60/1h',
  /** Opening and using invitation links to the admin team, per address. */
  invitationLinks: '20/1h',
  contact: '5/1h',
  messageReplies: '60/1h',
  prototypes: '30/1h',
  documentUploads: '100/1h',
  /** Authentication and recovery codes (and the password checks of the Security section) per account. */
  twoFactorCodes: '5/15m',
} as const;

export type LimitName = keyof typeof RATE_LIMIT_DEFAULTS;
export type RateLimits = Record<LimitName, RateLimitRule>;

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;
/** Old windows are pruned after a day, so no window may be longer. */
export const MAX_WINDOW_SECONDS = UNIT_SECONDS.d;

/** "5/15m" → 5 attempts per 900 s; null when the text is not such a rule. */
export function parseRateLimitRule(text: string): RateLimitRule | null {
  const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,6})\s*([smhd])\s*$/.exec(text);
  if (!match) return null;
  const windowSeconds = Number(match[2]) * UNIT_SECONDS[match[3] as keyof typeof UNIT_SECONDS];
  const limit = Number(match[1]);
  if (limit < 1 || windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS) return null;
  return { limit, windowSeconds };
}

export const DEFAULT_RATE_LIMITS = Object.fromEntries(
  Object.entries(RATE_LIMIT_DEFAULTS).map(([name, text]) => [name, parseRateLimitRule(text)!]),
) as RateLimits;

/** The limits of ADR 0008 as the procedures read them (ctx.config.limits). */
export function rateLimitsOf(env: Env): RateLimits {
  return {
    signInAccountAddress: env.RATE_LIMIT_SIGN_IN_ACCOUNT_ADDRESS,
    signInAccount: env.RATE_LIMIT_SIGN_IN_ACCOUNT,
    signInAddress: env.RATE_LIMIT_SIGN_IN_ADDRESS,
    register: env.RATE_LIMIT_REGISTER,
    forgotPassword: env.RATE_LIMIT_FORGOT_PASSWORD,
    forgotPasswordEmail: env.RATE_LIMIT_FORGOT_PASSWORD_EMAIL,
    passwordReset: env.RATE_LIMIT_PASSWORD_RESET,
    appealLinks: env.RATE_LIMIT_APPEAL_LINKS,
    invitationLinks: env.RATE_LIMIT_INVITATION_LINKS,
    contact: env.RATE_LIMIT_CONTACT,
    messageReplies: env.RATE_LIMIT_MESSAGE_REPLIES,
    prototypes: env.RATE_LIMIT_PROTOTYPES,
    documentUploads: env.RATE_LIMIT_DOCUMENT_UPLOADS,
    twoFactorCodes: env.RATE_LIMIT_TWO_FACTOR,
  };
}

/** "1 minute", "14 minutes", "2 hours": how long a person has to wait, rounded up. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes > 120) {
    const hours = Math.ceil(minutes / 60);
    return `${hours} hours`;
  }
  return countOf(minutes, 'minute');
}

const REFUSALS: Record<LimitName, string> = {
  signInAccountAddress: 'Too many failed sign-in attempts.',
  signInAccount: 'Too many failed sign-in attempts.',
  signInAddress: 'Too many failed sign-in attempts.',
  register: 'Too many accounts have been created from your network.',
  forgotPassword: 'Too many password reset requests from your network.',
  forgotPasswordEmail: 'Too many password reset requests for this email address.',
  passwordReset: 'Too many password reset attempts from your network.',
  appealLinks: 'Too many appeal link attempts from your network.',
  invitationLinks: 'Too many invitation link attempts from your network.',
  contact: 'Too many messages from your address.',
  messageReplies: 'You have sent too many replies in a short time.',
  prototypes: 'You have submitted too many prototypes in a short time.',
  documentUploads: 'You have uploaded too many documents in a short time.',
  twoFactorCodes: 'Too many attempts.',
};

/** What a procedure (or the upload route) needs to apply a limit. */
export interface LimiterScope {
  db: Db;
  config: { limits: RateLimits };
}

export interface Attempt {
  allowed: boolean;
  /** Seconds until the current window ends (by the database clock). */
  retryAfterSeconds: number;
}

const keyOf = (name: LimitName, subject: string) => `${name}:${subject}`;

/**
 * Counts one attempt against `name` for `subject` (an address, an account, a user id) and says
 * whether it is within the limit. One INSERT … ON CONFLICT DO UPDATE: PostgreSQL locks the row
 * for the update, so N parallel calls see the counts 1…N, never the same one twice; the window is
 * read from the database clock so every instance agrees. A parallel call whose transaction began a
 * moment earlier may see a window that starts after its own now(): the wait is at most the window.
 */
export async function tryConsume(scope: LimiterScope, name: LimitName, subject: string): Promise<Attempt> {
  const rule = scope.config.limits[name];
  const key = keyOf(name, subject);
  const rows = await scope.db.$queryRaw<{ count: number; retry_after_seconds: number }[]>`
    INSERT INTO rate_limits AS r (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                   THEN 1 ELSE r.count + 1 END,
      window_start = CASE WHEN r.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                   THEN now() ELSE r.window_start END
    RETURNING count,
      LEAST(${rule.windowSeconds}, GREATEST(1, ceil(extract(epoch FROM window_start + make_interval(secs => ${rule.windowSeconds}) - now()))))::int
        AS retry_after_seconds`;
  const row = rows[0]!;
  return { allowed: row.count <= rule.limit, retryAfterSeconds: row.retry_after_seconds };
}

/**
 * Counts one attempt and throws a 429 carrying Retry-After when it is over the limit. Call it
 * before the work the limit protects.
 */
export async function consume(scope: LimiterScope, name: LimitName, subject: string, refusal: string = REFUSALS[name]) {
  const attempt = await tryConsume(scope, name, subject);
  if (!attempt.allowed) {
    throw new RateLimitedError(attempt.retryAfterSeconds, `${refusal} Please try again in ${waitText(attempt.retryAfterSeconds)}.`);
  }
}

/** Gives one attempt back (e.g. a sign-in that succeeded should not use up the address's budget). */
export async function reward(scope: Pick<LimiterScope, 'db'>, name: LimitName, subject: string) {
  await scope.db.$executeRaw`UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ${keyOf(name, subject)}`;
}

/** Forgets every attempt of `subject` against `name`. */
export async function clear(scope: Pick<LimiterScope, 'db'>, name: LimitName, subject: string) {
  await scope.db.rateLimit.deleteMany({ where: { key: keyOf(name, subject) } });
}

/** The client address as a limit's subject (in-process callers have none). */
export function addressOf(meta: { ip: string | null }): string {
  return meta.ip ?? 'unknown';
}

/** The limiter service (ctx.limiter): the functions above, bound to one database and one set of rules. */
export interface Limiter {
  consume(name: LimitName, subject: string, refusal?: string): Promise<void>;
  tryConsume(name: LimitName, subject: string): Promise<Attempt>;
  reward(name: LimitName, subject: string): Promise<void>;
  clear(name: LimitName, subject: string): Promise<void>;
}

/**
 * What a person writes to the whole admin team (a reply, a support ticket or its reply, a report)
 * counts against `messageReplies`, since each notifies every admin; the team's own writing does not.
 */
export async function limitWritingToTeam(limiter: Limiter, writer: { id: string; role: string }) {
  if (writer.role !== 'admin') await limiter.consume('messageReplies', writer.id);
}

export function createLimiter(scope: LimiterScope): Limiter {
  return {
    consume: (name, subject, refusal) => consume(scope, name, subject, refusal),
    tryConsume: (name, subject) => tryConsume(scope, name, subject),
    reward: (name, subject) => reward(scope, name, subject),
    clear: (name, subject) => clear(scope, name, subject),
  };
}

/** Old windows are useless; removed now and then so the table stays small. */
export async function pruneRateLimits(db: Db) {
  await db.$executeRaw`DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => ${MAX_WINDOW_SECONDS})`;
}
