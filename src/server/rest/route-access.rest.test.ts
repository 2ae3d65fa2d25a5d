// Who may call comes before what they sent, on every declared /api path (issue 30, point 4): a guest
// hears 401 on every private path and a seller 403 on every admin path, even with an id no record
// can have and a body that is not JSON; an admin without the path's capability hears 403 too. Then
// the input: an impossible id is a 404, a body that is not JSON a 400. A method a known path does not
// have is a 405 with Allow.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, createAdmin, createUser } from '../test/factories.ts';
import { restClient, useTestDatabase } from '../test/harness.ts';
import { METHODS, type RouteDeclaration } from './define-route.ts';
import { restRoutes } from './endpoints/index.ts';

const t = useTestDatabase();

/** Neither a record id nor a uuid. */
const IMPOSSIBLE_ID = 'no-such-id';
const concrete = (route: RouteDeclaration) => route.path.replace(':id', IMPOSSIBLE_ID).replace(':file', 'x');
const writes = (route: RouteDeclaration) => route.method !== 'GET' && route.method !== 'DELETE';
/** A body that is not JSON on every write (the uploads get raw bytes with no file name). */
const malformed = (route: RouteDeclaration) => (writes(route) ? '{"not json' : undefined);

async function signedIn(user: { email: string } | null) {
  const client = restClient(t.db);
  if (user) expect((await client.request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD })).status).toBe(200);
  return client;
}

const key = (route: RouteDeclaration) => `${route.method} ${route.path}`;

describe('authorization before validation, on every declared path', () => {
  it('a guest gets 401 on every private path, whatever the id and body', async () => {
    const guest = await signedIn(null);
    const privateRoutes = restRoutes.filter((route) => route.access !== 'public');
    expect(privateRoutes.length).toBeGreaterThan(60);
    const answers: Record<string, number> = {};
    for (const route of privateRoutes) answers[key(route)] = (await guest.request(route.method, concrete(route), malformed(route))).status;
    expect(answers).toEqual(Object.fromEntries(privateRoutes.map((route) => [key(route), 401])));
  });

  it('a seller gets 403 on every admin path, whatever the id and body (PATCH /api/admin/users/1/status included)', async () => {
    const seller = await signedIn(await createUser(t.db.prisma));
    const adminRoutes = restRoutes.filter((route) => route.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(35);
    const answers: Record<string, number> = {};
    for (const route of adminRoutes) answers[key(route)] = (await seller.request(route.method, concrete(route), malformed(route))).status;
    expect(answers).toEqual(Object.fromEntries(adminRoutes.map((route) => [key(route), 403])));
    expect((await seller.request('PATCH', '/api/admin/users/1/status', { status: 'banned' })).status).toBe(403);
  });

  it('a NUL in a well-formed body is input too: 401 for a guest, 403 for a seller on admin paths, before its 400', async () => {
    const withNul = { reason: 'a\u0000b', message: 'a\u0000b', status: 'banned' };
    const guest = await signedIn(null);
    const seller = await signedIn(await createUser(t.db.prisma));
    const privateWrites = restRoutes.filter((route) => route.access !== 'public' && writes(route) && route.kind !== 'http');
    expect(privateWrites.length).toBeGreaterThan(40);
    const answers: Record<string, number> = {};
    for (const route of privateWrites) {
      answers[`guest ${key(route)}`] = (await guest.request(route.method, concrete(route), withNul)).status;
      if (route.access === 'admin') answers[`seller ${key(route)}`] = (await seller.request(route.method, concrete(route), withNul)).status;
    }
    const expected = privateWrites.flatMap((route) => [[`guest ${key(route)}`, 401], ...(route.access === 'admin' ? [[`seller ${key(route)}`, 403]] : [])]);
    expect(answers).toEqual(Object.fromEntries(expected));
    // Once allowed, the NUL is refused as input.
    const admin = await signedIn(await createAdmin(t.db.prisma));
    const refused = await admin.request('POST', '/api/admin/messages', { message: 'a\u0000b' });
    expect(refused.status).toBe(400);
  });

  it('an admin without users.manage gets 403 on its paths, not 404 for the impossible id', async () => {
    const granter = await createAdmin(t.db.prisma);
    const admin = await createAdmin(t.db.prisma);
    const client = await signedIn(admin);
    const revoked = await (
      await signedIn(granter)
    ).request('POST', `/api/admin/users/${admin.id}/permissions`, {
      permission: 'users.manage',
      granted: false,
      reason: 'Moderation paused during the audit',
    });
    expect(revoked.status).toBe(201);
    expect((await client.request('PATCH', '/api/admin/users/1/status', { status: 'banned' })).status).toBe(403);
    expect((await client.request('DELETE', `/api/admin/users/${IMPOSSIBLE_ID}`)).status).toBe(403);
    expect((await client.request('POST', `/api/admin/users/${IMPOSSIBLE_ID}/warnings`, '{"not json')).status).toBe(403);
    // The capability it still has: the input decides.
    expect((await client.request('PATCH', `/api/admin/prototypes/${IMPOSSIBLE_ID}/approve`)).status).toBe(404);
  });

  it('once allowed, an impossible id is a 404 and a body that is not JSON a 400', async () => {
    const officer = await createAdmin(t.db.prisma);
    // compliance.manage is held only where granted (ADR 0050); this admin may do everything.
    await t.db.prisma.userPermission.create({ data: { userId: officer.id, permission: 'compliance.manage', granted: true } });
    const admin = await signedIn(officer);
    const withId = restRoutes.filter((route) => route.kind === 'procedure' && route.path.includes('/:id'));
    for (const route of withId) {
      const answer = await admin.request(route.method, concrete(route), writes(route) ? {} : undefined);
      expect(answer.status, key(route)).toBe(404);
      expect(answer.json, key(route)).toEqual({ message: 'Not found' });
    }
    for (const route of restRoutes.filter((r) => r.kind === 'procedure' && writes(r))) {
      const answer = await admin.request(route.method, route.path.replace(':id', '1'), '{"not json');
      expect(answer.status, key(route)).toBe(400);
      expect(answer.json, key(route)).toEqual({ message: 'Malformed JSON body' });
    }
  });
});

/** A declared path as a pattern: each `:param` is one segment. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);

describe('a method a known path does not have', () => {
  it('is a 405 with Allow naming the methods it has, on every declared path', async () => {
    const client = await signedIn(null);
    const methodsOf = new Map<string, Set<string>>();
    for (const route of restRoutes) methodsOf.set(route.path, (methodsOf.get(route.path) ?? new Set()).add(route.method));
    let checked = 0;
    for (const [path, methods] of methodsOf) {
      const allow = [...METHODS, 'HEAD'].filter((method) => methods.has(method) || (method === 'HEAD' && methods.has('GET'))).join(', ');
      for (const method of METHODS.filter((m) => !methods.has(m))) {
        const concretePath = path.replace(':id', '1').replace(':file', 'x');
        // A literal path another declared pattern also matches (PATCH /api/admin/reports/decline-reasons
        // is PATCH /api/admin/reports/:id with a wrong id) is that route's, not a 405.
        if (restRoutes.some((other) => other.method === method && patternOf(other.path).test(concretePath))) continue;
        const answer = await client.request(method, concretePath);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get('allow'), `${method} ${path}`).toBe(allow);
        expect(answer.json).toEqual({ message: 'Method not allowed' });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect((await client.request('DELETE', '/api/login')).headers.get('allow')).toBe('GET, POST, HEAD');
    // An unknown path stays a 404.
    expect((await client.request('DELETE', '/api/no-such-path')).status).toBe(404);
  });
});
