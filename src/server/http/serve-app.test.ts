// What every answer carries over real HTTP (serve-app.ts): security headers, no-store on /api and
// /trpc, X-Request-Id, HSTS over HTTPS, and one log line per request without secrets.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createSession } from '../auth/session.ts';
import { createApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { createUser } from '../test/factories.ts';
import { useTestDatabase } from '../test/harness.ts';
import { KEEP_ALIVE_TIMEOUT_MS, serveApp } from './serve-app.ts';
import { NON_PAGE_POLICY } from './security.ts';

const t = useTestDatabase();
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The app served on a free port; `lines` collects what it logs. */
async function served({ trustProxy = false, logRequests = false } = {}) {
  const lines: Record<string, unknown>[] = [];
  const log = (line: Record<string, unknown>) => lines.push(line);
  const app = createApp({ db: t.db.prisma, env: parseEnv({ NODE_ENV: 'test', TRUST_PROXY: String(trustProxy) }), log });
  const port = await new Promise<number>((resolve) => servers.push(serveApp({ app, hostname: '127.0.0.1', port: 0, log, logRequests, trustProxy }, resolve)));
  const request = (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${path}`, init);
  return { request, lines };
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

describe('every answer', () => {
  it('carries the security headers; what is not a page gets the policy that loads nothing', async () => {
    const { request } = await served();
    for (const path of ['/healthz', '/api/auth/user', '/no-such-file.js', '/trpc/auth.me']) {
      const res = await request(path);
      expect(res.headers.get('content-security-policy'), path).toBe(NON_PAGE_POLICY);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('lets a page set the page policy, and a route its own caching', async () => {
    const { request } = await served();
    const page = await request('/api/docs');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self';/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    // A public file of the API reference may be cached; everything else under /api is no-store.
    expect((await request('/api/docs/swagger-ui.css')).headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('is no-store on every /api and /trpc answer, errors and 404s included', async () => {
    const { request } = await served();
    const user = await createUser(t.db.prisma);
    const { token } = await createSession(t.db.prisma, user.id, 30);
    const cookie = { cookie: `atomix_session=${token}` };
    const answers = [
      await request('/api/auth/user', { headers: cookie }),
      await request('/api/auth/user'),
      await request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email": ' }),
      await request('/api/no-such-path'),
      await request('/api'),
      await request('/api/documents/999999', { headers: cookie }),
      await request('/trpc/auth.me', { headers: cookie }),
      await request('/trpc/no.such.procedure'),
      await request('/trpc/security.sessions'),
      await request(`/api/${'a'.repeat(2100)}`),
      await request('/trpc/auth.me%ff'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 400, 404, 404, 404, 200, 404, 401, 414, 400]);
    for (const res of answers) expect(res.headers.get('cache-control')).toBe('no-store');
    // The path as the app routes it: percent-encoded letters, and a target in absolute form.
    const encoded = await request('/%61pi/auth/user', { headers: cookie });
    expect(encoded.status).toBe(200);
    expect(encoded.headers.get('cache-control')).toBe('no-store');
    const absolute = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const port = new URL(encoded.url).port;
      http.get({ host: '127.0.0.1', port, path: `http://127.0.0.1:${port}/api/auth/user`, headers: cookie }, resolve).on('error', reject);
    });
    absolute.resume();
    expect(absolute.statusCode).toBe(200);
    expect(absolute.headers['cache-control']).toBe('no-store');
    // Pages and files decide their own.
    expect((await request('/healthz')).headers.get('cache-control')).toBeNull();
  });

  it('keeps an idle connection open longer than proxies and client pools do, and says so', async () => {
    const { request } = await served();
    const response = await request('/healthz');
    expect(response.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  });

  it('has a request id: the caller’s when it is well-formed, a new one otherwise', async () => {
    const { request } = await served();
    expect((await request('/healthz', { headers: { 'x-request-id': 'trace-42.a_b' } })).headers.get('x-request-id')).toBe('trace-42.a_b');
    for (const sent of [undefined, 'has spaces', 'x'.repeat(65)]) {
      const id = (await request('/healthz', { headers: sent ? { 'x-request-id': sent } : {} })).headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('says Strict-Transport-Security over HTTPS as a trusted proxy reports it, and only then', async () => {
    const trusted = await served({ trustProxy: true });
    expect((await trusted.request('/healthz', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
    expect((await trusted.request('/healthz', { headers: { 'x-forwarded-proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
    const untrusted = await served();
    expect((await untrusted.request('/healthz', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the request log', () => {
  it('writes one line per request: id, method, path without the query, status and duration; no secret', async () => {
    const { request, lines } = await served({ logRequests: true });
    await createUser(t.db.prisma, { email: 'logged@example.test', password: 'super-secret-pw' });
    expect((await request('/healthz')).status).toBe(200);
    const login = await request('/api/login?next=abc', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'login-1' },
      body: JSON.stringify({ email: 'logged@example.test', password: 'super-secret-pw' }),
    });
    expect(login.status).toBe(200);
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/healthz', status: 200 });
    expect(requests[1]).toMatchObject({ requestId: 'login-1', method: 'POST', path: '/api/login', status: 200 });
    expect(typeof requests[1]!.durationMs).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/super-secret-pw|atomix_session|next=abc/);
  });

  it('writes nothing per request when LOG_REQUESTS is off', async () => {
    const { request, lines } = await served({ logRequests: false });
    await request('/healthz');
    expect(lines.filter((line) => line.msg === 'request')).toEqual([]);
  });
});
