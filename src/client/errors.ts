// Turns any failure of a tRPC call into the words a toast shows.
import type { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '~/server/routers/_app.ts';

/**
 * A tRPC call's failure, known by the name tRPC gives it rather than by `instanceof`: the toasts load
 * with every page, the tRPC client only with the pages that call the server, and `instanceof` would
 * pull the whole client (about 8 kB gzip) into the public pages' first load.
 */
function isClientError(error: unknown): error is TRPCClientError<AppRouter> {
  return error instanceof Error && error.name === 'TRPCClientError';
}

/** The server's message when it sent one, otherwise the screen's own fallback text (spec section 8). */
export function serverMessage(error: unknown, fallback: string): string {
  if (isClientError(error) && typeof error.message === 'string' && error.message.trim()) {
    // Network failures have no server message: the fallback explains better than "Failed to fetch".
    if (error.data === undefined && /fetch|network/i.test(error.message)) return fallback;
    return error.message;
  }
  return fallback;
}

/**
 * "The evaluation could not be loaded. <the server's reason>": what a screen says when its read
 * failed; a network failure adds no reason ("Failed to fetch" tells the reader nothing).
 */
export function loadFailed(what: string, error: unknown): string {
  const reason = serverMessage(error, '');
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded.${reason ? ` ${reason}` : ''}`;
}

export function isUnauthorized(error: unknown): boolean {
  return isClientError(error) && error.data?.httpStatus === 401;
}
