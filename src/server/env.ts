// The environment, parsed once at start-up: a bad value stops the process with a clear message.
import path from 'node:path';
import { z } from 'zod';
import { RATE_LIMIT_DEFAULTS, parseRateLimitRule } from './domain/rate-limit.ts';

const booleanString = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A limit written "count/window" ("5/15m", "100/1h"; s, m, h or d, at most a day). */
const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const rule = parseRateLimitRule(text);
      if (!rule) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `expected "count/window" such as "${fallback}" (window at most 1d)` });
      return rule ?? { limit: 1, windowSeconds: 1 };
    });

/** 32 random bytes in base64 (`openssl rand -base64 32`). */
const masterKeyText = z
  .string()
  .refine((text) => /^[A-Za-z0-9+/]{43}=$/.test(text) && Buffer.from(text, 'base64').length === 32, 'expected 32 bytes in base64 (openssl rand -base64 32)');

/** Exported for the docs test (README lists every variable). */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** A PostgreSQL server; without it the embedded PGlite database under DATA_DIR is used. */
    DATABASE_URL: z.string().url().optional(),
    /** Connections per app instance to DATABASE_URL's server. */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    DATA_DIR: z.string().default('./data'),
    /** The master key documents' own keys are wrapped under (32 bytes, base64); embedded, a key file in DATA_DIR by default. */
    DOCUMENT_ENCRYPTION_KEY: masterKeyText.optional(),
    /** Earlier master keys, comma-separated, that still unwrap until `npm run documents:rotate-key` has re-wrapped every key. */
    DOCUMENT_ENCRYPTION_OLD_KEYS: z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .pipe(z.array(masterKeyText))
      .default(''),
    /** The built client to serve (default dist/client). */
    CLIENT_DIR: z.string().default('dist/client'),
    /** Ensures this admin exists at start (created, or promoted and given this password). */
    ADMIN_EMAIL: z.string().email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
    /** Origins (besides the request's own host) allowed to send writes, comma-separated. */
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy in front of the app. */
    TRUST_PROXY: booleanString.default('false'),
    /** Behind TRUST_PROXY: how many proxies append to X-Forwarded-For; the client is that many entries from the right. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    LOG_REQUESTS: booleanString.default('true'),
    SESSION_DAYS: z.coerce.number().int().positive().default(30),
    // Limits (ADR 0008): each "count/window", counted per address, account or user as named.
    RATE_LIMIT_SIGN_IN_ACCOUNT_ADDRESS: rateLimit(RATE_LIMIT_DEFAULTS.signInAccountAddress),
    RATE_LIMIT_SIGN_IN_ACCOUNT: rateLimit(RATE_LIMIT_DEFAULTS.signInAccount),
    RATE_LIMIT_SIGN_IN_ADDRESS: rateLimit(RATE_LIMIT_DEFAULTS.signInAddress),
    RATE_LIMIT_REGISTER: rateLimit(RATE_LIMIT_DEFAULTS.register),
    RATE_LIMIT_FORGOT_PASSWORD: rateLimit(RATE_LIMIT_DEFAULTS.forgotPassword),
    RATE_LIMIT_FORGOT_PASSWORD_EMAIL: rateLimit(RATE_LIMIT_DEFAULTS.forgotPasswordEmail),
    RATE_LIMIT_PASSWORD_RESET: rateLimit(RATE_LIMIT_DEFAULTS.passwordReset),
    RATE_LIMIT_APPEAL_LINKS: rateLimit(RATE_LIMIT_DEFAULTS.appealLinks),
    RATE_LIMIT_INVITATION_LINKS: rateLimit(RATE_LIMIT_DEFAULTS.invitationLinks),
    RATE_LIMIT_CONTACT: rateLimit(RATE_LIMIT_DEFAULTS.contact),
    RATE_LIMIT_MESSAGE_REPLIES: rateLimit(RATE_LIMIT_DEFAULTS.messageReplies),
    RATE_LIMIT_PROTOTYPES: rateLimit(RATE_LIMIT_DEFAULTS.prototypes),
    RATE_LIMIT_DOCUMENT_UPLOADS: rateLimit(RATE_LIMIT_DEFAULTS.documentUploads),
    RATE_LIMIT_TWO_FACTOR: rateLimit(RATE_LIMIT_DEFAULTS.twoFactorCodes),
    /** Total bytes of documents one seller may store (default 1 GiB). */
    STORAGE_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 ** 3),
    /** Admins' access to a closed prototype's confidential content ends this many days after it closed (issue 31, point 5). */
    DATA_ROOM_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(30),
    /** However active it is, a session ends this many days after sign-in. */
    SESSION_MAX_DAYS: z.coerce.number().int().positive().default(90),
    /** Administrators must turn on two-factor sign-in before the admin panel opens. */
    ADMIN_REQUIRE_2FA: booleanString.default('false'),
    PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(10),
    /** Open review assignments (prototypes not yet decided) one reviewer may hold (issue 33, point 3). */
    REVIEW_LOAD_MAX: z.coerce.number().int().min(1).max(1000).default(8),
    /** SMTP server for e-mail (smtp://user:pass@host:587); without it mails stay in the in-app outbox. */
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Atomix Energy <no-reply@atomix.local>'),
    /** Stripe Connect payouts (src/server/payments); without a key, admins record payouts manually. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must start with sk_ or rk_')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must start with whsec_')
      .optional(),
    /** Where Stripe's API is (tests point it at a local fake); default https://api.stripe.com. */
    STRIPE_API_BASE: z.string().url().optional(),
    /** The site's public address, for Stripe's onboarding return and refresh links. */
    PUBLIC_URL: z.string().url().optional(),
  })
  .refine((env) => !!env.STRIPE_SECRET_KEY === !!env.STRIPE_WEBHOOK_SECRET, {
    message: 'Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither',
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  .refine((env) => !env.STRIPE_SECRET_KEY || !!env.PUBLIC_URL, {
    message: 'PUBLIC_URL is required with STRIPE_SECRET_KEY (Stripe onboarding links return to it)',
    path: ['PUBLIC_URL'],
  })
  .refine((env) => !!env.ADMIN_EMAIL === !!env.ADMIN_PASSWORD, {
    message: 'Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither',
    path: ['ADMIN_EMAIL'],
  })
  .refine((env) => !env.DATABASE_URL || !!env.DOCUMENT_ENCRYPTION_KEY, {
    message: 'DOCUMENT_ENCRYPTION_KEY is required with DATABASE_URL (every instance must share it): 32 random bytes in base64, e.g. `openssl rand -base64 32`',
    path: ['DOCUMENT_ENCRYPTION_KEY'],
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR), CLIENT_DIR: path.resolve(result.data.CLIENT_DIR) };
}
