// The OpenAPI 3.1 contract of every /api path, derived from the route declarations (rest/endpoints/)
// by zod-openapi: request schemas are the procedures' own, answers the views' shapes as JSON. The
// REST test client checks every JSON answer against the schema of its status here
// (test/contract-check.ts); openapi.test.ts checks the keys equal the mounted routes.
import { z } from 'zod';
import { type ZodOpenApiObject, type ZodOpenApiOperationObject, createDocument } from 'zod-openapi';
import { INT4_MAX } from '~/shared/schemas/bounds.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { type Method, type RouteDeclaration, TAGS, errorResponses, impliedErrors, json } from './define-route.ts';
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

/** A field that names a record: `id`, `prototypeId`, `reviewerIds`, ... */
const ID_FIELD = /^(id|\w+Ids?)$/;

/** The schema an optional, nullable, default, refinement or list wraps; null for any other. */
function wrappedBy(schema: z.ZodTypeAny): z.ZodTypeAny | null {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return schema.unwrap() as z.ZodTypeAny;
  if (schema instanceof z.ZodDefault) return schema.removeDefault() as z.ZodTypeAny;
  if (schema instanceof z.ZodEffects) return schema.innerType() as z.ZodTypeAny;
  if (schema instanceof z.ZodArray) return schema.element as z.ZodTypeAny;
  return null;
}

type IdForm = { type: 'integer' | 'string'; format?: 'uuid'; minimum?: number; maximum?: number };
type IdSchema = IdForm | (Omit<IdForm, 'type'> & { type: [IdForm['type'], 'null'] }) | { items: IdForm };

/**
 * What an id field accepts, asked of its own schema: a record id (1 to INT4_MAX) or a uuid. The
 * procedures' record ids accept a number or digits and transform them, and their uuids are a
 * refinement: zod-openapi can only state "number or string" and "string". Null for anything else.
 */
function idSchemaOf(field: z.ZodTypeAny): IdSchema | null {
  // Whether it is a list of ids, and whether null is allowed, from its wrappers; what it accepts, from itself.
  let nullable = false;
  let array = false;
  for (let inner: z.ZodTypeAny | null = field; inner; inner = wrappedBy(inner)) {
    nullable ||= inner instanceof z.ZodNullable;
    if (inner instanceof z.ZodArray) {
      if (array) return null;
      array = true;
    }
  }
  const accepts = (value: unknown) => field.safeParse(array ? [value] : value).success;
  let id: IdForm | null = null;
  if (accepts(SAMPLE_UUID) && !accepts('1') && !accepts('not-a-uuid')) id = { type: 'string', format: 'uuid' };
  else if (accepts(1) && accepts('1') && !accepts(0) && !accepts('0') && !accepts(INT4_MAX + 1) && !accepts(String(INT4_MAX + 1))) {
    id = { type: 'integer', minimum: 1, maximum: INT4_MAX };
  }
  if (!id) return null;
  if (array) return { items: id };
  return nullable ? { ...id, type: [id.type, 'null'] } : id;
}

/**
 * The object's id fields documented as what they accept (idSchemaOf); the rest as they are. A
 * refined object is documented as its object (OpenAPI cannot state the refinement either).
 */
function documentedIds(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodEffects) return documentedIds(schema.innerType() as z.ZodTypeAny);
  if (!(schema instanceof z.ZodObject)) return schema;
  const shape = schema.shape as Record<string, z.ZodTypeAny>;
  const ids = Object.entries(shape).flatMap(([name, field]) => {
    const id = ID_FIELD.test(name) ? idSchemaOf(field) : null;
    return id ? [[name, field.openapi(id)] as const] : [];
  });
  return ids.length ? schema.extend(Object.fromEntries(ids)) : schema;
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
      : {
          ...json(jsonShape(route.output.shape), route.output.description),
          ...(route.output.csv
            ? {
                description: `${route.output.description}; with \`?format=csv\`, ${route.output.csv}`,
                content: { 'application/json': { schema: jsonShape(route.output.shape) }, 'text/csv': { schema: z.string() } },
              }
            : {}),
          ...(route.output.headers ? { headers: route.output.headers } : {}),
        };
  return {
    ...common,
    ...(route.params || route.query
      ? {
          requestParams: {
            ...(route.params ? { path: documentedIds(route.params) as z.AnyZodObject } : {}),
            ...(route.query ? { query: documentedIds(route.query) as z.AnyZodObject } : {}),
          },
        }
      : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: documentedIds(route.body) } } } } : {}),
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
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
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
