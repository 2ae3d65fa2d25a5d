// No 5xx for anything a client can send (issue 12): generated hostile ids, bodies and query strings
// to every documented /api path and every tRPC procedure (over /trpc and through createCaller), as
// guest, seller and admin. Inputs are near-valid (each procedure's own schema with some fields made
// hostile) so they get past validation to the queries, where 5xx came from. fast-check prints the
// seed of a failing run; FC_SEED=<seed> replays it.
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import type { ZodTypeAny } from 'zod';
import { createApp } from '../app.ts';
import { SESSION_COOKIE, createSession } from '../auth/session.ts';
import { createLiveHub } from '../live/hub.ts';
import { appRouter } from '../routers/_app.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, testEnv, useTestDatabase } from '../test/harness.ts';
import type { ProcedureRoute, RestRequest } from './define-route.ts';
import { restRoutes } from './endpoints/index.ts';

const t = useTestDatabase();
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
/** Runs per path or procedure and role; FC_RUNS=50 for a long local search. */
const numRuns = Number(process.env.FC_RUNS ?? 3);
/** Generous: a busy 2-core machine with the embedded database, and room for long local searches. */
const timeout = Math.max(150_000, numRuns * 30_000);
const ADMIN_PASSWORD = 'the admin passphrase, never generated';

// --- Hostile values ------------------------------------------------------------------------------

/** Values at and past the edges of what the columns hold, and text PostgreSQL cannot store. */
const boundaryText = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  // Half of a surrogate pair: a text column would store U+FFFD, a jsonb column refuses it.
  'a\ud800b',
  '\udfff',
  '2147483647',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '9999999999.999',
  '99999999999.99',
  '------------------------------------',
  '00000000-0000-0000-0000-000000000000',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '10000-01-01T00:00:00Z',
  '-001000-01-01T00:00:00Z',
);
const oddText = fc.constantFrom(
  '',
  ' ',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '%',
  '\u202e\ud800\udfff',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
);
const longText = fc.constantFrom('x', '.', '/', '1', ' ', '\u0000', 'é').map((unit) => unit.repeat(15_000));
const randomText = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 })); // lone surrogates too

const hostileText = fc.oneof(
  { weight: 5, arbitrary: boundaryText },
  { weight: 2, arbitrary: oddText },
  { weight: 1, arbitrary: longText },
  { weight: 2, arbitrary: randomText },
);

const hostileNumber = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      0,
      -0,
      -1,
      1.5,
      2_147_483_647,
      2_147_483_648,
      -2_147_483_649,
      1e20,
      -1e20,
      Number.MAX_SAFE_INTEGER,
      1e308,
      8.64e15,
      -8.64e15,
      1e12,
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);

const hostileKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'a\u0000b'), fc.string({ maxLength: 10 }));

const { hostile } = fc.letrec<{ hostile: unknown }>((tie) => ({
  hostile: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileText },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
    { weight: 1, arbitrary: fc.array(tie('hostile'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileKey, tie('hostile'), { maxKeys: 3 }) },
  ),
}));

// --- Near-valid inputs from each procedure's own schema ------------------------------------------

/** A list cursor as the lists encode it (src/server/domain/admin-lists.ts). */
const cursor = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

interface Known {
  /** Ids of rows that exist, to reach the queries behind the checks. */
  recordIds: number[];
  userIds: string[];
}

/** Keys that hold ids, whatever their schema's type. */
const RECORD_ID_KEYS = new Set(['id', 'prototypeId', 'parentMessageId']);
const USER_ID_KEYS = new Set(['userId', 'assignedTo', 'user']);

/** A value `schema` would likely accept (so a hostile neighbour gets further), for a field named `key`. */
function plausible(schema: ZodTypeAny, key: string, known: Known): fc.Arbitrary<unknown> {
  if (RECORD_ID_KEYS.has(key)) return fc.oneof(fc.constantFrom(...known.recordIds), fc.constantFrom(...known.recordIds.map(String)));
  if (USER_ID_KEYS.has(key)) return fc.constantFrom(...known.userIds);
  if (key === 'cursor') return fc.constantFrom(undefined, '1', cursor([new Date().toISOString(), known.recordIds[0]]), cursor(['a', known.userIds[0]]));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Zod 3's _def is untyped internals, read per typeName
  const def = schema._def as Record<string, any>;
  switch (def.typeName as string) {
    case 'ZodObject': {
      const shape = (def.shape as () => Record<string, ZodTypeAny>)();
      return fc.record(Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, fieldValue(field, name, known)])));
    }
    case 'ZodEffects':
      return plausible(def.schema, key, known);
    case 'ZodPipeline':
      return plausible(def.out, key, known);
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
      return plausible(def.innerType, key, known);
    case 'ZodUnion':
      return fc.oneof(...(def.options as ZodTypeAny[]).map((option) => plausible(option, key, known)));
    case 'ZodEnum':
      return fc.constantFrom(...(def.values as string[]));
    case 'ZodLiteral':
      return fc.constant(def.value);
    case 'ZodBoolean':
      return fc.boolean();
    case 'ZodNumber':
      return fc.integer({ min: 0, max: 100 });
    case 'ZodDate':
      return fc.constantFrom('2030-01-01T00:00:00.000Z', new Date(Date.now() + 86_400_000).toISOString());
    case 'ZodArray':
      return fc.array(plausible(def.type, key, known), { maxLength: 2 });
    case 'ZodString': {
      const checks = (def.checks as { kind: string }[]).map((check) => check.kind);
      if (checks.includes('email') || key === 'email') return fc.constantFrom('seller@example.test', 'someone@example.test');
      if (checks.includes('uuid')) return fc.constantFrom(...known.userIds);
      return fc.constantFrom('A plain, valid text', 'correct horse battery staple', '12');
    }
    default: // ZodUnknown (money amounts), ZodAny, ...
      return fc.constantFrom('1500.00', 42, 'text');
  }
}

/** A nested field: mostly plausible, sometimes hostile or missing. */
function fieldValue(schema: ZodTypeAny, key: string, known: Known): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 8, arbitrary: plausible(schema, key, known) }, { weight: 1, arbitrary: hostile }, { weight: 1, arbitrary: fc.constant(undefined) });
}

/** A plausible input with one or two of its fields (or extra keys) hostile: it gets as far as it can. */
function mutated(schema: ZodTypeAny, known: Known): fc.Arbitrary<unknown> {
  const keys = topLevelKeys(schema);
  if (keys.length === 0) return hostile;
  return fc
    .tuple(
      plausible(schema, '', known),
      fc.array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: hostileKey }), hostile), {
        minLength: 1,
        maxLength: 2,
      }),
    )
    .map(([base, changes]) => {
      const input: Record<string, unknown> = base && typeof base === 'object' ? { ...(base as object) } : {};
      for (const [key, value] of changes) Object.defineProperty(input, key, { value, enumerable: true, configurable: true, writable: true });
      return input;
    });
}

/** The keys of an object schema, under its refinements and defaults. */
function topLevelKeys(schema: ZodTypeAny): string[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Zod 3's _def is untyped internals, read per typeName
  const def = schema._def as Record<string, any>;
  if (def.typeName === 'ZodObject') return Object.keys((def.shape as () => object)());
  if (def.typeName === 'ZodEffects') return topLevelKeys(def.schema);
  if (def.typeName === 'ZodDefault' || def.typeName === 'ZodOptional') return topLevelKeys(def.innerType);
  return [];
}

type Procedure = { _def: { type: 'query' | 'mutation' | 'subscription'; inputs: ZodTypeAny[] } };
const procedureTable: unknown = appRouter._def.procedures; // tRPC's own type hides the zod inputs read here
const procedures = Object.entries(procedureTable as Record<string, Procedure>);

function inputFor(procedure: Procedure, known: Known): fc.Arbitrary<unknown> {
  const schema = procedure._def.inputs[0];
  if (!schema) return fc.oneof(fc.constant(undefined), hostile);
  return fc.oneof({ weight: 6, arbitrary: mutated(schema, known) }, { weight: 2, arbitrary: plausible(schema, '', known) }, { weight: 1, arbitrary: hostile });
}

// --- The world the requests land in -------------------------------------------------------------

type Role = 'guest' | 'seller' | 'admin';
const ROLES: Role[] = ['guest', 'seller', 'admin'];

async function world() {
  const db = t.db.prisma;
  const admin = await createAdmin(db, { password: ADMIN_PASSWORD });
  const seller = await createUser(db, { email: 'seller@example.test' });
  // The admin acts on this account's rows, never on its own or the seller's (which would be legitimate).
  const other = await createUser(db);
  const prototypes = [
    await createPrototype(db, seller.id),
    await createPrototype(db, seller.id, { status: 'quoted', atomixQuote: '1500.00', quotedAt: new Date() }),
    await createPrototype(db, other.id, { status: 'accepted', atomixQuote: '900.00', finalAmount: '900.00' }),
  ];
  const message = await db.adminMessage.create({
    data: { adminId: admin.id, userId: seller.id, subject: 'Hello', message: 'First message', prototypeId: prototypes[0]!.id },
  });
  const transaction = await db.transaction.create({
    data: { prototypeId: prototypes[2]!.id, sellerId: other.id, amount: '900.00', platformFee: '90.00', sellerPayout: '810.00' },
  });
  await db.contact.create({ data: { name: 'Visitor', email: 'visitor@example.test', subject: 'general', message: 'Hi' } });
  const recordIds = [...new Set([1, 2, 3, ...prototypes.map((p) => p.id), message.id, transaction.id])];
  const knownFor = (role: Role): Known => ({
    recordIds,
    userIds: role === 'admin' ? [other.id] : [other.id, seller.id, admin.id],
  });
  const userIdOf: Record<Role, string | null> = { guest: null, seller: seller.id, admin: admin.id };
  const adminRow = () => db.user.findUniqueOrThrow({ where: { id: admin.id }, select: { email: true, password: true, role: true, status: true } });
  return { admin, seller, knownFor, userIdOf, adminBefore: await adminRow(), adminRow };
}

/** A fresh session per path or procedure and role: a generated call may sign the previous one out. */
async function cookieFor(userId: string | null): Promise<Record<string, string>> {
  if (!userId) return {};
  const { token } = await createSession(t.db.prisma, userId, 30);
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

/**
 * The app under attack. Its live hub is closed: live.events runs its procedure on whatever was sent and
 * then ends at once (as on an instance that is stopping) instead of holding the request open.
 */
const app = () => {
  const live = createLiveHub();
  void live.close();
  return createApp({ db: t.db.prisma, env: testEnv, log: () => {}, services: { live } });
};

/** What a 5xx said, for the failure message. */
async function describeFailure(response: Response, what: string): Promise<string> {
  return `${what} -> ${response.status} ${(await response.clone().text()).slice(0, 300)}`;
}

/** As the client encodes an input; superjson itself refuses keys such as `constructor`, which are then sent as plain JSON. */
function superjsonText(value: unknown): string {
  try {
    return JSON.stringify(superjson.serialize(value));
  } catch {
    return JSON.stringify({ json: value });
  }
}

// --- Generated REST requests --------------------------------------------------------------------

/** The procedure each documented route calls, found by running its handler against a recording caller. */
async function procedureOf(route: ProcedureRoute): Promise<string | null> {
  let called: string | null = null;
  const recorder = (path: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_target, name) => recorder([...path, String(name)]),
      apply: () => {
        called = path.join('.');
        return Promise.resolve({ items: [], nextCursor: null });
      },
    });
  await route.handler({ caller: recorder([]) as RestRequest['caller'], input: { id: '1' } as never, query: {} });
  return called;
}

/** Text in a URL: a URL cannot carry half a surrogate pair (a browser sends U+FFFD in its place). */
const urlText = (text: string) => encodeURIComponent(text.toWellFormed());

const idSegment = (known: Known) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...known.recordIds.map(String), ...known.userIds) },
    { weight: 2, arbitrary: hostileText.map((text) => urlText(text).slice(0, 1500)) },
  );

const queryString = (keys: string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...keys, 'limit', 'cursor', 'status'), hostileKey), fc.oneof(hostileText, fc.constantFrom('1', '100', '101'))), {
      maxLength: 3,
    })
    .map((pairs) => {
      const query = pairs.map(([key, value]) => `${urlText(key)}=${urlText(value)}`.slice(0, 600)).join('&');
      return query ? `?${query}` : '';
    });

const rawBody = (structured: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: structured.map((value) => JSON.stringify(value) ?? '') },
    { weight: 1, arbitrary: hostile.map((value) => JSON.stringify(value) ?? '') },
    { weight: 1, arbitrary: fc.constantFrom('{', '[', 'null', '"', '{"a":', '\u0000', '[[[[[[[[[[[[[[[[', `${'['.repeat(5000)}${']'.repeat(5000)}`) },
  );

describe('hostile input never gets a 5xx', () => {
  it("the issue's examples: ids beyond the integer range are 404, NUL in text is 400", async () => {
    const w = await world();
    const server = app();
    const asAdmin = await cookieFor(w.admin.id);
    for (const path of ['/api/admin/prototypes/99999999999999999999/approve', '/api/admin/prototypes/2147483648/approve', '/api/admin/prototypes/-1/approve']) {
      const res = await server.request(`http://localhost${path}`, { method: 'PATCH', headers: asAdmin });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found' });
    }
    for (const path of [
      '/api/messages/99999999999999999999/thread',
      '/api/messages/1.5/thread',
      '/api/messages/abc/thread',
      '/api/documents/99999999999999999999',
    ]) {
      const res = await server.request(`http://localhost${path}`, { headers: asAdmin });
      expect(res.status, path).toBe(404);
    }
    // A path id that cannot be a uuid names no user either.
    const notUuid = await server.request('http://localhost/api/admin/users/------------------------------------', { method: 'DELETE', headers: asAdmin });
    expect(notUuid.status).toBe(404);
    // The largest id a column holds is a valid id (of a row that does not exist).
    const largest = await server.request('http://localhost/api/messages/2147483647/thread', { headers: asAdmin });
    expect(largest.status).toBe(404);

    const register = await server.request('http://localhost/api/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nul@example.test', password: 'long enough', firstName: 'a\u0000b', lastName: 'B' }),
    });
    expect(register.status).toBe(400);
    expect(await register.json()).toEqual({ message: 'Text must not contain NUL characters' });
    expect(await t.db.prisma.user.count({ where: { email: 'nul@example.test' } })).toBe(0);

    // Half of a surrogate pair, as JSON can spell it: refused before it reaches a jsonb column (the
    // activity log's details took a message's subject and failed with a 500).
    const messagesBefore = await t.db.prisma.adminMessage.count();
    for (const subject of ['no\\ud800', '\\udfff then more']) {
      const message = await server.request('http://localhost/api/admin/messages', {
        method: 'POST',
        headers: { ...asAdmin, 'content-type': 'application/json' },
        body: `{"userId":"${w.seller.id}","subject":"${subject}","content":"c"}`,
      });
      expect(message.status, subject).toBe(400);
      expect(await message.json()).toEqual({ message: 'Text must be valid Unicode' });
    }
    expect(await t.db.prisma.adminMessage.count()).toBe(messagesBefore);
    // A whole pair is ordinary text.
    const paired = await server.request('http://localhost/api/admin/messages', {
      method: 'POST',
      headers: { ...asAdmin, 'content-type': 'application/json' },
      body: `{"userId":"${w.seller.id}","subject":"fuel \\ud83d\\udd25","content":"c"}`,
    });
    expect(paired.status).toBe(201);

    // Bodies: ids and numbers bounded by their columns are 400, not a database error.
    const asSeller = await cookieFor(w.seller.id);
    const bodies: [string, string, Record<string, string>, unknown][] = [
      ['POST', '/api/messages/reply', asSeller, { subject: 's', message: 'm', parentMessageId: 1e20 }],
      ['POST', '/api/admin/messages', asAdmin, { userId: '------------------------------------', subject: 's', content: 'c' }],
      [
        'PATCH',
        '/api/admin/users/00000000-0000-0000-0000-000000000000/status',
        asAdmin,
        { status: 'restricted', restrictedUntil: '+275760-09-13T00:00:00.000Z' },
      ],
      ['PATCH', '/api/admin/prototypes/1/quote', asAdmin, { atomixQuote: '1'.repeat(15_000) }],
      ['GET', `/api/admin/prototypes?cursor=${cursor(['2030-01-01T00:00:00.000Z', 99_999_999_999])}`, asAdmin, undefined],
      ['GET', `/api/admin/prototypes?cursor=${cursor(['-100000-01-01T00:00:00.000Z', 1])}`, asAdmin, undefined],
      ['GET', `/api/admin/users?cursor=${cursor(['2030-01-01T00:00:00.000Z', '-'.repeat(36)])}`, asAdmin, undefined],
    ];
    for (const [method, path, headers, body] of bodies) {
      const res = await server.request(`http://localhost${path}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.status, `${method} ${path}`).toBe(400);
    }
  });

  it('malformed percent-encoding in paths and query strings', async () => {
    const w = await world();
    const server = app();
    const urls = [
      '/api/admin/payouts?%=1&limit=%E0%A4%A',
      '/api/admin/prototypes?cursor=%ff&limit=%',
      '/api/messages/%E0%A4%A/thread',
      '/api/messages/%00/thread',
      '/api/documents/%ff',
      '/trpc/auth.me?input=%E0%A4%A',
      '/trpc/auth.me?input=%',
      '/trpc/%ff',
      '/trpc/admin.users?input=%7B%22json%22%3A%7B%22search%22%3A%22%00%22%7D%7D',
      '/%ff',
    ];
    for (const role of ROLES) {
      const headers = await cookieFor(w.userIdOf[role]);
      for (const url of urls) {
        const res = await server.request(`http://localhost${url}`, { headers });
        expect(res.status, `${role} ${url}`).toBeLessThan(500);
      }
      const upload = await server.request('http://localhost/api/prototypes/%ff/documents', {
        method: 'POST',
        headers: { ...headers, 'x-file-name': '%E0%A4%A.pdf' },
        body: 'x',
      });
      expect(upload.status).toBeLessThan(500);
    }
    // The tRPC adapter threw on a path it could not decode (a 500): such a path is refused first.
    const undecodable = await server.request('http://localhost/trpc/auth.me%ff');
    expect(undecodable.status).toBe(400);
    expect(await undecodable.json()).toEqual({ message: 'The requested path is malformed' });

    // Input tRPC cannot decode gets one plain message, not the decoder's (which named its internals).
    const envelopes = ['null', '{"json":"a","meta":{"values":["regexp"]}}', '{"json":{},"meta":{"values":["class","X"]}}', '{"json":'];
    for (const envelope of envelopes) {
      const res = await server.request(`http://localhost/trpc/auth.me?input=${encodeURIComponent(envelope)}`);
      expect(res.status, envelope).toBe(400);
      const body = (await res.json()) as { error: { json: { message: string } } };
      expect(body.error.json.message, envelope).toBe('Invalid input: it could not be read');
    }
  });

  it(
    'every documented /api path, as guest, seller and admin',
    async () => {
      const w = await world();
      const server = app();
      const documentRoutes: { method: string; path: string; procedure: string | null }[] = [
        { method: 'POST', path: '/api/prototypes/:id/documents', procedure: null },
        { method: 'GET', path: '/api/documents/:id', procedure: null },
      ];
      const procedureRoutes = restRoutes.filter((route) => route.kind === 'procedure');
      const routes = [...(await Promise.all(procedureRoutes.map(async (route) => ({ ...route, procedure: await procedureOf(route) })))), ...documentRoutes];
      const procedureByPath = new Map(procedures);
      for (const route of routes) {
        for (const role of ROLES) {
          const known = w.knownFor(role);
          const procedure = route.procedure ? procedureByPath.get(route.procedure) : undefined;
          const schema = procedure?._def.inputs[0];
          const keys = schema ? topLevelKeys(schema) : [];
          const session = await cookieFor(w.userIdOf[role]);
          await fc.assert(
            fc.asyncProperty(
              idSegment(known),
              queryString(keys),
              rawBody(procedure ? inputFor(procedure, known) : hostile),
              fc.constantFrom('application/json', 'text/plain', 'application/octet-stream'),
              async (id, query, body, contentType) => {
                const path = route.path.replace(':id', id) + query;
                const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
                const response = await server.request(`http://localhost${path}`, {
                  method: route.method,
                  headers: { ...session, 'content-type': contentType, 'x-file-name': 'report.pdf' },
                  ...(hasBody ? { body } : {}),
                });
                if (response.status >= 500) expect.fail(await describeFailure(response, `${role} ${route.method} ${path} ${body.slice(0, 200)}`));
              },
            ),
            { numRuns, seed, endOnFailure: true },
          );
        }
      }
      expect(await w.adminRow()).toEqual(w.adminBefore);
    },
    timeout,
  );

  it(
    'every tRPC procedure over /trpc, as guest, seller and admin',
    async () => {
      const w = await world();
      const server = app();
      for (const [path, procedure] of procedures) {
        for (const role of ROLES) {
          const input = inputFor(procedure, w.knownFor(role));
          // Mostly what the client sends (superjson); sometimes raw junk where the envelope goes.
          const encoded = fc.oneof(
            { weight: 5, arbitrary: input.map(superjsonText) },
            { weight: 1, arbitrary: fc.tuple(input, hostile).map(([json, meta]) => JSON.stringify({ json, meta })) },
            { weight: 1, arbitrary: hostileText },
          );
          const headers = await cookieFor(w.userIdOf[role]);
          await fc.assert(
            fc.asyncProperty(encoded, fc.boolean(), async (text, batch) => {
              const target = batch ? `/trpc/${path},${path}?batch=1` : `/trpc/${path}`;
              const payload = batch ? `{"0":${text || 'null'},"1":${text || 'null'}}` : text;
              const response =
                procedure._def.type !== 'mutation' // queries, and subscriptions (live.events: an event stream)
                  ? await server.request(`http://localhost${target}${batch ? '&' : '?'}input=${urlText(payload).slice(0, 1800)}`, { headers })
                  : await server.request(`http://localhost${target}`, {
                      method: 'POST',
                      headers: { ...headers, 'content-type': 'application/json' },
                      body: payload,
                    });
              const body = await response.clone().text();
              if (response.status >= 500 || body.includes('INTERNAL_SERVER_ERROR')) {
                expect.fail(await describeFailure(response, `${role} ${procedure._def.type} ${target} ${payload.slice(0, 200)}`));
              }
            }),
            { numRuns, seed, endOnFailure: true },
          );
        }
      }
      expect(await w.adminRow()).toEqual(w.adminBefore);
    },
    timeout,
  );

  it(
    'every tRPC procedure through createCaller, as guest, seller and admin',
    async () => {
      const w = await world();
      for (const [path, procedure] of procedures) {
        for (const role of ROLES) {
          const caller = await callerAs(t.db, w.userIdOf[role]);
          await fc.assert(
            fc.asyncProperty(inputFor(procedure, w.knownFor(role)), async (input) => {
              // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks the caller by a dotted path that only exists at runtime
              const call = path.split('.').reduce<any>((node, name) => node[name], caller);
              try {
                await call(input);
              } catch (error) {
                if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') {
                  expect.fail(
                    `${role} ${path} ${JSON.stringify(input)?.slice(0, 200)} -> ${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`,
                  );
                }
              }
            }),
            { numRuns, seed, endOnFailure: true },
          );
        }
      }
      expect(await w.adminRow()).toEqual(w.adminBefore);
    },
    timeout,
  );
});
