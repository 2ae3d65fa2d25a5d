// One declaration per REST path (ADR 0029): method, path, who may call it, input, output, documented
// errors and handler, written beside its feature in rest/endpoints/. The route table (adapter.ts),
// the OpenAPI document (openapi.ts) and the REST test client's response check are derived from them.
import type { Context as HonoContext } from 'hono';
import { type ZodTypeAny, z } from 'zod';
import { type ZodOpenApiOperationObject, type ZodOpenApiResponseObject, extendZodWithOpenApi } from 'zod-openapi';
import type { createCaller } from '../routers/_app.ts';
import { UnauthorizedError } from '../domain/errors.ts';

// .openapi() on the server's zod (a request schema's documentation where zod cannot say it); the client never imports this.
extendZodWithOpenApi(z);

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export const METHODS: readonly Method[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

/**
 * Who may call a path: anyone, a signed-in user, or an administrator. Documents the path (security,
 * 401, 403) and is what a caller hears first: a guest gets 401 and a non-admin 403 before anything
 * about the input (the procedure's own gates run before its input schema; adapter.ts keeps that order).
 */
export type Access = 'public' | 'user' | 'admin';

/** The document's groups of paths, each described once (clients and the browsable reference group by them). */
export const TAGS = {
  Auth: 'Signing in and out, registering, the current user and their profile',
  Public: "The public site's forms and figures",
  Seller: "A seller's prototypes, their documents, quotes and information requests",
  Admin: 'The admin panel: prototypes, users, the queues and the ledger',
  Evaluation: 'Reviewers, scorecards, the final evaluation and its release to the seller',
  Messages: 'Messages between sellers and the team',
  Payouts: "Sellers' payout accounts and payouts, and the admin's payouts (Stripe Connect or recorded by hand)",
  Support: 'Support tickets',
  Reports: 'Concern reports',
  Moderation: 'Warnings, suspensions, measures and appeals',
  Compliance: 'Export control: screening answers, classifications and denied-party screening (a tool for compliance officers, not legal advice)',
  Reference: 'This document and its browsable reference',
} as const;
export type Tag = keyof typeof TAGS;

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429 | 500 | 503;

/** The request as a handler receives it. */
export interface RestRequest {
  caller: ReturnType<typeof createCaller>;
  /**
   * The procedure's input, untrusted: the JSON body with the path's `:id` on top (or the id alone, or
   * the raw body). Typed `never` so it passes as any procedure's input: the procedure's own zod schema
   * is what validates it, after its sign-in and role checks.
   */
  input: never;
  query: Record<string, string>;
}

interface Declared {
  method: Method;
  path: `/api/${string}`;
  access: Access;
  tag: Tag;
  summary: string;
  description?: string;
  /** Statuses the path can answer besides those its declaration implies (see impliedErrors). */
  errors?: ErrorStatus[];
}

/** A JSON path over one tRPC procedure: the adapter parses, calls it through createCaller, maps errors. */
export type ProcedureRoute = ProcedureDeclared & (JsonAnswer | NoContent);

interface JsonAnswer {
  /** 200 unless the path creates something. */
  status?: 200 | 201;
  /**
   * The answer: its view shape (dates as Date; the contract states them as ISO text), described.
   * `csv` describes the same answer as CSV, which the handler returns as a RestText (`?format=csv`).
   */
  output: { shape: ZodTypeAny; description: string; headers?: z.AnyZodObject; csv?: string };
}

/** 204: the procedure's result is dropped and the answer has no body (e.g. a DELETE that leaves nothing to show). */
interface NoContent {
  status: 204;
  output: { description: string };
}

interface ProcedureDeclared extends Declared {
  kind: 'procedure';
  /** The path's parameters (`:id`), as the procedure's input schema names them. */
  params?: z.AnyZodObject;
  query?: z.AnyZodObject;
  /** The JSON body, as the procedure's input schema checks it (without the path's id). */
  body?: ZodTypeAny;
  handler(request: RestRequest): Promise<unknown>;
}

/** A path that is not a procedure's JSON (a redirect, raw bytes, a signed webhook, the reference itself). */
export interface HttpRoute extends Declared {
  kind: 'http';
  operation: Pick<ZodOpenApiOperationObject, 'requestParams' | 'requestBody' | 'responses'>;
  /** Served by the route table; without it, the feature's module mounts the path itself (documents, webhook). */
  serve?: (c: HonoContext) => Response | Promise<Response>;
}

export type RouteDeclaration = ProcedureRoute | HttpRoute;

type Undeclared<T, K extends keyof ProcedureRoute = 'kind'> = T extends unknown ? Omit<T, K> : never;

/** A path's method and path as the reference and the tests name it: `'GET /api/warnings'`. */
export type RequestLine = `${Method} /api/${string}`;

type RouteFields = Undeclared<ProcedureRoute, 'kind' | 'method' | 'path'>;

/**
 * The procedure's whole input schema, in place of `params` and `body`: the path's parameters (`:id`)
 * are picked from it, and a write's body is what is left (when anything is).
 */
type WholeInput = { input: ZodTypeAny; params?: never; body?: never };

/** A procedure path, declared by its request line and the rest of its contract. */
export function defineRoute(line: RequestLine, route: RouteFields | (Undeclared<RouteFields, 'params' | 'body'> & WholeInput)): ProcedureRoute {
  const [method, path] = line.split(' ') as [Method, `/api/${string}`];
  if (!('input' in route)) return { kind: 'procedure', method, path, ...route } as ProcedureRoute;
  const { input, ...declared } = route;
  const named = Object.fromEntries([...path.matchAll(/:(\w+)/g)].map((match) => [match[1]!, true as const]));
  const whole = objectOf(input);
  const rest = whole.omit(named);
  const writes = method !== 'GET' && method !== 'DELETE' && Object.keys(rest.shape).length > 0;
  return {
    kind: 'procedure',
    method,
    path,
    ...declared,
    ...(Object.keys(named).length ? { params: whole.pick(named) } : {}),
    ...(writes ? { body: rest } : {}),
  } as ProcedureRoute;
}

/** The object under a schema's refinements (`.refine`, `.superRefine`): the procedure still checks them. */
function objectOf(schema: ZodTypeAny): z.AnyZodObject {
  let inner = schema;
  while (inner instanceof z.ZodEffects) inner = inner.innerType();
  if (!(inner instanceof z.ZodObject)) throw new Error("A route's input must be an object schema");
  return inner;
}

export function defineHttpRoute(route: Omit<HttpRoute, 'kind'>): HttpRoute {
  return { kind: 'http', ...route };
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

/** A handler's answer that is not JSON (a CSV export): the text and its media type. */
export class RestText {
  constructor(
    readonly body: string,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** A CSV export as a download named `fileName`. */
export function csvAnswer(text: string, fileName: string): RestText {
  return new RestText(text, 'text/csv; charset=utf-8', { 'Content-Disposition': `attachment; filename="${fileName}"` });
}

/** `<path?query>; rel="next"` for the page after `cursor`, or null on the last page (RFC 8288). */
export function nextLink(path: string, query: Record<string, string | number>, cursor: string | null): string | null {
  if (!cursor) return null;
  const params = new URLSearchParams(Object.entries({ ...query, cursor }).map(([k, v]) => [k, String(v)]));
  return `<${path}?${params.toString()}>; rel="next"`;
}

export const nextPageLink = z.object({
  Link: z.string().optional().describe('`<path?limit=..&cursor=..>; rel="next"` when another page follows (RFC 8288)'),
});

/**
 * A keyset-paged list: a JSON array, one page of it, with the next page in the `Link` header. The
 * query string's `filters` (as given), `limit` and `cursor` go to the procedure, whose schema checks
 * them; `fixed` fields are added (e.g. the order). The link repeats the filters and the limit.
 */
export function pagedList(
  route: Omit<ProcedureRoute, 'kind' | 'method' | 'handler' | 'query' | 'output' | 'body' | 'params' | 'status'> & {
    /** The procedure's input schema: the documented query parameters are its filters, limit and cursor. */
    input: z.AnyZodObject;
    filters?: readonly string[];
    fixed?: Record<string, string>;
    /** The page size when the query names none (also repeated in the link). */
    defaultLimit?: number;
    item: ZodTypeAny;
    /** What one page is, for the document. */
    answers: string;
    list(caller: RestRequest['caller'], input: never): Promise<{ items: unknown[]; nextCursor: string | null }>;
  },
): ProcedureRoute {
  const { input, filters = [], fixed = {}, defaultLimit, item, list, answers, path, ...declared } = route;
  const documented = Object.fromEntries([...filters, 'limit', 'cursor'].map((name) => [name, true as const]));
  return defineRoute(`GET ${path}`, {
    ...declared,
    query: input.pick(documented),
    output: { shape: z.array(item), description: answers, headers: nextPageLink },
    handler: async ({ caller, query }) => {
      const given = Object.fromEntries(filters.filter((name) => query[name] !== undefined).map((name) => [name, query[name]!]));
      const limit = query.limit ?? (defaultLimit === undefined ? undefined : String(defaultLimit));
      const page = await list(caller, untrusted({ ...fixed, ...given, limit, cursor: query.cursor }));
      return withHeaders(page.items, { link: nextLink(route.path, { ...given, ...(limit ? { limit } : {}) }, page.nextCursor) });
    },
  });
}

/** Throws the 401 a guest gets on a private path. */
export function unauthorized(): never {
  throw new UnauthorizedError('Unauthorized');
}

/** Request data handed to a procedure, which validates it (see RestRequest.input). */
function untrusted(value: unknown): never {
  return value as never;
}

// --- The contract of a declaration ------------------------------------------------------------------

export const errorBody = z.strictObject({ message: z.string() });
export const successBody = z.strictObject({ success: z.literal(true) });

const ERROR_DESCRIPTIONS: Record<Exclude<ErrorStatus, 429 | 503>, string> = {
  400: 'Invalid input (the message names the field and the problem), or a malformed JSON body',
  401: 'Not signed in (no valid session cookie), or wrong credentials',
  403: 'Signed in but not allowed (e.g. not an administrator, a banned or restricted account), or a cross-site write',
  404: 'Not found, or not yours',
  409: 'The record is not in a state that allows this (e.g. already answered), or the e-mail address is taken',
  412: 'Not possible in the current payout mode (Stripe configured or not)',
  413: 'Request body too large, or storage quota exceeded',
  415: 'Unsupported file type',
  422: 'Not possible for the records named (a reviewer with a conflict of interest with the seller), or a document the server cannot read, stamped or draw within its bounds',
  500: 'Internal server error',
};

export const json = (schema: ZodTypeAny, description: string): ZodOpenApiResponseObject => ({
  description,
  content: { 'application/json': { schema } },
});

/** The answers that say when to try again. */
const RETRY_DESCRIPTIONS = {
  429: 'Rate limit reached; retry after the given number of seconds',
  503: 'The service is briefly unavailable (its database cannot be reached); retry after the given number of seconds',
} as const;

export function errorResponses(statuses: Iterable<ErrorStatus>): Record<string, ZodOpenApiResponseObject> {
  const sorted = [...new Set(statuses)].sort((a, b) => a - b);
  return Object.fromEntries(
    sorted.map((status) => [
      String(status),
      status === 429 || status === 503
        ? {
            description: RETRY_DESCRIPTIONS[status],
            headers: z.object({ 'Retry-After': z.string().regex(/^\d+$/).describe('Seconds to wait') }),
            content: { 'application/json': { schema: errorBody } },
          }
        : json(errorBody, ERROR_DESCRIPTIONS[status]),
    ]),
  );
}

/**
 * What a declaration implies: 401 off the public paths, 403 on admin paths; every write can meet the
 * cross-site check (403) and the body limit (413); input can be invalid (400), a path's id name nothing
 * (404); and any path can find the database briefly out of reach (503, ADR 0040).
 */
export function impliedErrors(route: RouteDeclaration): ErrorStatus[] {
  const implied: ErrorStatus[] = [503];
  if (route.access !== 'public') implied.push(401);
  if (route.access === 'admin') implied.push(403);
  if (route.method !== 'GET') implied.push(403, 413);
  if (route.kind === 'procedure') {
    if (route.params) implied.push(400, 404);
    if (route.body || route.query || (route.method !== 'GET' && route.method !== 'DELETE')) implied.push(400);
  }
  return implied;
}
