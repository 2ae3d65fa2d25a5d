// Every sign-in rule of the foundation issue, through the documented REST paths.
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password.ts';
import { createApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { DEFAULT_PASSWORD, createUser } from '../test/factories.ts';
import { restClient, testEnv, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
const newUser = {
  email: 'Ada.Lovelace@Example.com',
  password: 'analytical',
  firstName: 'Ada',
  lastName: 'Lovelace',
  businessName: '',
  phoneNumber: '',
};

describe('POST /api/register', () => {
  it('creates the account, signs it in and never returns the password hash', async () => {
    const client = restClient(t.db);
    const res = await client.request('POST', '/api/register', newUser);
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ email: 'ada.lovelace@example.com', firstName: 'Ada', role: 'user', status: 'active' });
    expect(res.json.user.businessName).toBeNull();
    expect(res.json.user.phoneNumber).toBeNull();
    expect(res.text).not.toContain('argon2');
    expect(res.json.user).not.toHaveProperty('password');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await client.request('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.email).toBe('ada.lovelace@example.com');
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { email: 'ada.lovelace@example.com' } });
    expect(stored.password).toMatch(/^\$argon2id\$/);
  });

  it('treats emails case-insensitively: a second account with other casing is a 409', async () => {
    await restClient(t.db).request('POST', '/api/register', newUser);
    const res = await restClient(t.db).request('POST', '/api/register', { ...newUser, email: 'ADA.LOVELACE@example.COM' });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('An account with this email already exists');
  });

  it('answers bad input with 400 and the validation message, storing nothing', async () => {
    const res = await restClient(t.db).request('POST', '/api/register', { ...newUser, email: 'not-an-email', firstName: ' ' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('Invalid email address');
    expect(res.json.message).toContain('First name is required');
    expect(await t.db.prisma.user.count()).toBe(0);
  });

  it("uses the validation layer's generic words where no message is set", async () => {
    const res = await restClient(t.db).request('POST', '/api/register', { ...newUser, firstName: 42 });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('firstName: Expected string, received number');
  });
});

describe('POST /api/login and GET /api/auth/user', () => {
  it('signs in and answers { user } with its role', async () => {
    const user = await createUser(t.db.prisma, { email: 'seller@example.test' });
    const client = restClient(t.db);
    const res = await client.request('POST', '/api/login', { email: 'SELLER@example.test', password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ id: user.id, role: 'user' });
    expect((await client.request('GET', '/api/auth/user')).json.id).toBe(user.id);
  });

  it('answers a guest with 401 whose body says Unauthorized', async () => {
    const res = await restClient(t.db).request('GET', '/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.json.message).toContain('Unauthorized');
  });

  it('answers an unknown email and a wrong password alike', async () => {
    await createUser(t.db.prisma, { email: 'known@example.test' });
    const unknown = await restClient(t.db).request('POST', '/api/login', { email: 'nobody@example.test', password: 'whatever1' });
    const wrong = await restClient(t.db, { ip: '198.51.100.8' }).request('POST', '/api/login', {
      email: 'known@example.test',
      password: 'whatever1',
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
  });

  it('refuses a banned user with the ban reason, and records failed sign-ins in the audit trail', async () => {
    await createUser(t.db.prisma, { email: 'banned@example.test', status: 'banned', banReason: 'Fraudulent submissions' });
    const res = await restClient(t.db).request('POST', '/api/login', { email: 'banned@example.test', password: DEFAULT_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.json.message).toContain('Fraudulent submissions');
    await restClient(t.db).request('POST', '/api/login', { email: 'banned@example.test', password: 'wrong-password' });
    const failed = await t.db.prisma.userActivityLog.findMany({ where: { action: 'auth.login_failed' } });
    expect(failed).toHaveLength(1);
    expect(failed[0]?.ipAddress).toBe('198.51.100.7');
  });

  it('GET /api/login redirects to /login', async () => {
    const res = await restClient(t.db).request('GET', '/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
  });
});

describe('session revocation', () => {
  async function signedIn(email = 'member@example.test') {
    const user = await createUser(t.db.prisma, { email });
    const client = restClient(t.db);
    expect((await client.request('POST', '/api/login', { email, password: DEFAULT_PASSWORD })).status).toBe(200);
    return { user, client };
  }

  it('logout ends the session: the old cookie no longer works', async () => {
    const { client } = await signedIn();
    const oldCookie = client.cookie;
    const out = await client.request('POST', '/api/logout');
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    client.cookie = oldCookie;
    expect((await client.request('GET', '/api/auth/user')).status).toBe(401);
    expect(await t.db.prisma.session.count()).toBe(0);
  });

  it('a ban ends existing sessions at once', async () => {
    const { user, client } = await signedIn();
    await t.db.prisma.user.update({ where: { id: user.id }, data: { status: 'banned', banReason: 'Abuse' } });
    expect((await client.request('GET', '/api/auth/user')).status).toBe(401);
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it('deleting a user ends their sessions', async () => {
    const { user, client } = await signedIn();
    await t.db.prisma.user.delete({ where: { id: user.id } });
    expect((await client.request('GET', '/api/auth/user')).status).toBe(401);
  });

  it('an expired session is refused and removed', async () => {
    const { user, client } = await signedIn();
    await t.db.prisma.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await client.request('GET', '/api/auth/user')).status).toBe(401);
    expect(await t.db.prisma.session.count()).toBe(0);
  });

  it('stores only the SHA-256 of the token, never the token itself', async () => {
    const { client } = await signedIn();
    const token = client.cookie.split('=')[1] ?? '';
    const [row] = await t.db.prisma.session.findMany();
    expect(token.length).toBeGreaterThan(30);
    expect(row?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.id).not.toBe(token);
  });

  it('a restriction whose time has passed ends by itself', async () => {
    const { user, client } = await signedIn();
    await t.db.prisma.user.update({
      where: { id: user.id },
      data: { status: 'restricted', restrictedUntil: new Date(Date.now() - 60_000) },
    });
    expect((await client.request('GET', '/api/auth/user')).json.status).toBe('active');
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe('active');
  });

  it('sets the Secure flag when served over HTTPS behind a trusted proxy', async () => {
    const app = createApp({ db: t.db.prisma, env: parseEnv({ TRUST_PROXY: 'true', LOG_REQUESTS: 'false' }), log: () => {} });
    await createUser(t.db.prisma, { email: 'secure@example.test' });
    const res = await app.request('http://localhost/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ email: 'secure@example.test', password: DEFAULT_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
  });
});

describe('PATCH /api/user/profile', () => {
  async function signedIn() {
    const user = await createUser(t.db.prisma, { email: 'profile@example.test', businessName: 'Old Co', phoneNumber: '555 0100' });
    const client = restClient(t.db);
    await client.request('POST', '/api/login', { email: 'profile@example.test', password: DEFAULT_PASSWORD });
    return { user, client };
  }
  const changes = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.test',
    businessName: '',
    phoneNumber: '',
    currentPassword: DEFAULT_PASSWORD,
  };

  it('needs the right current password', async () => {
    const { client } = await signedIn();
    const res = await client.request('PATCH', '/api/user/profile', { ...changes, currentPassword: 'not-my-password' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Current password is incorrect');
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { email: 'profile@example.test' } });
    expect(stored.firstName).toBe('Test');
  });

  it('saves the changes, storing an empty business name and phone as null', async () => {
    const { user, client } = await signedIn();
    const res = await client.request('PATCH', '/api/user/profile', changes);
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ firstName: 'Grace', email: 'grace@example.test', businessName: null, phoneNumber: null });
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored).toMatchObject({ businessName: null, phoneNumber: null, lastName: 'Hopper' });
  });

  it('requires sign-in', async () => {
    const res = await restClient(t.db).request('PATCH', '/api/user/profile', changes);
    expect(res.status).toBe(401);
  });

  it("validates with the spec's messages", async () => {
    const { client } = await signedIn();
    const res = await client.request('PATCH', '/api/user/profile', { ...changes, firstName: '', newPassword: '123' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('First name is required');
    expect(res.json.message).toContain('Password must be at least 6 characters');
  });

  it('refuses an email that another account uses (409)', async () => {
    await createUser(t.db.prisma, { email: 'taken@example.test' });
    const { client } = await signedIn();
    const res = await client.request('PATCH', '/api/user/profile', { ...changes, email: 'TAKEN@example.test' });
    expect(res.status).toBe(409);
  });

  it('a new password works at once and signs out the other devices', async () => {
    const { user, client } = await signedIn();
    const otherDevice = restClient(t.db, { ip: '198.51.100.99' });
    await otherDevice.request('POST', '/api/login', { email: 'profile@example.test', password: DEFAULT_PASSWORD });
    const res = await client.request('PATCH', '/api/user/profile', { ...changes, newPassword: 'brand-new-secret' });
    expect(res.status).toBe(200);
    expect((await client.request('GET', '/api/auth/user')).status).toBe(200);
    expect((await otherDevice.request('GET', '/api/auth/user')).status).toBe(401);
    const login = await restClient(t.db).request('POST', '/api/login', { email: 'grace@example.test', password: 'brand-new-secret' });
    expect(login.status).toBe(200);
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(2);
  });
});

describe('throttling of wrong passwords', () => {
  it('locks an account for the address that failed 5 times, even for the right password, not for its owner elsewhere', async () => {
    await createUser(t.db.prisma, { email: 'target@example.test' });
    const attacker = restClient(t.db, { ip: '192.0.2.1' });
    for (let i = 0; i < 5; i++) {
      expect((await attacker.request('POST', '/api/login', { email: 'target@example.test', password: `wrong-${i}` })).status).toBe(401);
    }
    const refused = await attacker.request('POST', '/api/login', { email: 'target@example.test', password: DEFAULT_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/);
    const owner = await restClient(t.db, { ip: '192.0.2.200' }).request('POST', '/api/login', {
      email: 'target@example.test',
      password: DEFAULT_PASSWORD,
    });
    expect(owner.status).toBe(200);
  });

  it('limits one account across addresses (RATE_LIMIT_SIGN_IN_ACCOUNT)', async () => {
    await createUser(t.db.prisma, { email: 'spread@example.test' });
    const env = parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false', RATE_LIMIT_SIGN_IN_ACCOUNT: '3/1h' });
    for (let i = 0; i < 3; i++) {
      const res = await restClient(t.db, { ip: `192.0.2.${i + 1}`, env }).request('POST', '/api/login', {
        email: 'spread@example.test',
        password: 'wrong-pass',
      });
      expect(res.status).toBe(401);
    }
    const res = await restClient(t.db, { ip: '192.0.2.99', env }).request('POST', '/api/login', { email: 'spread@example.test', password: DEFAULT_PASSWORD });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3500);
  });

  it('limits one address across many accounts (RATE_LIMIT_SIGN_IN_ADDRESS), counting failures only', async () => {
    const env = parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false', RATE_LIMIT_SIGN_IN_ADDRESS: '3/1h' });
    const client = restClient(t.db, { ip: '192.0.2.77', env });
    const known = await createUser(t.db.prisma, { email: 'regular@example.test' });
    // Signing in successfully gives the attempt back: an office behind one address is not limited by its own users.
    for (let i = 0; i < 5; i++) {
      expect((await client.request('POST', '/api/login', { email: known.email, password: DEFAULT_PASSWORD })).status).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      expect((await client.request('POST', '/api/login', { email: `guess${i}@example.test`, password: 'nope-nope' })).status).toBe(401);
    }
    const res = await client.request('POST', '/api/login', { email: 'guess-new@example.test', password: 'nope-nope' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('holds across several app instances, because the counters live in the database (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    await createUser(t.db.prisma, { email: 'shared@example.test' });
    const instances = [0, 1, 2].map(() => createApp({ db: t.db.prisma, env: testEnv, log: () => {} }));
    const attempt = async (i: number, password: string) =>
      instances[i % 3]!.request('http://localhost/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'shared@example.test', password }),
      });
    await Promise.all([0, 1, 2, 3, 4].map((i) => attempt(i, `wrong-${i}`)));
    expect((await attempt(5, DEFAULT_PASSWORD)).status).toBe(429);
  });

  it('a successful sign-in clears the account counter', async () => {
    await createUser(t.db.prisma, { email: 'forgetful@example.test' });
    const client = restClient(t.db);
    for (let i = 0; i < 4; i++) await client.request('POST', '/api/login', { email: 'forgetful@example.test', password: 'wrong-pass' });
    expect((await client.request('POST', '/api/login', { email: 'forgetful@example.test', password: DEFAULT_PASSWORD })).status).toBe(200);
    const again = await restClient(t.db, { ip: '192.0.2.55' }).request('POST', '/api/login', {
      email: 'forgetful@example.test',
      password: 'wrong-pass',
    });
    expect(again.status).toBe(401);
  });
});

describe('request handling', () => {
  it('refuses writes from a foreign Origin or a cross-site fetch, allows same-origin ones', async () => {
    await createUser(t.db.prisma, { email: 'origin@example.test' });
    const body = { email: 'origin@example.test', password: DEFAULT_PASSWORD };
    const foreign = await restClient(t.db, { origin: 'https://evil.example' }).request('POST', '/api/login', body);
    expect(foreign.status).toBe(403);
    expect(foreign.json.message).toBe('Cross-origin request refused');
    const crossSite = await restClient(t.db).request('POST', '/api/login', body, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const same = await restClient(t.db, { origin: 'http://localhost' }).request('POST', '/api/login', body);
    expect(same.status).toBe(200);
    expect(await t.db.prisma.session.count()).toBe(1);
  });

  it('answers malformed JSON with 400, an oversized body with 413, an unknown /api path with a JSON 404', async () => {
    const client = restClient(t.db);
    const malformed = await client.request('POST', '/api/login', '{"email": ');
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toBe('Malformed JSON body');
    const huge = await client.request('POST', '/api/register', { ...newUser, firstName: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.json.message).toBe('Request body is too large');
    const unknown = await client.request('GET', '/api/does-not-exist');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Not found');
  });

  it('never answers 5xx to odd bodies', async () => {
    const client = restClient(t.db);
    const bodies = ['null', '[]', '42', '"text"', '{"email":null}', '{"email":{"$gt":""},"password":[]}', 'true'];
    for (const path of ['/api/login', '/api/register', '/api/contact', '/api/logout']) {
      for (const body of bodies) {
        const res = await client.request('POST', path, body);
        expect(res.status, `${path} ${body}`).toBeLessThan(500);
        expect(res.json, `${path} ${body}`).toHaveProperty(res.status >= 400 ? 'message' : 'success');
      }
    }
  });

  it('serves /healthz and /readyz', async () => {
    const app = createApp({ db: t.db.prisma, env: testEnv, log: () => {} });
    expect(await (await app.request('http://localhost/healthz')).json()).toEqual({ status: 'ok' });
    expect(await (await app.request('http://localhost/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('/readyz says 503 when the database is unreachable', async () => {
    const app = createApp({ db: t.db.prisma, env: testEnv, log: () => {}, isReady: async () => false });
    expect((await app.request('http://localhost/readyz')).status).toBe(503);
  });
});

describe('password hashing', () => {
  it('uses Argon2id with a unique salt per hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toBe(b);
  });
});

describe('tRPC transport', () => {
  it('sets the session cookie on /trpc sign-in and clears it on /trpc logout', async () => {
    await createUser(t.db.prisma, { email: 'trpc@example.test' });
    const client = restClient(t.db);
    const login = await client.request('POST', '/trpc/auth.login', { json: { email: 'trpc@example.test', password: DEFAULT_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/^atomix_session=[^;]+;.*HttpOnly/);
    expect((await client.request('GET', '/api/auth/user')).status).toBe(200);
    const logout = await client.request('POST', '/trpc/auth.logout', {});
    expect(logout.status, logout.text).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await client.request('GET', '/api/auth/user')).status).toBe(401);
  });
});
