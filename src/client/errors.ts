// Turns any failure of a tRPC call into the words a toast shows.
import { TRPCClientError } from '@trpc/client';

/** The server's message when it sent one, otherwise the screen's own fallback text (spec section 8). */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && typeof error.message === 'string' && error.message.trim()) {
    // Network failures have no server message: the fallback explains better than "Failed to fetch".
    if (error.data === undefined && /fetch|network/i.test(error.message)) return fallback;
    return error.message;
  }
  return fallback;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && error.data?.httpStatus === 401;
}
