// Sessions and account security over HTTP: absolute lifetime, cookie names and flags, no-store, what a
// password change ends, the user's sessions and sign-in attempts, two-factor sign-in, ADMIN_REQUIRE_2FA.
import { describe, expect, it } from 'vitest';
import { ADMIN_TWO_FACTOR_REQUIRED, ADMIN_TWO_FACTOR_SIGN_IN_REQUIRED, INVALID_TWO_FACTOR_CODE } from '~/shared/schemas/security.ts';
import { createApp } from '../app.ts';
import { hashToken } from '../auth/session.ts';
import { replaceRecoveryCodes, totpCodeAt, totpStep } from '../auth/two-factor.ts';
import { DEFAULT_RATE_LIMITS } from '../domain/rate-limit.ts';
import { type Env, parseEnv } from '../env.ts';
import { DEFAULT_PASSWORD, createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { sessionCookie, testEnv, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
const DAY_MS = 24 * 60 * 60 * 1000;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** A browser with a cookie jar (several cookies, attributes honoured enough for these tests). */
function browser(options: { env?: Env; https?: boolean; ip?: string; userAgent?: string } = {}) {
  const app = createApp({ db: t.db.prisma, env: options.env ?? testEnv, log: () => {} });
  const jar = new Map<string, string>();
  let lastSetCookies: string[] = [];
  async function request(method: string, path: string, body?: unknown) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await app.request(
      `${options.https ? 'https' : 'http'}://localhost${path}`,
      {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          'user-agent': options.userAgent ?? FIREFOX,
        },
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      },
      { incoming: { socket: { remoteAddress: options.ip ?? '198.51.100.7' } } },
    );
    lastSetCookies = response.headers.getSetCookie();
    for (const header of lastSetCookies) {
      const [pair] = header.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (!value || /Max-Age=0/i.test(header)) jar.delete(name!);
      else jar.set(name!, value);
    }
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the server answered; its assertions are the type check
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, headers: response.headers, json, text, setCookies: lastSetCookies };
  }
  return { request, jar };
}

async function signIn(email: string, options: Parameters<typeof browser>[0] = {}) {
  const b = browser(options);
  const res = await b.request('POST', '/api/login', { email, password: DEFAULT_PASSWORD });
  expect(res.status, res.text).toBe(200);
  return b;
}

/** Turns two-factor sign-in on through the Profile procedures; returns the secret and recovery codes. */
async function enrol(b: ReturnType<typeof browser>) {
  const started = await b.request('POST', '/trpc/security.startTwoFactorSetup', { json: { password: DEFAULT_PASSWORD } });
  expect(started.status, started.text).toBe(200);
  const { secret, uri } = started.json.result.data.json as { secret: string; uri: string };
  const step = totpStep(new Date());
  const confirmed = await b.request('POST', '/trpc/security.confirmTwoFactorSetup', { json: { code: await totpCodeAt(secret, step) } });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { secret, uri, step, recoveryCodes: confirmed.json.result.data.json.recoveryCodes as string[] };
}

/** A sign-in with the password, then the authenticator's code of `step` (or a recovery code). */
async function signInWithCode(email: string, secret: string, step: number | string, options: Parameters<typeof browser>[0] = {}) {
  const b = browser(options);
  expect((await b.request('POST', '/api/login', { email, password: DEFAULT_PASSWORD })).json).toEqual({ twoFactorRequired: true });
  const code = typeof step === 'string' ? step : await totpCodeAt(secret, step);
  const res = await b.request('POST', '/api/login/2fa', { code });
  expect(res.status, res.text).toBe(200);
  return b;
}

/** Six digits that are no code of the steps around `step`. */
async function wrongCode(secret: string, step: number) {
  const near = await Promise.all([-1, 0, 1, 2].map((d) => totpCodeAt(secret, step + d)));
  return ['111111', '222222', '333333', '444444', '555555'].find((c) => !near.includes(c))!;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the server answered; its assertions are the type check
const trpcData = (res: { json: any }) => res.json.result.data.json;

describe('session lifetime', () => {
  it('refuses a session older than SESSION_MAX_DAYS even while it is in use, and removes it', async () => {
    const user = await createUser(t.db.prisma, { email: 'old@example.test' });
    const b = await signIn(user.email);
    // Active yesterday, so the sliding expiry is far off, but signed in 91 days ago.
    await t.db.prisma.session.updateMany({
      where: { userId: user.id },
      data: { createdAt: new Date(Date.now() - 91 * DAY_MS), expiresAt: new Date(Date.now() + 29 * DAY_MS) },
    });
    expect((await b.request('GET', '/api/auth/user')).status).toBe(401);
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it('keeps a session younger than the limit, and never extends it past the absolute end', async () => {
    const user = await createUser(t.db.prisma, { email: 'renew@example.test' });
    const b = await signIn(user.email);
    const createdAt = new Date(Date.now() - 85 * DAY_MS);
    await t.db.prisma.session.updateMany({ where: { userId: user.id }, data: { createdAt, expiresAt: new Date(Date.now() + DAY_MS) } });
    const res = await b.request('GET', '/api/auth/user');
    expect(res.status).toBe(200);
    const row = await t.db.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.expiresAt.getTime()).toBe(createdAt.getTime() + 90 * DAY_MS);
    expect(res.setCookies.join()).toMatch(/atomix_session=/);
  });

  it('follows SESSION_MAX_DAYS', async () => {
    const user = await createUser(t.db.prisma, { email: 'short@example.test' });
    const env = parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false', SESSION_MAX_DAYS: '7' });
    const b = await signIn(user.email, { env });
    await t.db.prisma.session.updateMany({ where: { userId: user.id }, data: { createdAt: new Date(Date.now() - 8 * DAY_MS) } });
    expect((await b.request('GET', '/api/auth/user')).status).toBe(401);
  });

  it('records where a session was last seen, at most every few minutes', async () => {
    const user = await createUser(t.db.prisma, { email: 'seen@example.test' });
    const b = await signIn(user.email, { ip: '203.0.113.5' });
    const first = await t.db.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(first).toMatchObject({ ipAddress: '203.0.113.5', userAgent: FIREFOX });
    await b.request('GET', '/api/auth/user');
    expect((await t.db.prisma.session.findFirstOrThrow({ where: { userId: user.id } })).lastSeenAt).toEqual(first.lastSeenAt);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await t.db.prisma.session.updateMany({ where: { userId: user.id }, data: { lastSeenAt: tenMinutesAgo } });
    const elsewhere = browser({ ip: '203.0.113.99', userAgent: CHROME });
    for (const [name, value] of b.jar) elsewhere.jar.set(name, value);
    await elsewhere.request('GET', '/api/auth/user');
    const later = await t.db.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(later.lastSeenAt.getTime()).toBeGreaterThan(tenMinutesAgo.getTime());
    expect(later).toMatchObject({ ipAddress: '203.0.113.99', userAgent: CHROME });
  });
});

describe('the session cookie', () => {
  it('is __Host-atomix_session over HTTPS: Secure, Path=/, no Domain; only that name is read there', async () => {
    const user = await createUser(t.db.prisma, { email: 'https@example.test' });
    const b = await signIn(user.email, { https: true });
    const [cookie] = [...b.jar.keys()];
    expect(cookie).toBe('__Host-atomix_session');
    const login = await browser({ https: true }).request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD });
    const set = login.setCookies.find((c) => c.startsWith('__Host-atomix_session='))!;
    expect(set).toMatch(/; Secure/);
    expect(set).toMatch(/; Path=\//);
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Lax/);
    expect(set).not.toMatch(/Domain=/i);
    expect((await b.request('GET', '/api/auth/user')).status).toBe(200);
    // The same token under the plain name (as a subdomain or plain-HTTP page could plant it) is not read.
    const planted = browser({ https: true });
    planted.jar.set('atomix_session', b.jar.get('__Host-atomix_session')!);
    expect((await planted.request('GET', '/api/auth/user')).status).toBe(401);
  });

  it('is __Host- behind a trusted proxy that says https', async () => {
    const user = await createUser(t.db.prisma, { email: 'proxy@example.test' });
    const app = createApp({ db: t.db.prisma, env: parseEnv({ TRUST_PROXY: 'true', LOG_REQUESTS: 'false' }), log: () => {} });
    const res = await app.request('http://localhost/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD }),
    });
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-atomix_session=[^;]+;.*Secure/);
  });

  it('is atomix_session without Secure over plain HTTP', async () => {
    const user = await createUser(t.db.prisma, { email: 'http@example.test' });
    const login = await browser().request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD });
    expect(login.setCookies).toHaveLength(1);
    expect(login.setCookies[0]).toMatch(/^atomix_session=[^;]+;/);
    expect(login.setCookies[0]).not.toMatch(/Secure/);
  });
});

describe('a password change', () => {
  const profile = (email: string) => ({ firstName: 'Ada', lastName: 'Byron', email, businessName: '', phoneNumber: '', currentPassword: DEFAULT_PASSWORD });

  it('from Profile ends every reset link and replaces this session token: the old cookie stops working, the new one works', async () => {
    const user = await createUser(t.db.prisma, { email: 'change@example.test' });
    await browser().request('POST', '/trpc/passwordReset.request', { json: { email: user.email } });
    expect(await t.db.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(1);
    const b = await signIn(user.email);
    const other = await signIn(user.email, { ip: '198.51.100.99' });
    const before = await t.db.prisma.session.findFirstOrThrow({ where: { userId: user.id, ipAddress: '198.51.100.7' } });
    const oldToken = b.jar.get('atomix_session')!;
    const res = await b.request('PATCH', '/api/user/profile', { ...profile(user.email), newPassword: 'a-new-password' });
    expect(res.status, res.text).toBe(200);
    const newToken = b.jar.get('atomix_session')!;
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);
    expect((await b.request('GET', '/api/auth/user')).status).toBe(200);
    const stale = browser();
    stale.jar.set('atomix_session', oldToken);
    expect((await stale.request('GET', '/api/auth/user')).status).toBe(401);
    expect((await other.request('GET', '/api/auth/user')).status).toBe(401);
    expect(await t.db.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(0);
    // The same session (same handle and sign-in time) under a new token.
    const after = await t.db.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(after).toMatchObject({ publicId: before.publicId, createdAt: before.createdAt, id: hashToken(newToken) });
  });

  it('from Profile without a new password keeps the token and the reset links', async () => {
    const user = await createUser(t.db.prisma, { email: 'nochange@example.test' });
    await browser().request('POST', '/trpc/passwordReset.request', { json: { email: user.email } });
    const b = await signIn(user.email);
    const token = b.jar.get('atomix_session');
    expect((await b.request('PATCH', '/api/user/profile', profile(user.email))).status).toBe(200);
    expect(b.jar.get('atomix_session')).toBe(token);
    expect(await t.db.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(1);
  });

  it("by an admin ends the user's reset links and sessions", async () => {
    const user = await createUser(t.db.prisma, { email: 'victim@example.test' });
    const admin = await createAdmin(t.db.prisma, { email: 'boss@example.test' });
    await browser().request('POST', '/trpc/passwordReset.request', { json: { email: user.email } });
    const userBrowser = await signIn(user.email);
    const adminBrowser = await signIn(admin.email, { ip: '198.51.100.50' });
    const res = await adminBrowser.request('PUT', `/api/admin/users/${user.id}/password`, { newPassword: 'set-by-admin' });
    expect(res.status, res.text).toBe(200);
    expect(await t.db.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(0);
    expect((await userBrowser.request('GET', '/api/auth/user')).status).toBe(401);
    expect((await adminBrowser.request('GET', '/api/auth/user')).status).toBe(200);
  });
});

describe('the sessions list', () => {
  it('shows browser, system, address and last use, marks this device, and never sends a token hash', async () => {
    const user = await createUser(t.db.prisma, { email: 'devices@example.test' });
    const laptop = await signIn(user.email, { ip: '203.0.113.1', userAgent: FIREFOX });
    await signIn(user.email, { ip: '203.0.113.2', userAgent: CHROME });
    const res = await laptop.request('GET', '/trpc/security.sessions');
    expect(res.status).toBe(200);
    const sessions = trpcData(res);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Firefox 128', os: 'Windows 10', ipAddress: '203.0.113.1' });
    expect(sessions[1]).toMatchObject({ current: false, browser: 'Chrome 120', os: 'Linux', ipAddress: '203.0.113.2' });
    for (const row of await t.db.prisma.session.findMany()) expect(res.text).not.toContain(row.id);
    expect(Object.keys(sessions[0]).sort()).toEqual(['browser', 'current', 'handle', 'ipAddress', 'lastSeenAt', 'os', 'signedInAt']);
  });

  it('signs out one other session by its handle, and all others at once', async () => {
    const user = await createUser(t.db.prisma, { email: 'signout@example.test' });
    const main = await signIn(user.email);
    const phone = await signIn(user.email, { userAgent: CHROME });
    const tablet = await signIn(user.email, { userAgent: CHROME });
    const sessions = trpcData(await main.request('GET', '/trpc/security.sessions')) as { handle: string; current: boolean }[];
    const phoneRow = await t.db.prisma.session.findUniqueOrThrow({ where: { id: hashToken(phone.jar.get('atomix_session')!) } });
    expect(sessions.map((s) => s.handle)).toContain(phoneRow.publicId);
    expect((await main.request('POST', '/trpc/security.endSession', { json: { handle: phoneRow.publicId } })).status).toBe(200);
    expect((await phone.request('GET', '/api/auth/user')).status).toBe(401);
    expect((await tablet.request('GET', '/api/auth/user')).status).toBe(200);
    expect((await main.request('POST', '/trpc/security.endOtherSessions', {})).status).toBe(200);
    expect((await tablet.request('GET', '/api/auth/user')).status).toBe(401);
    expect((await main.request('GET', '/api/auth/user')).status).toBe(200);
  });

  it("cannot end another user's session, nor its own by handle", async () => {
    const alice = await createUser(t.db.prisma, { email: 'alice@example.test' });
    const bob = await createUser(t.db.prisma, { email: 'bob@example.test' });
    const aliceBrowser = await signIn(alice.email);
    const bobBrowser = await signIn(bob.email);
    const bobSession = await t.db.prisma.session.findFirstOrThrow({ where: { userId: bob.id } });
    const res = await aliceBrowser.request('POST', '/trpc/security.endSession', { json: { handle: bobSession.publicId } });
    expect(res.status).toBe(404);
    expect((await bobBrowser.request('GET', '/api/auth/user')).status).toBe(200);
    const own = await t.db.prisma.session.findFirstOrThrow({ where: { userId: alice.id } });
    expect((await aliceBrowser.request('POST', '/trpc/security.endSession', { json: { handle: own.publicId } })).status).toBe(404);
    expect((await aliceBrowser.request('POST', '/trpc/security.endSession', { json: { handle: 'not-a-uuid' } })).status).toBe(400);
  });
});

describe('sign-in attempts', () => {
  it("lists the last 20 attempts on the account, failures included, newest first, and no one else's", async () => {
    const user = await createUser(t.db.prisma, { email: 'attempts@example.test' });
    await createUser(t.db.prisma, { email: 'someone@example.test' });
    await browser({ ip: '192.0.2.66' }).request('POST', '/api/login', { email: 'someone@example.test', password: DEFAULT_PASSWORD });
    await browser({ ip: '192.0.2.9', userAgent: CHROME }).request('POST', '/api/login', { email: user.email, password: 'wrong-password' });
    const b = await signIn(user.email, { ip: '192.0.2.10' });
    const attempts = trpcData(await b.request('GET', '/trpc/security.signInAttempts'));
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toMatchObject({ success: true, failure: null, ipAddress: '192.0.2.10', browser: 'Firefox 128' });
    expect(attempts[1]).toMatchObject({ success: false, failure: 'password', ipAddress: '192.0.2.9', browser: 'Chrome 120' });
    for (let i = 0; i < 25; i++) {
      await t.db.prisma.userActivityLog.create({ data: { userId: user.id, action: 'auth.login_failed', ipAddress: `10.0.0.${i}` } });
    }
    expect(trpcData(await b.request('GET', '/trpc/security.signInAttempts'))).toHaveLength(20);
  });
});

describe('two-factor sign-in', () => {
  it('enrols with a pending secret confirmed by a code, and stores recovery codes only hashed', async () => {
    const user = await createUser(t.db.prisma, { email: 'enrol@example.test' });
    const b = await signIn(user.email);
    const started = await b.request('POST', '/trpc/security.startTwoFactorSetup', { json: { password: DEFAULT_PASSWORD } });
    const { secret, uri } = trpcData(started);
    expect(uri).toBe(`otpauth://totp/Atomix%20Energy:enrol%40example.test?secret=${secret}&issuer=Atomix+Energy`);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).twoFactorEnabledAt).toBeNull();
    // A stolen session alone cannot start the set-up: the password is asked first.
    expect((await b.request('POST', '/trpc/security.startTwoFactorSetup', { json: { password: 'not-the-password' } })).status).toBe(400);
    expect((await b.request('POST', '/trpc/security.startTwoFactorSetup', {})).status).toBe(400);
    const wrong = await b.request('POST', '/trpc/security.confirmTwoFactorSetup', { json: { code: '000000' } });
    expect(wrong.status).toBe(400);
    const code = await totpCodeAt(secret, totpStep(new Date()));
    const confirmed = await b.request('POST', '/trpc/security.confirmTwoFactorSetup', { json: { code } });
    expect(confirmed.status).toBe(200);
    const codes: string[] = trpcData(confirmed).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const stored = await t.db.prisma.recoveryCode.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join()).not.toContain(row.codeHash);
    expect(trpcData(await b.request('GET', '/trpc/auth.me'))).toMatchObject({ email: user.email });
    expect(trpcData(await b.request('GET', '/trpc/security.twoFactorStatus'))).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // The secret and codes never come back.
    const me = await b.request('GET', '/api/auth/user');
    expect(me.text).not.toContain(secret);
  });

  it('asks for the code after the password, with no session until then; the challenge is single-use', async () => {
    const user = await createUser(t.db.prisma, { email: 'twostep@example.test' });
    const { secret, step } = await enrol(await signIn(user.email));
    const b = browser();
    const first = await b.request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ twoFactorRequired: true });
    expect(b.jar.has('atomix_session')).toBe(false);
    expect(b.jar.has('atomix_2fa')).toBe(true);
    expect((await b.request('GET', '/api/auth/user')).status).toBe(401);
    const wrong = await b.request('POST', '/api/login/2fa', { code: await wrongCode(secret, step) });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe(INVALID_TWO_FACTOR_CODE);
    const challengeCookie = b.jar.get('atomix_2fa')!;
    // The code used for enrolment is spent; the next step's is accepted (one step of drift either way).
    const ok = await b.request('POST', '/api/login/2fa', { code: await totpCodeAt(secret, step + 1) });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.user).toMatchObject({ id: user.id });
    expect(b.jar.has('atomix_session')).toBe(true);
    expect(b.jar.has('atomix_2fa')).toBe(false);
    expect((await b.request('GET', '/api/auth/user')).status).toBe(200);
    const again = browser();
    again.jar.set('atomix_2fa', challengeCookie);
    const reused = await again.request('POST', '/api/login/2fa', { code: await totpCodeAt(secret, step + 1) });
    expect(reused.status).toBe(401);
    const attempts = trpcData(await b.request('GET', '/trpc/security.signInAttempts'));
    expect(attempts.slice(0, 2).map((a: { failure: string | null }) => a.failure)).toEqual([null, 'code']);
  });

  it('refuses a code already used (replay), and one for the enrolment step', async () => {
    const user = await createUser(t.db.prisma, { email: 'replay@example.test' });
    const { secret, step } = await enrol(await signIn(user.email));
    const passwordStep = async () => {
      const b = browser();
      expect((await b.request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD })).json).toEqual({ twoFactorRequired: true });
      return b;
    };
    expect((await (await passwordStep()).request('POST', '/api/login/2fa', { code: await totpCodeAt(secret, step) })).status).toBe(401);
    const code = await totpCodeAt(secret, step + 1);
    expect((await (await passwordStep()).request('POST', '/api/login/2fa', { code })).status).toBe(200);
    expect((await (await passwordStep()).request('POST', '/api/login/2fa', { code })).status).toBe(401);
  });

  it('lets one code sign in once even when sent twice at the same moment', { tags: ['engine'] }, async () => {
    const user = await createUser(t.db.prisma, { email: 'race@example.test' });
    const { secret, step, recoveryCodes } = await enrol(await signIn(user.email));
    const browsers = [browser(), browser(), browser(), browser()];
    for (const b of browsers) await b.request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD });
    const code = await totpCodeAt(secret, step + 1);
    const totp = await Promise.all(browsers.slice(0, 2).map((b) => b.request('POST', '/api/login/2fa', { code })));
    expect(totp.map((r) => r.status).sort()).toEqual([200, 401]);
    const recovery = await Promise.all(browsers.slice(2).map((b) => b.request('POST', '/api/login/2fa', { code: recoveryCodes[0] })));
    expect(recovery.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('accepts each recovery code once, in any case and spacing', async () => {
    const user = await createUser(t.db.prisma, { email: 'recovery@example.test' });
    const { recoveryCodes } = await enrol(await signIn(user.email));
    const code = recoveryCodes[3]!;
    const b = browser();
    await b.request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD });
    const res = await b.request('POST', '/trpc/auth.verifyTwoFactor', { json: { code: ` ${code.toUpperCase().replaceAll('-', ' ')} ` } });
    expect(res.status, res.text).toBe(200);
    const b2 = browser();
    await b2.request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD });
    expect((await b2.request('POST', '/api/login/2fa', { code })).status).toBe(401);
    expect((await b2.request('POST', '/api/login/2fa', { code: recoveryCodes[4] })).status).toBe(200);
    expect(trpcData(await b2.request('GET', '/trpc/security.twoFactorStatus')).recoveryCodesLeft).toBe(8);
  });

  it('throttles codes like passwords: over the limit even the right code is refused, before it is checked', async () => {
    const user = await createUser(t.db.prisma, { email: 'guess@example.test' });
    const { secret, step } = await enrol(await signIn(user.email));
    const b = browser();
    await b.request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD });
    const right = await totpCodeAt(secret, step + 1);
    const wrong = await wrongCode(secret, step);
    for (let i = 0; i < DEFAULT_RATE_LIMITS.twoFactorCodes.limit; i++) expect((await b.request('POST', '/api/login/2fa', { code: wrong })).status).toBe(401);
    const refused = await b.request('POST', '/api/login/2fa', { code: right });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/Too many attempts/);
    // The refused right code was not spent: the step did not move.
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).totpLastUsedStep).toBe(step);
  });

  it('answers the second step without a challenge with 401, and bad input with 400', async () => {
    const b = browser();
    const none = await b.request('POST', '/api/login/2fa', { code: '123456' });
    expect(none.status).toBe(401);
    expect(none.json.message).toMatch(/expired/);
    expect((await b.request('POST', '/api/login/2fa', { code: '' })).status).toBe(400);
    expect((await b.request('POST', '/api/login/2fa', '[]')).status).toBe(400);
  });

  it('a password change ends a half-done two-factor sign-in made with the old password', async () => {
    const user = await createUser(t.db.prisma, { email: 'halfway@example.test' });
    const owner = await signIn(user.email);
    const { secret, step } = await enrol(owner);
    const attacker = browser({ ip: '192.0.2.250' });
    expect((await attacker.request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD })).json).toEqual({ twoFactorRequired: true });
    const changed = await owner.request('PATCH', '/api/user/profile', {
      firstName: 'Test',
      lastName: 'User',
      email: user.email,
      businessName: '',
      phoneNumber: '',
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'fresh-password',
    });
    expect(changed.status, changed.text).toBe(200);
    const res = await attacker.request('POST', '/api/login/2fa', { code: await totpCodeAt(secret, step + 1) });
    expect(res.status).toBe(401);
    expect(res.json.message).toMatch(/expired/);
  });

  it('turns off with the password and a current code, ending the other sessions; then the password alone signs in', async () => {
    const user = await createUser(t.db.prisma, { email: 'off@example.test' });
    const b = await signIn(user.email);
    const { secret, step, recoveryCodes } = await enrol(b);
    const other = await signInWithCode(user.email, secret, recoveryCodes[0]!);
    const disable = (body: unknown) => b.request('POST', '/trpc/security.disableTwoFactor', { json: body });
    // The password alone is not enough: a stolen session that learnt the password cannot remove the second factor.
    const passwordOnly = await disable({ password: DEFAULT_PASSWORD });
    expect(passwordOnly.status).toBe(400);
    expect(passwordOnly.json.error.json.message).toMatch(/^code: /);
    expect((await disable({ password: 'wrong', code: await totpCodeAt(secret, step + 1) })).status).toBe(400);
    const wrong = await disable({ password: DEFAULT_PASSWORD, code: await wrongCode(secret, step) });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.json.message).toBe(INVALID_TWO_FACTOR_CODE);
    expect(trpcData(await b.request('GET', '/trpc/security.twoFactorStatus')).enabled).toBe(true);
    const before = b.jar.get('atomix_session')!;
    // The next step's code (enrolment spent this one).
    const off = await disable({ password: DEFAULT_PASSWORD, code: await totpCodeAt(secret, step + 1) });
    expect(off.status, off.text).toBe(200);
    expect(await t.db.prisma.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    // The other session ended; this one goes on under a new token (the old one is worthless).
    expect((await other.request('GET', '/api/auth/user')).status).toBe(401);
    expect(b.jar.get('atomix_session')).not.toBe(before);
    expect((await b.request('GET', '/api/auth/user')).status).toBe(200);
    const stale = browser();
    stale.jar.set('atomix_session', before);
    expect((await stale.request('GET', '/api/auth/user')).status).toBe(401);
    const login = await browser().request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD });
    expect(login.json.user).toMatchObject({ id: user.id });
  });

  it('a recovery code also turns it off', async () => {
    const user = await createUser(t.db.prisma, { email: 'off-recovery@example.test' });
    const b = await signIn(user.email);
    const { recoveryCodes } = await enrol(b);
    const off = await b.request('POST', '/trpc/security.disableTwoFactor', { json: { password: DEFAULT_PASSWORD, code: recoveryCodes[0] } });
    expect(off.status, off.text).toBe(200);
    expect(trpcData(await b.request('GET', '/trpc/security.twoFactorStatus')).enabled).toBe(false);
  });

  it('replaces the recovery codes with the password and a current code, ending the other sessions', async () => {
    const user = await createUser(t.db.prisma, { email: 'newcodes@example.test' });
    const b = await signIn(user.email);
    const { secret, step, recoveryCodes } = await enrol(b);
    const other = await signInWithCode(user.email, secret, step + 1);
    const regenerate = (body: unknown) => b.request('POST', '/trpc/security.regenerateRecoveryCodes', { json: body });
    expect((await regenerate({ password: DEFAULT_PASSWORD })).status).toBe(400);
    expect((await regenerate({ password: DEFAULT_PASSWORD, code: await wrongCode(secret, step) })).status).toBe(400);
    expect((await other.request('GET', '/api/auth/user')).status).toBe(200);
    const replaced = await regenerate({ password: DEFAULT_PASSWORD, code: recoveryCodes[0] });
    expect(replaced.status, replaced.text).toBe(200);
    const fresh: string[] = trpcData(replaced).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[1]);
    expect((await other.request('GET', '/api/auth/user')).status).toBe(401);
    expect((await b.request('GET', '/api/auth/user')).status).toBe(200);
    expect(trpcData(await b.request('GET', '/trpc/security.twoFactorStatus')).recoveryCodesLeft).toBe(10);
  });

  it('enrolling ends the other sessions and gives this one a new token', async () => {
    const user = await createUser(t.db.prisma, { email: 'enrol-ends@example.test' });
    const b = await signIn(user.email);
    const other = await signIn(user.email);
    const before = b.jar.get('atomix_session')!;
    await enrol(b);
    expect((await other.request('GET', '/api/auth/user')).status).toBe(401);
    expect(b.jar.get('atomix_session')).not.toBe(before);
    expect((await b.request('GET', '/api/auth/user')).status).toBe(200);
    const sessions = await t.db.prisma.session.findMany({ where: { userId: user.id }, select: { secondFactor: true } });
    expect(sessions).toEqual([{ secondFactor: 'enrolment' }]);
  });
});

describe('ADMIN_REQUIRE_2FA', () => {
  const strict = parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false', ADMIN_REQUIRE_2FA: 'true' });

  it('closes admin procedures (403 naming enrolment) until the admin turns two-factor sign-in on', async () => {
    const admin = await createAdmin(t.db.prisma, { email: 'strict@example.test' });
    const b = await signIn(admin.email, { env: strict });
    const me = await b.request('GET', '/api/auth/user');
    expect(me.json).toMatchObject({ role: 'admin', twoFactorSetupRequired: true });
    const refused = await b.request('GET', '/api/admin/users');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(ADMIN_TWO_FACTOR_REQUIRED);
    expect((await b.request('GET', '/trpc/admin.counters')).status).toBe(403);
    expect((await b.request('GET', '/trpc/payouts.totals')).status).toBe(403);
    // Nor do the seller paths reach other people's records meanwhile.
    const seller = await createUser(t.db.prisma, { email: 'owner@example.test' });
    const prototype = await createPrototype(t.db.prisma, seller.id);
    expect((await b.request('GET', `/api/seller/prototypes/${prototype.id}`)).status).toBe(404);
    // Profile's Security section stays open, so the admin can enrol.
    const { secret, step } = await enrol(b);
    expect((await b.request('GET', '/api/admin/users')).status).toBe(200);
    expect((await b.request('GET', `/api/seller/prototypes/${prototype.id}`)).status).toBe(200);
    expect((await b.request('GET', '/api/auth/user')).json.twoFactorSetupRequired).toBe(false);
    expect(secret).toBeTruthy();
    expect(step).toBeGreaterThan(0);
  });

  it('a password-only session does not become an admin session when the same admin enrols from another one: it ends', async () => {
    const admin = await createAdmin(t.db.prisma, { email: 'elsewhere@example.test' });
    const passwordOnly = await signIn(admin.email, { env: strict });
    const enrolling = await signIn(admin.email, { env: strict });
    expect((await passwordOnly.request('GET', '/api/admin/users')).status).toBe(403);
    await enrol(enrolling);
    expect((await enrolling.request('GET', '/api/admin/users')).status).toBe(200);
    expect((await passwordOnly.request('GET', '/api/admin/users')).status).toBe(401);
    expect((await passwordOnly.request('GET', '/api/auth/user')).status).toBe(401);
  });

  it('assurance belongs to the session: an enrolled admin in a session opened with the password alone is held back', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const admin = await createAdmin(t.db.prisma, { email: 'legacy@example.test', totpSecret: secret, twoFactorEnabledAt: new Date() });
    // A session without the second factor (made before it was recorded, or by any path that skipped it).
    const b = browser({ env: strict });
    b.jar.set('atomix_session', (await sessionCookie(t.db, admin.id)).split('=')[1]!);
    const me = await b.request('GET', '/api/auth/user');
    expect(me.json).toMatchObject({ role: 'admin', twoFactorSetupRequired: false, twoFactorSignInRequired: true });
    const refused = await b.request('GET', '/api/admin/users');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(ADMIN_TWO_FACTOR_SIGN_IN_REQUIRED);
    expect((await b.request('GET', '/trpc/admin.counters')).status).toBe(403);
    const seller = await createUser(t.db.prisma, { email: 'held-owner@example.test' });
    const prototype = await createPrototype(t.db.prisma, seller.id);
    expect((await b.request('GET', `/api/seller/prototypes/${prototype.id}`)).status).toBe(404);

    // Signing in with the code (or a recovery code) opens it.
    const step = totpStep(new Date());
    const withCode = await signInWithCode(admin.email, secret, step, { env: strict });
    expect((await withCode.request('GET', '/api/admin/users')).status).toBe(200);
    expect((await withCode.request('GET', '/api/auth/user')).json).toMatchObject({ twoFactorSetupRequired: false, twoFactorSignInRequired: false });
    expect((await withCode.request('GET', `/api/seller/prototypes/${prototype.id}`)).status).toBe(200);
    const codes = await t.db.prisma.$transaction((tx) => replaceRecoveryCodes(tx, admin.id));
    const withRecovery = await signInWithCode(admin.email, secret, codes[0]!, { env: strict });
    expect((await withRecovery.request('GET', '/api/admin/users')).status).toBe(200);
    // The held-back session stays held back meanwhile.
    expect((await b.request('GET', '/api/admin/users')).status).toBe(403);
  });

  it('shows an admin without the second factor how many admin notifications they have, not their text', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const admin = await createAdmin(t.db.prisma, { email: 'bell@example.test', totpSecret: secret, twoFactorEnabledAt: new Date() });
    const seller = await createUser(t.db.prisma, { email: 'writer@example.test' });
    const s = await signIn(seller.email);
    const ticket = await s.request('POST', '/api/support/tickets', {
      category: 'account',
      subject: 'Private matter',
      description: 'My bank details are wrong',
    });
    expect(ticket.status, ticket.text).toBe(201);
    // And one sent to the admin as a user (a bulk announcement), which is theirs to read.
    await t.db.prisma.notification.create({ data: { userId: admin.id, type: 'announcement', title: 'Maintenance tonight', message: 'For everyone' } });

    const held = browser({ env: strict });
    held.jar.set('atomix_session', (await sessionCookie(t.db, admin.id)).split('=')[1]!);
    const list = trpcData(await held.request('GET', '/trpc/notifications.list'));
    expect(list.items.map((n: { title: string }) => n.title)).toEqual(['Maintenance tonight']);
    expect(list.adminNotificationsWithheld).toBe(1);
    expect(list.unreadCount).toBe(2);
    expect(JSON.stringify(list)).not.toContain('Private matter');
    expect(trpcData(await held.request('GET', '/trpc/notifications.unreadCount'))).toBe(2);
    // Marking all read leaves the withheld one unread; nor can it be marked by its id.
    const hidden = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: admin.id, adminData: true } });
    expect((await held.request('POST', '/trpc/notifications.markRead', { json: { id: hidden.id } })).status).toBe(404);
    expect(trpcData(await held.request('POST', '/trpc/notifications.markAllRead', { json: null }))).toEqual({ marked: 1 });
    expect(trpcData(await held.request('GET', '/trpc/notifications.unreadCount'))).toBe(1);

    const assured = await signInWithCode(admin.email, secret, totpStep(new Date()), { env: strict });
    const full = trpcData(await assured.request('GET', '/trpc/notifications.list'));
    expect(full.adminNotificationsWithheld).toBe(0);
    expect(full.items.map((n: { title: string }) => n.title)).toContain('New support ticket: Private matter');
    // Without ADMIN_REQUIRE_2FA nothing is withheld.
    const relaxed = browser();
    relaxed.jar.set('atomix_session', (await sessionCookie(t.db, admin.id)).split('=')[1]!);
    expect(trpcData(await relaxed.request('GET', '/trpc/notifications.list')).items).toHaveLength(2);
  });

  it('leaves admins without two-factor sign-in alone when off (the default), and never applies to sellers', async () => {
    const admin = await createAdmin(t.db.prisma, { email: 'relaxed@example.test' });
    const b = await signIn(admin.email);
    expect((await b.request('GET', '/api/admin/users')).status).toBe(200);
    expect((await b.request('GET', '/api/auth/user')).json.twoFactorSetupRequired).toBe(false);
    const seller = await createUser(t.db.prisma, { email: 'seller@example.test' });
    const s = await signIn(seller.email, { env: strict });
    expect((await s.request('GET', '/api/auth/user')).json.twoFactorSetupRequired).toBe(false);
    expect((await s.request('GET', '/api/seller/prototypes')).status).toBe(200);
  });
});
