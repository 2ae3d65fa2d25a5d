// One mechanism for every documented /api path: parse the request, call the same tRPC procedure
// through createCaller, and turn a TRPCError into its HTTP status with a { "message" } body.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Context as HonoContext, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { isUuid, parseRecordId } from '~/shared/schemas/bounds.ts';
import type { Context } from '../context.ts';
import { DomainError, RateLimitedError } from '../domain/errors.ts';
import { jsonText } from '../json-text.ts';
import { createCaller } from '../routers/_app.ts';
import { formatZodError, toTRPCError } from '../trpc.ts';

type Caller = ReturnType<typeof createCaller>;

export interface RestRequest {
  caller: Caller;
  /**
   * The parsed JSON body, untrusted: a route hands it to its procedure through untrusted() (routes.ts),
   * and the procedure's own zod schema is what validates it.
   */
  body: unknown;
  params: Record<string, string>;
  query: Record<string, string>;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  /** Status on success (200 unless the route creates something). */
  status?: 200 | 201;
  /** What the path's `:id` names: an `Int` record (default) or a uuid. An id no row can have is a 404. */
  pathId?: 'record' | 'uuid';
  handler(request: RestRequest): Promise<unknown>;
}

export function defineRoutes(routes: RestRoute[]): RestRoute[] {
  return routes;
}

/** A handler's result with extra response headers (e.g. a `Link` to the next page of a list). */
export class RestResult {
  constructor(
    readonly body: unknown,
    readonly headers: Record<string, string>,
  ) {}
}

export function withHeaders(body: unknown, headers: Record<string, string | null | undefined>): RestResult {
  return new RestResult(body, Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => !!e[1])));
}

/** `<path?query>; rel="next"` for the page after `cursor`, or null on the last page (RFC 8288). */
export function nextLink(path: string, query: Record<string, string | number>, cursor: string | null): string | null {
  if (!cursor) return null;
  const params = new URLSearchParams(Object.entries({ ...query, cursor }).map(([k, v]) => [k, String(v)]));
  return `<${path}?${params.toString()}>; rel="next"`;
}

export class RestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

/** Throws the 401 a guest gets on a private path. */
export function unauthorized(): never {
  throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
}

async function readJsonBody(c: HonoContext): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new RestError(400, 'Malformed JSON body');
  }
}

export function errorResponse(c: HonoContext, thrown: unknown, log: (line: Record<string, unknown>) => void) {
  // Thrown outside a procedure (the document routes): mapped as the tRPC middleware maps it.
  const error = thrown instanceof DomainError ? toTRPCError(thrown) : thrown;
  if (error instanceof RestError) return c.json({ message: error.message }, error.status);
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error) as ContentfulStatusCode;
    if (status >= 500) {
      log({ level: 'error', msg: 'procedure failed', error: String(error.cause ?? error) });
      return c.json({ message: 'Internal server error' }, 500);
    }
    const message = error.cause instanceof ZodError ? formatZodError(error.cause) : error.message;
    if (error.cause instanceof RateLimitedError) c.header('Retry-After', String(error.cause.retryAfterSeconds));
    return c.json({ message }, status);
  }
  log({ level: 'error', msg: 'unexpected error', error: String(error) });
  return c.json({ message: 'Internal server error' }, 500);
}

/**
 * As c.json, with a kept answer's JSON text serialized only once (json-text.ts). The header goes in
 * as a plain object, as c.json passes it: c.header() would build a web Headers for every answer.
 */
function jsonAnswer(c: HonoContext, body: unknown, status: ContentfulStatusCode) {
  return c.body(jsonText(body), status, { 'Content-Type': 'application/json' });
}

export function mountRestRoutes(
  app: Hono,
  routes: RestRoute[],
  createContext: (c: HonoContext) => Promise<Context>,
  log: (line: Record<string, unknown>) => void,
) {
  for (const route of routes) {
    app.on(route.method, route.path, async (c) => {
      try {
        const id = c.req.param('id');
        if (id !== undefined && !(route.pathId === 'uuid' ? isUuid(id) : parseRecordId(id) !== null)) {
          throw new RestError(404, 'Not found');
        }
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : await readJsonBody(c);
        const caller = createCaller(await createContext(c));
        const result = await route.handler({ caller, body, params: c.req.param(), query: c.req.query() });
        const status = route.status ?? 200;
        if (result instanceof RestResult) {
          for (const [name, value] of Object.entries(result.headers)) c.header(name, value);
          return jsonAnswer(c, result.body ?? { success: true }, status);
        }
        return jsonAnswer(c, result ?? { success: true }, status);
      } catch (error) {
        return errorResponse(c, error, log);
      }
    });
  }
}
