// tRPC building blocks: the only ways into a procedure are public, protected (signed in), admin and
// capability (signed in and holding one named capability: src/shared/capabilities.ts).
import { TRPCError, initTRPC } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { Prisma } from '~/generated/prisma/client.ts';
import { isUniqueViolation } from './db/unique-violation.ts';
import { type Capability, isAdminOnlyCapability } from '~/shared/capabilities.ts';
import { ADMIN_TWO_FACTOR_REQUIRED, ADMIN_TWO_FACTOR_SIGN_IN_REQUIRED } from '~/shared/schemas/security.ts';
import { type AdminAssurance, missingAdminAssurance, withEnrolledRole } from './auth/two-factor.ts';
import type { Context } from './context.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './db/unavailable.ts';
import { DomainError, type DomainErrorKind, UnavailableError } from './domain/errors.ts';
import { assertCapability } from './domain/permissions.ts';
import { LIVE_PING_MS, LIVE_RECONNECT_AFTER_INACTIVITY_MS } from './live/stream.ts';

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Subscriptions (live.events) as server-sent events: a ping keeps proxies from closing a quiet
  // stream, and a tab that hears nothing for longer reconnects.
  sse: { ping: { enabled: true, intervalMs: LIVE_PING_MS }, client: { reconnectAfterInactivityMs: LIVE_RECONNECT_AFTER_INACTIVITY_MS } },
  errorFormatter({ shape, error }) {
    const zodError = error.code === 'BAD_REQUEST' && error.cause instanceof ZodError ? error.cause : null;
    const { stack: _stack, ...data } = shape.data; // stack traces never leave the server
    // A failure no procedure middleware saw (creating the context, a stream's own end) is mapped here.
    const mapped = error.code === 'INTERNAL_SERVER_ERROR' ? mapError(error) : null;
    if (mapped) {
      const httpStatus = getHTTPStatusCodeFromError(mapped);
      return {
        ...shape,
        code: TRPC_ERROR_CODES_BY_KEY[mapped.code],
        message: mapped.message,
        data: { ...data, code: mapped.code, httpStatus, zodError: null },
      };
    }
    return {
      ...shape,
      // A server fault's own text (SQL, stack details) stays in the logs, and so do the decoder's words
      // on input it could not read.
      message: zodError
        ? formatZodError(zodError)
        : error.code === 'INTERNAL_SERVER_ERROR'
          ? 'Internal server error'
          : isUndecodableInput(error)
            ? UNDECODABLE_INPUT
            : shape.message,
      data: { ...data, zodError: zodError?.flatten() ?? null },
    };
  },
});

export const UNDECODABLE_INPUT = 'Invalid input: it could not be read';

/**
 * Input tRPC could not decode (JSON that does not parse, a superjson envelope that does not decode):
 * tRPC answers 400 with the decoder's own error message as its message, which names internals.
 */
function isUndecodableInput(error: TRPCError): boolean {
  const cause = error.cause;
  return (
    error.code === 'BAD_REQUEST' && cause instanceof Error && !(cause instanceof DomainError) && !(cause instanceof ZodError) && error.message === cause.message
  );
}

/** "firstName: First name is required; email: Invalid email address" — the validation layer's own words. */
export function formatZodError(error: ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ` : '') + issue.message).join('; ');
}

const TRPC_CODES: Record<DomainErrorKind, TRPCError['code']> = {
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  invalid_input: 'BAD_REQUEST',
  unprocessable: 'UNPROCESSABLE_CONTENT',
  precondition_failed: 'PRECONDITION_FAILED',
  rate_limited: 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
};

/** A domain refusal as a tRPC code (and, through it, an HTTP status); the domain error stays its cause. */
export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({ code: TRPC_CODES[error.kind], message: error.message, cause: error });
}

/**
 * The one place a failure gets its meaning (ADR 0040): a domain refusal, Prisma's duplicate (409) and
 * missing row (404), and a database out of reach (503 with Retry-After: down, restarting, no
 * connection or transaction to be had in time). Null for anything else, which stays a server error.
 * A TRPCError is looked into when it is a server error (tRPC wraps what a procedure or the context threw).
 */
export function mapError(error: unknown): TRPCError | null {
  const cause = error instanceof TRPCError ? (error.code === 'INTERNAL_SERVER_ERROR' ? error.cause : null) : error;
  if (cause instanceof DomainError) return toTRPCError(cause);
  if (cause instanceof Prisma.PrismaClientKnownRequestError) {
    if (isUniqueViolation(cause)) return new TRPCError({ code: 'CONFLICT', message: 'That record already exists', cause });
    if (cause.code === 'P2025') return new TRPCError({ code: 'NOT_FOUND', message: 'Not found', cause });
  }
  if (cause && isDatabaseUnavailable(cause)) return toTRPCError(new UnavailableError(DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, { cause }));
  return null;
}

export const NUL_REFUSED = 'Text must not contain NUL characters';
export const MALFORMED_TEXT_REFUSED = 'Text must be valid Unicode';

/**
 * Why PostgreSQL could not store some string or key in `value`, or null: text cannot hold U+0000, and
 * half of a surrogate pair (`"\ud800"` in JSON) breaks a jsonb column. Iterative, so no depth of
 * nesting can overflow the stack.
 */
export function unstorableText(value: unknown): string | null {
  const pending: unknown[] = [value];
  const seen = new Set<object>();
  const refusal = (text: string) => (text.includes('\0') ? NUL_REFUSED : text.isWellFormed() ? null : MALFORMED_TEXT_REFUSED);
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      const refused = refusal(item);
      if (refused) return refused;
    } else if (item !== null && typeof item === 'object' && !seen.has(item)) {
      seen.add(item);
      for (const key of Object.keys(item)) {
        const refused = refusal(key);
        if (refused) return refused;
        pending.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return null;
}

/**
 * Every procedure's first middleware: domain refusals, known Prisma failures and an unreachable
 * database become the HTTP-meaningful tRPC codes (mapError); anything else stays a server error.
 */
const mappedErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const mapped = mapError(result.error);
    if (mapped) throw mapped;
  }
  return result;
});

/**
 * Text PostgreSQL cannot store (unstorableText) would fail at the database: it is refused on the raw
 * input before any schema or query sees it. It is input, so it comes after the checks of who may call
 * (401, then 403).
 */
const storableText = t.middleware(async ({ getRawInput, next }) => {
  const refused = unstorableText(await getRawInput());
  if (refused) throw new TRPCError({ code: 'BAD_REQUEST', message: refused });
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
const anyone = t.procedure.use(mappedErrors);
export const publicProcedure = anyone.use(storableText);

/** Signed in, with a live session. The 401 message contains "Unauthorized" (the client looks for it). */
function signedIn(ctx: Context) {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  return { user: ctx.user, session: ctx.session };
}

/**
 * Signed in. An admin whose session lacks the second factor ADMIN_REQUIRE_2FA asks for reaches only
 * their own records here (ADR 0038).
 */
const signedInCaller = anyone.use(({ ctx, next }) => {
  const { user, session } = signedIn(ctx);
  // `adminHeldBack`: such an admin, whose admin data (notifications sent to them as an admin) shows as counts only.
  const adminHeldBack = missingAdminAssurance(user, session, ctx.config) !== null;
  return next({ ctx: { user: withEnrolledRole(user, session, ctx.config), session, adminHeldBack } });
});
export const protectedProcedure = signedInCaller.use(storableText);

const ASSURANCE_REFUSALS: Record<NonNullable<AdminAssurance>, string> = {
  enrol: ADMIN_TWO_FACTOR_REQUIRED,
  sign_in_again: ADMIN_TWO_FACTOR_SIGN_IN_REQUIRED,
};

/** Why this context may not use admin procedures (403), or null when it may; REST adapters ask the same. */
export function adminRefusal(ctx: Pick<Context, 'user' | 'session' | 'config'>): TRPCError | null {
  if (!ctx.user || ctx.user.role !== 'admin') return new TRPCError({ code: 'FORBIDDEN', message: 'Forbidden: administrators only' });
  const missing = missingAdminAssurance(ctx.user, ctx.session, ctx.config);
  return missing ? new TRPCError({ code: 'FORBIDDEN', message: ASSURANCE_REFUSALS[missing] }) : null;
}

/** An administrator, in a session that passed the second factor when ADMIN_REQUIRE_2FA asks for it. */
const adminCaller = anyone.use(({ ctx, next }) => {
  const { user, session } = signedIn(ctx);
  const refusal = adminRefusal(ctx);
  if (refusal) throw refusal;
  return next({ ctx: { user, session } });
});
export const adminProcedure = adminCaller.use(storableText);

/**
 * Signed in and holding `capability` now (role default or a per-user override). Admin-only
 * capabilities also need the admin role (and its two-factor enrolment), whatever an override says.
 */
export function capabilityProcedure(capability: Capability) {
  const caller = isAdminOnlyCapability(capability) ? adminCaller : signedInCaller;
  return caller
    .use(async ({ ctx, next }) => {
      await assertCapability(ctx.db, ctx.user, capability, ctx.clock.now());
      return next();
    })
    .use(storableText);
}
