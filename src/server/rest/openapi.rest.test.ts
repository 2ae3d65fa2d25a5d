// The OpenAPI contract: it documents exactly the mounted /api routes, its request schemas are the
// procedures' own, it is served with Swagger UI under the CSP, and the REST test client's check
// (test/contract-check.ts) refuses answers that drift from it.
import { describe, expect, it } from 'vitest';
import { acceptedQuote, useManualPayouts } from '../test/payments-harness.ts';
import { assertMatchesContract } from '../test/contract-check.ts';
import { createAdmin, createUser } from '../test/factories.ts';
import { restClient, signedInClient, useTestDatabase } from '../test/harness.ts';
import { INFO_ANSWER_ACCEPTED_EXTENSIONS } from '~/shared/constants.ts';
import { INT4_MAX } from '~/shared/schemas/bounds.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { mimeTypeFor } from '../storage/upload-check.ts';
import { API_DOCS_PATH, OPENAPI_PATH } from './api-docs.ts';
import { TAGS } from './define-route.ts';
import { restRoutes } from './endpoints/index.ts';
import { buildOpenApiDocument, openApiPath, restContract } from './openapi.ts';

const t = useTestDatabase();

type Schema = {
  type?: string | string[];
  format?: string;
  minimum?: number;
  minLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  required?: string[];
  additionalProperties?: unknown;
};
type Operation = {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }>; headers?: Record<string, unknown> }>;
};
const built: unknown = buildOpenApiDocument(); // read as plain JSON, with only the fields the tests look at
const document = built as {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string; description: string }[];
  components: { securitySchemes: Record<string, unknown> };
};
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
);
const operation = (method: string, path: string) => document.paths[path]?.[method] as Operation;
const jsonBodyOf = (method: string, path: string) => operation(method, path).requestBody!.content['application/json']!.schema;

/** "METHOD /path" of every route mounted under /api (middleware and the 404 fallback are method ALL). */
function mountedApiRoutes(): string[] {
  const { app } = restClient(t.db);
  const keys = app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)].sort();
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and documents every mounted /api route, and nothing else', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const mounted = mountedApiRoutes();
    const documented = Object.keys(restContract).sort();
    const undocumented = mounted.filter((key) => !documented.includes(key));
    const unmounted = documented.filter((key) => !mounted.includes(key));
    expect(
      undocumented,
      `Routes mounted but not in the OpenAPI contract: add an entry for each to restContract in src/server/rest/openapi.ts ` +
        `(key "METHOD /path" as mounted; its request schema from src/shared/schemas, its responses from src/server/rest/responses.ts)`,
    ).toEqual([]);
    expect(unmounted, 'Entries of restContract (src/server/rest/openapi.ts) with no mounted route: remove them or mount the route').toEqual([]);
    // The document holds each of them under its OpenAPI path.
    for (const key of documented) {
      const [method, path] = key.split(' ') as [string, string];
      expect(operation(method.toLowerCase(), openApiPath(path)), key).toBeDefined();
    }
    expect(mounted).toEqual(expect.arrayContaining(['POST /api/register', 'GET /api/login', 'POST /api/prototypes/:id/documents', 'POST /api/stripe/webhook']));
  });

  it('takes request bodies and parameters from the procedures’ own zod schemas', () => {
    const register = jsonBodyOf('post', '/api/register');
    expect([...register.required!].sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
    expect(Object.keys(register.properties!).sort()).toEqual(['businessName', 'email', 'firstName', 'lastName', 'password', 'phoneNumber']);
    expect(register.properties!.password).toMatchObject({ type: 'string', minLength: 6, maxLength: 200 });
    expect(register.properties!.phoneNumber!.type).toEqual(['string', 'null']);

    expect([...jsonBodyOf('post', '/api/contact').required!].sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect(jsonBodyOf('post', '/api/contact').properties!.subject).toMatchObject({ enum: ['prototype', 'partnership', 'investment', 'general'] });
    expect([...jsonBodyOf('post', '/api/prototypes').required!].sort()).toEqual(['description', 'energyType', 'inventorName', 'prototypeName']);
    // The id comes from the path, not the body.
    const reject = jsonBodyOf('patch', '/api/admin/prototypes/{id}/reject');
    expect(reject.required).toEqual(['reason']);
    expect(reject.properties).not.toHaveProperty('id');
    expect(operation('patch', '/api/admin/prototypes/{id}/reject').parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    expect(jsonBodyOf('patch', '/api/admin/users/{id}/status').required).toEqual(['status']);
    expect(
      operation('get', '/api/admin/payouts')
        .parameters?.map((p) => `${p.in}:${p.name}`)
        .sort(),
    ).toEqual(['query:cursor', 'query:limit', 'query:status']);
  });

  it('names every path parameter, and describes errors as { message } with Retry-After on 429 and on the 503 every path may answer', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect(op.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? [], `${method} ${path}`).toEqual(names);
        for (const [status, response] of Object.entries(op.responses)) {
          const schema = response.content?.['application/json']?.schema;
          if (Number(status) >= 400 && schema) {
            expect(schema, `${method} ${path} ${status}`).toMatchObject({ required: ['message'], additionalProperties: false });
          }
        }
        if (op.responses['429']) expect(op.responses['429'].headers).toHaveProperty('Retry-After');
        expect(op.responses['503']?.headers, `${method} ${path} 503`).toHaveProperty('Retry-After');
      }
    }
    expect(operation('get', '/api/auth/user').responses).toHaveProperty('401');
    expect(operation('post', '/api/register').responses).toHaveProperty('409');
    expect(operation('post', '/api/login').responses).toHaveProperty('429');
  });
});

describe('a contract clients can generate from (issue 30, point 8)', () => {
  it('names every operation once, in a form generators take as a function name, under a declared tag', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.length).toBe(Object.keys(restContract).length);
    for (const { key, op } of operations) expect(op.operationId, key).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('post', '/api/seller/prototypes/{id}/quote-response').operationId).toBe('postSellerPrototypesByIdQuoteResponse');
    expect(document.tags.map((tag) => tag.name)).toEqual(Object.keys(TAGS));
    for (const { key, op } of operations) expect(Object.keys(TAGS), key).toContain(op.tags[0]);
  });

  it('says which operations need the session cookie and which need none (security: [])', () => {
    expect(document.components.securitySchemes).toEqual({ session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } });
    for (const route of restRoutes) {
      const op = operation(route.method.toLowerCase(), openApiPath(route.path));
      expect(op.security, `${route.method} ${route.path}`).toEqual(route.access === 'public' ? [] : [{ session: [] }]);
    }
    const open = operations.filter(({ op }) => op.security.length === 0).map(({ key }) => key);
    expect(open.sort()).toEqual(
      [
        'GET /api/login',
        'POST /api/login',
        'POST /api/login/2fa',
        'POST /api/register',
        'POST /api/logout',
        'POST /api/contact',
        'GET /api/prototype-tracker/portfolio',
        'POST /api/appeals/by-token',
        'POST /api/invitations/accept',
        'POST /api/stripe/webhook',
        'GET /api/openapi.json',
        'GET /api/docs',
        'GET /api/docs/{file}',
      ].sort(),
    );
  });

  it('documents a download as the types it is served as, never only application/octet-stream', () => {
    const served = [...new Set(INFO_ANSWER_ACCEPTED_EXTENSIONS.map(mimeTypeFor))].sort();
    const download = operation('get', '/api/documents/{id}').responses['200']!.content!;
    expect(Object.keys(download).sort()).toEqual(served);
    expect(served).toEqual(expect.arrayContaining(['application/pdf', 'image/png', 'text/csv; charset=utf-8']));
    expect(download).not.toHaveProperty('application/octet-stream');
    // Uploads are the raw bytes, whatever their type (the server checks the content itself).
    expect(Object.keys(operation('post', '/api/prototypes/{id}/documents').requestBody!.content)).toEqual(['application/octet-stream']);
  });

  it('says what the server checks of the input: e-mail format, id ranges, non-empty file names', () => {
    for (const [method, path] of [
      ['post', '/api/register'],
      ['post', '/api/login'],
      ['patch', '/api/user/profile'],
      ['post', '/api/contact'],
    ] as const) {
      expect(jsonBodyOf(method, path).properties!.email, path).toMatchObject({ type: 'string', format: 'email', minLength: 1 });
    }
    // Every id a request names, in its path, query or body: a record id from 1 to INT4_MAX, or a uuid.
    const recordId = { type: 'integer', minimum: 1, maximum: INT4_MAX };
    const ids: Record<string, Schema> = {};
    for (const { key, op } of operations) {
      for (const p of op.parameters ?? []) if (/^(id|\w+Id)$/.test(p.name)) ids[`${key} ${p.in}:${p.name}`] = p.schema;
      const body = op.requestBody?.content['application/json']?.schema;
      for (const [name, field] of Object.entries(body?.properties ?? {})) if (/^(id|\w+Ids?)$/.test(name)) ids[`${key} body:${name}`] = field;
    }
    expect(Object.keys(ids).length).toBeGreaterThan(50);
    const undocumented = Object.entries(ids).filter(([key, schema]) => {
      if (key.endsWith('POST /api/stripe/webhook body:id')) return false; // Stripe's event id (evt_...)
      const one = schema.items ?? schema;
      const forms = one.anyOf ?? [one];
      return !forms.every((form) => form.format === 'uuid' || form.minimum === 1 || (form.type === 'string' && 'pattern' in form));
    });
    expect(undocumented).toEqual([]);
    expect(operation('patch', '/api/admin/prototypes/{id}/reject').parameters![0]!.schema).toEqual(recordId);
    expect(jsonBodyOf('post', '/api/messages/reply').properties!.parentMessageId).toEqual(recordId);
    expect(jsonBodyOf('put', '/api/admin/prototypes/{id}/reviewers').properties!.reviewerIds!.items).toEqual({ type: 'string', format: 'uuid' });
    expect(jsonBodyOf('patch', '/api/admin/support/tickets/{id}').properties!.assignedAdminId).toMatchObject({ type: ['string', 'null'], format: 'uuid' });
    for (const path of ['/api/prototypes/{id}/documents', '/api/seller/info-requests/{id}/documents']) {
      const name = operation('post', path).parameters!.find((p) => p.in === 'header')!;
      expect(name, path).toMatchObject({ name: 'x-file-name', required: true, schema: { type: 'string', minLength: 1 } });
    }
  });
});

describe('serving the contract', () => {
  it(`serves ${OPENAPI_PATH} as JSON, the same document every time`, async () => {
    const client = restClient(t.db);
    const first = await client.request('GET', OPENAPI_PATH);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.json).toEqual(JSON.parse(JSON.stringify(document)));
    expect((await client.request('GET', OPENAPI_PATH)).text).toBe(first.text);
  });

  it(`serves ${API_DOCS_PATH}: HTML without inline script, its assets from the package, under the page policy`, async () => {
    const client = restClient(t.db);
    const page = await client.request('GET', API_DOCS_PATH);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const scriptSrc = page.headers
      .get('content-security-policy')
      ?.split('; ')
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self'");
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\//);
      expect(content!.trim()).toBe('');
    }
    const assets = [...page.text.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.sort()).toEqual(['/api/docs/init.js', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']);
    for (const asset of assets) {
      const response = await client.request('GET', asset);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('content-type'), asset).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
    }
    expect((await client.request('GET', '/api/docs/init.js')).text).toContain(`url: "${OPENAPI_PATH}"`);
    expect((await client.request('GET', '/api/docs/swagger-ui-bundle.js')).text).toContain('SwaggerUIBundle');
    // Only the listed files: nothing else of node_modules is reachable.
    for (const other of ['/api/docs/package.json', '/api/docs/..%2F..%2Fpackage.json', '/api/docs/index.html']) {
      expect((await client.request('GET', other)).status, other).toBe(404);
    }
  });
});

describe('the REST test client checks answers against the contract', () => {
  const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  it('refuses a body that does not match, a field the contract does not name, and an undocumented status', () => {
    const portfolio = { total: 1, byEnergyType: [{ energyType: 'solar', count: 1 }], byStage: [{ stage: 'initial_review', count: 1 }] };
    expect(() => assertMatchesContract('GET', '/api/prototype-tracker/portfolio', jsonResponse(200, portfolio), portfolio)).not.toThrow();
    const wrongType = { ...portfolio, total: '1' };
    expect(() => assertMatchesContract('GET', '/api/prototype-tracker/portfolio', jsonResponse(200, wrongType), wrongType)).toThrow(
      /does not match "GET \/api\/prototype-tracker\/portfolio"[\s\S]*total/,
    );
    const extra = { ...portfolio, secret: 'x' };
    expect(() => assertMatchesContract('GET', '/api/prototype-tracker/portfolio', jsonResponse(200, extra), extra)).toThrow(/secret/);
    expect(() => assertMatchesContract('GET', '/api/prototype-tracker/portfolio', jsonResponse(418, { message: 'x' }), { message: 'x' })).toThrow(
      /answered 418, a status the contract does not document/,
    );
  });

  it('refuses a 429 without Retry-After, and matches concrete paths to their templates', () => {
    const body = { message: 'Too many attempts' };
    expect(() => assertMatchesContract('POST', '/api/login', jsonResponse(429, body), body)).toThrow(/Retry-After/);
    expect(() => assertMatchesContract('POST', '/api/login', jsonResponse(429, body, { 'retry-after': '60' }), body)).not.toThrow();
    expect(() => assertMatchesContract('GET', '/api/messages/12/thread', jsonResponse(200, [{ id: 1 }]), [{ id: 1 }])).toThrow(
      /"GET \/api\/messages\/:id\/thread"/,
    );
  });
});

describe('answers of the payout and pipeline paths match the contract', () => {
  useManualPayouts();

  it('seller pipeline, payout account and payouts; admin payout list, totals and a manual payout', async () => {
    const seller = await createUser(t.db.prisma);
    const { transaction } = await acceptedQuote(t.db, '1200.50', seller);
    const admin = await createAdmin(t.db.prisma);

    const sellerClient = await signedInClient(t.db, seller);
    const pipeline = await sellerClient.request('GET', '/api/seller/pipeline');
    expect(pipeline.status).toBe(200);
    expect(pipeline.json).toHaveLength(1);
    expect((await sellerClient.request('GET', '/api/seller/payout-account')).json).toMatchObject({ mode: 'manual', connected: false });
    expect((await sellerClient.request('POST', '/api/seller/payout-account/connect')).status).toBe(412);

    const adminClient = await signedInClient(t.db, admin);
    const list = await adminClient.request('GET', '/api/admin/payouts?status=pending');
    expect(list.json).toEqual([expect.objectContaining({ id: transaction.id, status: 'pending', sellerPayout: '1080.45' })]);
    expect((await adminClient.request('GET', '/api/admin/payouts/totals')).status).toBe(200);
    const paid = await adminClient.request('POST', `/api/admin/payouts/${transaction.id}/manual`, { method: 'wire', reference: 'W-1' });
    expect(paid.status).toBe(200);
    expect(paid.json.transaction).toMatchObject({ status: 'completed', payoutMethod: 'wire', payoutReference: 'W-1' });
    expect((await adminClient.request('POST', `/api/admin/payouts/${transaction.id}/pay`)).status).toBe(412);

    const payouts = await sellerClient.request('GET', '/api/seller/payouts');
    expect(payouts.json).toMatchObject({ paidOut: '1080.45', items: [{ payoutMethod: 'wire', reference: 'W-1' }] });
    expect((await sellerClient.request('GET', '/api/admin/payouts')).status).toBe(403);
  });
});
