// What the rules refuse, in the rules' own words: domain/ throws these and never knows about tRPC
// or HTTP. One edge maps them (mapError in trpc.ts, used by the tRPC middleware and formatter); the REST
// adapters then turn the tRPC code into the HTTP status as for any other procedure error.
export type DomainErrorKind =
  'not_found' | 'conflict' | 'unauthorized' | 'forbidden' | 'invalid_input' | 'unprocessable' | 'precondition_failed' | 'rate_limited' | 'unavailable';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
}

/** The record does not exist, or the caller may not know that it does. */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
}

/** The record is not in a state that allows this (someone else acted first, a duplicate). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** Who the caller is could not be established (wrong credentials, a spent sign-in challenge). */
export class UnauthorizedError extends DomainError {
  readonly kind = 'unauthorized';
}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** The input is well-formed but its value is not acceptable (a stale cursor, a wrong code). */
export class InvalidInputError extends DomainError {
  readonly kind = 'invalid_input';
}

/** The request is well-formed and allowed, but what it asks would break a rule about the records it names (a reviewer with a conflict of interest). */
export class UnprocessableError extends DomainError {
  readonly kind = 'unprocessable';
}

/** Something outside the request must change first (a payout account, a configuration). */
export class PreconditionFailedError extends DomainError {
  readonly kind = 'precondition_failed';
}

/** A limit refused the attempt; `retryAfterSeconds` becomes the Retry-After header. */
export class RateLimitedError extends DomainError {
  readonly kind = 'rate_limited';
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(message);
  }
}

/** Something the service needs is briefly out of reach (the database): try again after `retryAfterSeconds`. */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The seconds a refusal asks the caller to wait (the Retry-After header), or null when it names none. */
export function retryAfterOf(error: unknown): number | null {
  return error instanceof RateLimitedError || error instanceof UnavailableError ? error.retryAfterSeconds : null;
}
