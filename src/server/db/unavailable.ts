// Whether a failure means the database cannot be reached right now (down, restarting, every connection
// busy): retried in a moment the same request may well succeed, so it is answered 503 with Retry-After,
// never 500 (ADR 0040). The mapping to a status is trpc.ts's (mapError); this only recognises the failure.

/** What a request hears while the database is away. */
export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a few seconds.';
/** Retry-After of that answer: a restart or a failover takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Prisma's codes: P1001 not reachable, P1002 timed out, P1008 socket timeout, P1017 connection closed,
 * P2024 no connection from the pool in time, P2037 too many connections.
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
/** The driver adapter's kinds of the same failures (DriverAdapterError's cause). */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * PostgreSQL's SQLSTATEs: class 08 (connection exception), 53300 too many connections, 57P01-57P03
 * the server shutting down, crashed or starting up.
 */
const SQLSTATE = /^(08...|53300|57P0[123])$/;
/**
 * What node-postgres and Prisma say without a code: a connection lost or not made in time, and a
 * transaction that could not start because every connection was busy (P2028 also covers other misuse).
 */
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Unable to start a transaction in the given time/i,
];

function isUnavailable(error: object): boolean {
  const { code, errorCode, kind, message } = error as { code?: unknown; errorCode?: unknown; kind?: unknown; message?: unknown };
  if (typeof code === 'string' && (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATE.test(code))) return true;
  // PrismaClientInitializationError names its code `errorCode`.
  if (typeof errorCode === 'string' && PRISMA_CODES.has(errorCode)) return true;
  if (typeof kind === 'string' && ADAPTER_KINDS.has(kind)) return true;
  // An adapter error that is PostgreSQL's own carries the SQLSTATE as `originalCode` or `code` (kind "postgres").
  const original = (error as { originalCode?: unknown }).originalCode;
  if (typeof original === 'string' && SQLSTATE.test(original)) return true;
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether `error`, or what it wraps (`cause`, Prisma's `meta.driverAdapterError`, an AggregateError's `errors`), is the database
 * being out of reach. A query the database refused (a constraint, a syntax error) is not.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  const seen = new Set<unknown>();
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item !== 'object' || seen.has(item)) continue;
    seen.add(item);
    if (isUnavailable(item)) return true;
    const { cause, meta, errors } = item as { cause?: unknown; meta?: { driverAdapterError?: unknown }; errors?: unknown };
    pending.push(cause, meta?.driverAdapterError);
    // Node's AggregateError: a connection tried on several addresses, each refused.
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}
