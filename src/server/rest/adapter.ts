// One mechanism for every documented /api path (declared in rest/endpoints/): parse the request,
// call the same tRPC procedure through createCaller, and turn a TRPCError into its HTTP status with a
// { "message" } body. Who may call comes first: the procedure's sign-in, role and capability checks
// run before its input schema, so a guest hears 401 and a seller 403 whatever the id or body.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Context as HonoContext, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { Context } from '../context.ts';
import { UnavailableError, retryAfterOf } from '../domain/errors.ts';
import { createCaller } from '../routers/_app.ts';
import { adminRefusal, formatZodError, mapError } from '../trpc.ts';
import { METHODS, type ProcedureRoute, RestResult, RestText, type RouteDeclaration, unauthorized } from './define-route.ts';

export class RestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

/** What a body that is not JSON is handed to a procedure as: no input schema accepts it. */
const MALFORMED_BODY = Symbol('malformed JSON body');

async function readJsonBody(c: HonoContext): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return MALFORMED_BODY;
  }
}

/** A failure as the API answers it: its status, its `{ message }` and the headers that go with it (Retry-After). */
export function errorAnswer(thrown: unknown, log: (line: Record<string, unknown>) => void) {
  const fault = { status: 500 as ContentfulStatusCode, message: 'Internal server error', headers: {} as Record<string, string> };
  if (thrown instanceof RestError) return { status: thrown.status, message: thrown.message, headers: {} };
  // Thrown outside a procedure (creating the context, the document routes): mapped as the tRPC middleware maps it.
  const error = mapError(thrown) ?? thrown;
  if (!(error instanceof TRPCError)) {
    log({ level: 'error', msg: 'unexpected error', error: String(error) });
    return fault;
  }
  const status = getHTTPStatusCodeFromError(error) as ContentfulStatusCode;
  if (error.cause instanceof UnavailableError) log({ level: 'warn', msg: 'database unavailable', error: String(error.cause.cause) });
  // A 503 says what is unavailable in its own words; any other server error keeps its text in the log.
  else if (status >= 500 && status !== 503) {
    log({ level: 'error', msg: 'procedure failed', error: String(error.cause ?? error) });
    return fault;
  }
  const wait = retryAfterOf(error.cause);
  const message = error.cause instanceof ZodError ? formatZodError(error.cause) : error.message;
  return { status, message, headers: wait === null ? {} : { 'Retry-After': String(wait) } };
}

export function errorResponse(c: HonoContext, thrown: unknown, log: (line: Record<string, unknown>) => void) {
  const { status, message, headers } = errorAnswer(thrown, log);
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json({ message }, status);
}

/**
 * As c.json: the header goes in as a plain object, as c.json passes it (c.header() would build a web
 * Headers for every answer).
 */
function jsonAnswer(c: HonoContext, body: unknown, status: ContentfulStatusCode) {
  return c.body(JSON.stringify(body), status, { 'Content-Type': 'application/json' });
}

/** The procedure's input: the body's fields with the path's parameters on top, the parameters alone, or the body as sent. */
function inputOf(body: unknown, params: Record<string, string> | undefined): unknown {
  if (body === MALFORMED_BODY || params === undefined) return body;
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  return { ...fields, ...params };
}

/**
 * A refusal of the input, as REST answers it: a path id no record can have is a 404 (not a 400 about
 * a field the caller never sent), a body that is not JSON a 400 that says so.
 */
function inputRefusal(error: unknown, input: unknown, pathParams: readonly string[]): RestError | null {
  if (!(error instanceof TRPCError) || error.code !== 'BAD_REQUEST' || !(error.cause instanceof ZodError)) return null;
  if (input === MALFORMED_BODY) return new RestError(400, 'Malformed JSON body');
  if (error.cause.issues.some((issue) => pathParams.includes(String(issue.path[0])))) return new RestError(404, 'Not found');
  return null;
}

/**
 * A route whose procedure takes no input never sees the body, so a body that is not JSON is refused
 * here, after the declared access (what the procedure would have said first).
 */
function refuseMalformedBody(route: ProcedureRoute, ctx: Context) {
  if (route.access !== 'public' && !ctx.user) unauthorized();
  const refusal = route.access === 'admin' ? adminRefusal(ctx) : null;
  if (refusal) throw refusal;
  throw new RestError(400, 'Malformed JSON body');
}

function mountProcedureRoute(
  app: Hono,
  route: ProcedureRoute,
  createContext: (c: HonoContext) => Promise<Context>,
  log: (line: Record<string, unknown>) => void,
) {
  const readsBody = route.method !== 'GET' && route.method !== 'DELETE';
  const takesInput = route.params !== undefined || route.body !== undefined;
  app.on(route.method, route.path, async (c) => {
    try {
      const body = readsBody ? await readJsonBody(c) : undefined;
      const ctx = await createContext(c);
      if (body === MALFORMED_BODY && !takesInput) refuseMalformedBody(route, ctx);
      const params = route.params ? (c.req.param() as Record<string, string>) : undefined;
      const input = inputOf(body, params);
      let result: unknown;
      try {
        result = await route.handler({ caller: createCaller(ctx), input: input as never, query: c.req.query() });
      } catch (error) {
        throw inputRefusal(error, input, Object.keys(params ?? {})) ?? error;
      }
      if (route.status === 204) return c.body(null, 204);
      const status = route.status ?? 200;
      if (result instanceof RestText) return c.body(result.body, status, { ...result.headers, 'Content-Type': result.contentType });
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

/** Mounts the declared procedure paths and the served ones (the others mount themselves: documents, webhook). */
export function mountRestRoutes(
  app: Hono,
  routes: readonly RouteDeclaration[],
  createContext: (c: HonoContext) => Promise<Context>,
  log: (line: Record<string, unknown>) => void,
) {
  for (const route of routes) {
    if (route.kind === 'procedure') mountProcedureRoute(app, route, createContext, log);
    else if (route.serve) app.on(route.method, route.path, route.serve);
  }
}

/**
 * 405 with `Allow` for a method a declared path does not have (after every route is mounted, before
 * the /api 404). HEAD is served wherever GET is.
 */
export function mountMethodNotAllowed(app: Hono, routes: readonly RouteDeclaration[]) {
  const methodsOf = new Map<string, Set<string>>();
  for (const route of routes) {
    const methods = methodsOf.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
    methodsOf.set(route.path, methods);
  }
  for (const [path, methods] of methodsOf) {
    const allow = [...METHODS, 'HEAD'].filter((method) => methods.has(method)).join(', ');
    app.all(path, (c) => c.json({ message: 'Method not allowed' }, 405, { Allow: allow }));
  }
}
