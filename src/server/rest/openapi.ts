// The OpenAPI 3.1 contract of every /api path, derived from the route declarations (rest/endpoints/)
// by zod-openapi: request schemas are the procedures' own, answers the views' shapes as JSON. The
// REST test client checks every JSON answer against the schema of its status here
// (test/contract-check.ts); openapi.test.ts checks the keys equal the mounted routes.
import type { z } from 'zod';
import { type ZodOpenApiObject, type ZodOpenApiOperationObject, createDocument } from 'zod-openapi';
import { INT4_MAX } from '~/shared/schemas/bounds.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { type Method, type RouteDeclaration, errorResponses, impliedErrors, json } from './define-route.ts';
import { restRoutes } from './endpoints/index.ts';
import { jsonShape } from './json-shape.ts';

export type ContractKey = `${Method} /api/${string}`;

type Operation = ZodOpenApiOperationObject & { tags: [string]; summary: string; operationId: string };

/** "/api/seller/prototypes/:id" → "/api/seller/prototypes/{id}". */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** "PATCH /api/admin/prototypes/:id/final-approve" → "patchAdminPrototypesByIdFinalApprove". */
function operationIdOf(route: RouteDeclaration): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `by-${word.slice(1)}` : word))
    .flatMap((word) => word.split('-'));
  return [route.method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

const SAMPLE_UUID = '123e4567-e89b-42d3-a456-426614174000';

/**
 * The path's id as its schema checks it: a record id (1 to INT4_MAX) or a uuid. The procedures' id
 * schemas accept a number or digits and transform them, which zod-openapi can only state as "number
 * or string"; what they accept is asked of the schema itself.
 */
function documentedParams(params: z.AnyZodObject): z.AnyZodObject {
  const id = params.shape.id as z.ZodTypeAny | undefined;
  if (!id) return params;
  if (id.safeParse(SAMPLE_UUID).success && !id.safeParse('1').success) return params.extend({ id: id.openapi({ type: 'string', format: 'uuid' }) });
  if (id.safeParse('1').success && !id.safeParse('0').success && !id.safeParse(String(INT4_MAX + 1)).success) {
    return params.extend({ id: id.openapi({ type: 'integer', minimum: 1, maximum: INT4_MAX }) });
  }
  return params;
}

export function operationOf(route: RouteDeclaration): Operation {
  const common = {
    tags: [route.tag] as [string],
    summary: route.summary,
    operationId: operationIdOf(route),
    ...(route.description ? { description: route.description } : {}),
    // Public paths say so; the others need the session cookie.
    security: route.access === 'public' ? [] : [{ session: [] }],
  };
  const errors = errorResponses([...impliedErrors(route), ...(route.errors ?? [])]);
  if (route.kind === 'http') return { ...common, ...route.operation, responses: { ...errors, ...route.operation.responses } };
  const success =
    route.status === 204
      ? { description: route.output.description }
      : { ...json(jsonShape(route.output.shape), route.output.description), ...(route.output.headers ? { headers: route.output.headers } : {}) };
  return {
    ...common,
    ...(route.params || route.query
      ? { requestParams: { ...(route.params ? { path: documentedParams(route.params) } : {}), ...(route.query ? { query: route.query } : {}) } }
      : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    responses: { [String(route.status ?? 200)]: success, ...errors },
  };
}

/** Each declared path's operation, keyed "METHOD /hono/path". */
export const restContract: Record<ContractKey, Operation> = Object.fromEntries(
  restRoutes.map((route) => [`${route.method} ${route.path}`, operationOf(route)]),
) as Record<ContractKey, Operation>;

export function buildOpenApiDocument(): ReturnType<typeof createDocument> {
  const paths: NonNullable<ZodOpenApiObject['paths']> = {};
  for (const [key, operation] of Object.entries(restContract)) {
    const [method, path] = key.split(' ') as [string, string];
    const item = (paths[openApiPath(path)] ??= {});
    item[method.toLowerCase() as 'get'] = operation;
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Atomix Energy REST API',
      version: '1.0.0',
      description:
        'The /api paths: thin adapters over the same procedures the web app calls. Errors are `{ "message": "..." }`. ' +
        'A guest is answered 401 and a signed-in user without the role or capability 403 before their input is looked at; ' +
        'a method a path does not have is a 405 with `Allow`. ' +
        'Writes from a browser must come from the site itself (Origin checked). Signed-in calls send the session cookie.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    paths,
  });
}

/** The contract's operation that answers `method path` (a concrete path such as /api/messages/7/read), if any. */
export function contractFor(method: string, path: string): { key: ContractKey; operation: Operation } | null {
  const candidates = Object.entries(restContract) as [ContractKey, Operation][];
  // Static paths before ones with parameters, as the router matches them.
  candidates.sort(([a], [b]) => (a.match(/:/g)?.length ?? 0) - (b.match(/:/g)?.length ?? 0));
  for (const [key, operation] of candidates) {
    const [keyMethod, template] = key.split(' ') as [string, string];
    if (keyMethod !== method.toUpperCase()) continue;
    const pattern = new RegExp(`^${template.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);
    if (pattern.test(path)) return { key, operation };
  }
  return null;
}
