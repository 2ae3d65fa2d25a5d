// Issue 12, points 1 and 2, over HTTP: sign-in throttles that hold under concurrency (REST and one
// batched /trpc request), the batch cap, no lock-out of other accounts, every per-address and
// per-user limit answering 429 with Retry-After, the storage quota, and the client address behind
// a proxy. Run on PostgreSQL too: there the parallel requests really race.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { type Env, parseEnv } from '../env.ts';
import { DEFAULT_PASSWORD, createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { restClient, sessionCookie, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
const ATTACKER = '192.0.2.66';

/** The test environment with some settings changed (small limits keep the tests short). */
function envWith(settings: Record<string, string>): Env {
  return parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false', ...settings });
}

function expectRefusal(res: { status: number; headers: Headers; json: { message?: string } | null }, message: RegExp) {
  expect(res.status).toBe(429);
  expect(res.json?.message).toMatch(message);
  expect(res.json?.message).toMatch(/Please try again in \d+ minutes?\.$/);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter > 0).toBe(true);
}

/** One /trpc request carrying `inputs.length` calls of `procedure` (superjson-wrapped, as the client sends them). */
async function trpcBatch(env: Env, procedure: string, inputs: unknown[], ip = ATTACKER) {
  const app = createApp({ db: t.db.prisma, env, log: () => {} });
  const paths = inputs.map(() => procedure).join(',');
  const body = Object.fromEntries(inputs.map((input, i) => [String(i), { json: input }]));
  const res = await app.request(
    `http://localhost/trpc/${paths}?batch=1`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: ip } } },
  );
  const json = (await res.json()) as unknown;
  return { status: res.status, headers: res.headers, json };
}

type BatchItem = { error?: { json: { message: string; data: { httpStatus: number } } } };
const statusesOf = (json: unknown) => (json as BatchItem[]).map((item) => item.error?.json.data.httpStatus ?? 200);

const testEnv = envWith({});

describe('sign-in throttles under concurrency', () => {
  it(
    '30 simultaneous wrong passwords: 5 × 401, the rest 429 with Retry-After; the right password then is refused too (races only bite on PostgreSQL)',
    { tags: ['engine'] },
    async () => {
      await createUser(t.db.prisma, { email: 'target@example.test' });
      const attacker = restClient(t.db, { ip: ATTACKER });
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => attacker.request('POST', '/api/login', { email: 'target@example.test', password: `wrong-guess-${i}` })),
      );
      expect(results.filter((r) => r.status === 401)).toHaveLength(5);
      const refused = results.filter((r) => r.status === 429);
      expect(refused).toHaveLength(25);
      for (const res of refused) {
        expectRefusal(res, /^Too many failed sign-in attempts\./);
        expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
      }
      const right = await attacker.request('POST', '/api/login', { email: 'target@example.test', password: DEFAULT_PASSWORD });
      expectRefusal(right, /^Too many failed sign-in attempts\./);
      expect(await t.db.prisma.session.count()).toBe(0);
    },
  );

  it('one batched /trpc request of 10 sign-ins: 5 × 401 and 5 × 429, Retry-After on the answer; the right password after it is refused', async () => {
    await createUser(t.db.prisma, { email: 'batch@example.test' });
    const guesses = Array.from({ length: 10 }, (_, i) => ({ email: 'batch@example.test', password: `wrong-guess-${i}` }));
    const res = await trpcBatch(testEnv, 'auth.login', guesses);
    const statuses = statusesOf(res.json);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const right = await trpcBatch(testEnv, 'auth.login', [{ email: 'batch@example.test', password: DEFAULT_PASSWORD }]);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.db.prisma.session.count()).toBe(0);
  });

  it('refuses a /trpc batch of more than 10 calls with 400 before any of them runs', async () => {
    await createUser(t.db.prisma, { email: 'batch@example.test' });
    const guesses = Array.from({ length: 11 }, (_, i) => ({ email: 'batch@example.test', password: `wrong-guess-${i}` }));
    const res = await trpcBatch(testEnv, 'auth.login', guesses);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Too many calls in one request: at most 10.' });
    // Commas written as %2C are still calls (tRPC decodes the path).
    const app = createApp({ db: t.db.prisma, env: testEnv, log: () => {} });
    const encoded = await app.request(`http://localhost/trpc/${Array(11).fill('auth.me').join('%2C')}?batch=1`);
    expect(encoded.status).toBe(400);
    expect(await t.db.prisma.rateLimit.count()).toBe(0);
    expect(await t.db.prisma.userActivityLog.count()).toBe(0);
  });

  it('30 failures against one account do not stop another account signing in from the same address, nor the owner elsewhere', async () => {
    await createUser(t.db.prisma, { email: 'victim@example.test' });
    const colleague = await createUser(t.db.prisma, { email: 'colleague@example.test' });
    const office = restClient(t.db, { ip: ATTACKER });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => office.request('POST', '/api/login', { email: 'victim@example.test', password: `wrong-guess-${i}` })),
    );
    const res = await restClient(t.db, { ip: ATTACKER }).request('POST', '/api/login', { email: colleague.email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    const owner = await restClient(t.db, { ip: '203.0.113.50' }).request('POST', '/api/login', { email: 'victim@example.test', password: DEFAULT_PASSWORD });
    expect(owner.status).toBe(200);
  });

  it("counts the profile's current-password check with the same limiter", async () => {
    const user = await createUser(t.db.prisma, { email: 'profile@example.test' });
    const client = await signedInClient(t.db, user, { env: testEnv });
    const profile = { firstName: 'Pat', lastName: 'Doe', email: user.email, businessName: '', phoneNumber: '' };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => client.request('PATCH', '/api/user/profile', { ...profile, currentPassword: `wrong-pass-${i}` })),
    );
    expect(results.filter((r) => r.status === 400)).toHaveLength(5);
    for (const res of results.filter((r) => r.status !== 400)) expectRefusal(res, /^Too many wrong current passwords\./);
    expectRefusal(await client.request('PATCH', '/api/user/profile', { ...profile, currentPassword: DEFAULT_PASSWORD }), /current passwords/);
  });
});

describe('per-address limits for guests', () => {
  const newUser = (i: number) => ({
    email: `member${i}@office.test`,
    password: 'office-pass',
    firstName: 'Mem',
    lastName: `Ber${i}`,
    businessName: '',
    phoneNumber: '',
  });

  it('register: 429 with Retry-After past the limit; another address still registers', async () => {
    const env = envWith({ RATE_LIMIT_REGISTER: '2/1h' });
    const office = restClient(t.db, { env, ip: ATTACKER });
    expect((await office.request('POST', '/api/register', newUser(1))).status).toBe(201);
    expect((await office.request('POST', '/api/register', newUser(2))).status).toBe(201);
    expectRefusal(await office.request('POST', '/api/register', newUser(3)), /^Too many accounts have been created from your network\./);
    expect(await t.db.prisma.user.count()).toBe(2);
    expect((await restClient(t.db, { env, ip: '203.0.113.8' }).request('POST', '/api/register', newUser(4))).status).toBe(201);
  });

  it('forgot password and reset: 429 with Retry-After past the limit (over /trpc)', async () => {
    const env = envWith({ RATE_LIMIT_FORGOT_PASSWORD: '2/1h', RATE_LIMIT_PASSWORD_RESET: '2/1h' });
    for (let i = 0; i < 2; i++) expect((await trpcBatch(env, 'passwordReset.request', [{ email: `a${i}@example.test` }])).status).toBe(200);
    const forgot = await trpcBatch(env, 'passwordReset.request', [{ email: 'a9@example.test' }]);
    expect(forgot.status).toBe(429);
    expect(JSON.stringify(forgot.json)).toContain('Too many password reset requests from your network. Please try again in 60 minutes.');
    expect(Number(forgot.headers.get('retry-after'))).toBeGreaterThan(3500);

    const made_up = { token: 'x'.repeat(43), password: 'brand-new-pass' };
    for (let i = 0; i < 2; i++) expect((await trpcBatch(env, 'passwordReset.reset', [made_up])).status).toBe(400);
    const reset = await trpcBatch(env, 'passwordReset.reset', [made_up]);
    expect(reset.status).toBe(429);
    expect(JSON.stringify(reset.json)).toContain('Too many password reset attempts from your network.');
    expect(Number(reset.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('contact form: 429 with Retry-After past the limit', async () => {
    const env = envWith({ RATE_LIMIT_CONTACT: '2/1h' });
    const visitor = restClient(t.db, { env, ip: ATTACKER });
    const form = { name: 'Visitor', email: 'visitor@example.test', subject: 'general', message: 'Hello' };
    expect((await visitor.request('POST', '/api/contact', form)).status).toBe(201);
    expect((await visitor.request('POST', '/api/contact', form)).status).toBe(201);
    expectRefusal(await visitor.request('POST', '/api/contact', form), /^Too many messages from your address\./);
  });
});

describe('per-user limits for sellers', () => {
  it('message replies: 429 with Retry-After past the limit; the admin team is not limited', async () => {
    const env = envWith({ RATE_LIMIT_MESSAGE_REPLIES: '2/1h' });
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const root = await t.db.prisma.adminMessage.create({ data: { adminId: admin.id, userId: seller.id, subject: 'Hello', message: 'Welcome' } });
    const reply = { subject: 'Re: Hello', message: 'Thanks', parentMessageId: root.id };
    const sellerClient = await signedInClient(t.db, seller, { env });
    expect((await sellerClient.request('POST', '/api/messages/reply', reply)).status).toBe(201);
    expect((await sellerClient.request('POST', '/api/messages/reply', reply)).status).toBe(201);
    expectRefusal(await sellerClient.request('POST', '/api/messages/reply', reply), /^You have sent too many replies in a short time\./);
    const adminClient = await signedInClient(t.db, admin, { env });
    for (let i = 0; i < 3; i++) expect((await adminClient.request('POST', '/api/messages/reply', reply)).status).toBe(201);
  });

  it('prototype submissions: 429 with Retry-After past the limit, counted per seller', async () => {
    const env = envWith({ RATE_LIMIT_PROTOTYPES: '2/1h' });
    const body = { inventorName: 'Dr. Ada', prototypeName: 'Cell', energyType: 'solar', description: 'A cell.', powerOutput: 10, efficiency: 20, notes: '' };
    const seller = await signedInClient(t.db, 'user', { env });
    expect((await seller.request('POST', '/api/prototypes', body)).status).toBe(201);
    expect((await seller.request('POST', '/api/prototypes', body)).status).toBe(201);
    expectRefusal(await seller.request('POST', '/api/prototypes', body), /^You have submitted too many prototypes in a short time\./);
    const other = await signedInClient(t.db, 'user', { env });
    expect((await other.request('POST', '/api/prototypes', body)).status).toBe(201);
  });
});

describe('documents: upload limit and storage quota', () => {
  let dataDir = '';
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-limits-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes - 9, 0x20)]);
  const storedFiles = () => {
    const root = path.join(dataDir, 'documents');
    return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()) : [];
  };

  async function uploader(settings: Record<string, string>) {
    const seller = await createUser(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id);
    const app = createApp({ db: t.db.prisma, env: { ...envWith(settings), DATA_DIR: dataDir }, log: () => {} });
    const cookie = await sessionCookie(t.db, seller.id);
    return async (body: Buffer, headers: Record<string, string> = {}) => {
      const res = await app.request(`http://localhost/api/prototypes/${prototype.id}/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'spec.pdf', cookie, ...headers },
        body: new Uint8Array(body),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, json: text ? (JSON.parse(text) as { message?: string }) : null };
    };
  }

  it('uploads: 429 with Retry-After past the limit', async () => {
    const upload = await uploader({ RATE_LIMIT_DOCUMENT_UPLOADS: '2/1h' });
    expect((await upload(pdf(100))).status).toBe(201);
    expect((await upload(pdf(100))).status).toBe(201);
    expectRefusal(await upload(pdf(100)), /^You have uploaded too many documents in a short time\./);
  });

  it("answers 413 with a clear message when an upload would pass the seller's quota, and keeps nothing of it", async () => {
    const upload = await uploader({ STORAGE_QUOTA_BYTES: '3000' });
    expect((await upload(pdf(2000))).status).toBe(201);
    const over = await upload(pdf(1500));
    expect(over.status).toBe(413);
    expect(over.json?.message).toBe(
      'This file does not fit in your document storage: your documents may take 2.9 KB in all and already take 2 KB. Please contact us if you need more space.',
    );
    expect(storedFiles()).toHaveLength(1);
    expect((await upload(pdf(1000))).status).toBe(201);
    expect((await upload(pdf(10))).status).toBe(413);
  });

  it('stops reading an upload once it passes the room left in the quota (it never reaches the end)', async () => {
    const upload = await uploader({ STORAGE_QUOTA_BYTES: '3000' });
    expect((await upload(pdf(2000))).status).toBe(201);
    // A body that sends more than the 1,000 bytes left and then never ends: only an early refusal answers.
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(pdf(1500)));
      },
    });
    const seller = await t.db.prisma.prototype.findFirstOrThrow({ select: { id: true, sellerId: true } });
    const cookie = await sessionCookie(t.db, seller.sellerId);
    const app = createApp({ db: t.db.prisma, env: { ...envWith({ STORAGE_QUOTA_BYTES: '3000' }), DATA_DIR: dataDir }, log: () => {} });
    const res = await app.request(`http://localhost/api/prototypes/${seller.id}/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'big.pdf', cookie },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/^This file does not fit in your document storage/);
    expect(storedFiles()).toHaveLength(1);
  });

  it('holds the quota when uploads arrive at the same time (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const upload = await uploader({ STORAGE_QUOTA_BYTES: '5000' });
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(pdf(2000))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 413)).toHaveLength(4);
    const total = await t.db.prisma.prototypeDocument.aggregate({ _sum: { fileSize: true } });
    expect(total._sum.fileSize).toBe(4000);
    expect(storedFiles()).toHaveLength(2);
  });
});

describe('client address behind TRUST_PROXY', () => {
  const register = (env: Env, forwardedFor: string, i: number) =>
    restClient(t.db, { env, ip: '10.0.0.2' }).request(
      'POST',
      '/api/register',
      { email: `p${i}@example.test`, password: 'proxy-pass', firstName: 'Pro', lastName: 'Xy', businessName: '', phoneNumber: '' },
      { 'x-forwarded-for': forwardedFor },
    );

  it('takes the address the proxy appended, never the forgeable left-most entry', async () => {
    const env = envWith({ TRUST_PROXY: 'true', RATE_LIMIT_REGISTER: '1/1h' });
    expect((await register(env, '198.18.0.1, 203.0.113.5', 1)).status).toBe(201);
    // A forged left-most entry does not make a new client.
    expectRefusal(await register(env, '198.18.0.2, 203.0.113.5', 2), /^Too many accounts/);
    expect((await register(env, '203.0.113.6', 3)).status).toBe(201);
    const logged = await t.db.prisma.userActivityLog.findMany({ where: { action: 'auth.register' }, select: { ipAddress: true }, orderBy: { id: 'asc' } });
    expect(logged.map((l) => l.ipAddress)).toEqual(['203.0.113.5', '203.0.113.6']);
  });

  it('counts TRUST_PROXY_HOPS entries from the right', async () => {
    const env = envWith({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2', RATE_LIMIT_REGISTER: '1/1h' });
    expect((await register(env, '198.18.0.1, 203.0.113.7, 10.0.0.1', 1)).status).toBe(201);
    expectRefusal(await register(env, '198.18.0.9, 203.0.113.7, 10.0.0.1', 2), /^Too many accounts/);
    const logged = await t.db.prisma.userActivityLog.findFirstOrThrow({ where: { action: 'auth.register' }, select: { ipAddress: true } });
    expect(logged.ipAddress).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const env = envWith({ RATE_LIMIT_REGISTER: '1/1h' });
    expect((await register(env, '203.0.113.9', 1)).status).toBe(201);
    expectRefusal(await register(env, '203.0.113.10', 2), /^Too many accounts/);
  });
});
