// Connections survive hostile requests (issue 30, point 5; ADR 0034): an answer given before the
// request's body has arrived either discards the rest of the body and keeps the connection, or says
// `Connection: close`; a client that reuses a connection never finds it closed under it.
import http from 'node:http';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { useTestDatabase } from '../test/harness.ts';
import { serveApp } from './serve-app.ts';

const t = useTestDatabase();
const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const BODY_LIMIT_BYTES = 64 * 1024;

async function served(options: { drainTimeoutMs?: number } = {}) {
  const env = parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false', BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES) });
  const app = createApp({ db: t.db.prisma, env, log: () => {} });
  return new Promise<number>((resolve) =>
    servers.push(
      serveApp(
        { app, hostname: '127.0.0.1', port: 0, log: () => {}, logRequests: false, trustProxy: false, drainLimitBytes: BODY_LIMIT_BYTES, ...options },
        resolve,
      ),
    ),
  );
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One TCP connection that reads HTTP/1.1 answers as they come (Content-Length or chunked). */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;
  error: Error | null = null;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('error', (error) => {
      this.error = error;
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  static open(port: number) {
    return new Promise<RawConnection>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  private changed() {
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  write(data: string | Buffer) {
    return new Promise<void>((resolve, reject) => this.socket.write(data, (error) => (error ? reject(error) : resolve())));
  }

  /** The next whole answer; throws if the connection ends first. */
  async response(): Promise<RawResponse> {
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.closed || this.error) throw new Error(`connection ${this.error ? `failed (${this.error.message})` : 'closed'} before an answer`);
      await this.changed();
    }
  }

  /** Resolves once the server has closed the connection. */
  async ended() {
    while (!this.closed) await this.changed();
  }

  private parse(): RawResponse | null {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return null;
    const [statusLine, ...lines] = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    let rest = this.buffer.subarray(headEnd + 4);
    let body: Buffer;
    if (headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = rest.indexOf('\r\n');
        if (lineEnd < 0) return null;
        const size = Number.parseInt(rest.subarray(0, lineEnd).toString(), 16);
        if (rest.length < lineEnd + 2 + size + 2) return null;
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        rest = rest.subarray(lineEnd + 2 + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (rest.length < length) return null;
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    }
    this.buffer = rest;
    return { status: Number(statusLine!.split(' ')[1]), headers, body: body.toString() };
  }
}

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

describe('an answer given before the body has arrived', () => {
  // @hono/node-server alone waits 500 ms for the rest after an early answer, then drops the connection
  // it said it would keep: 700 ms always lost it.
  for (const gapMs of [150, 700]) {
    it(`a body in two parts ${gapMs} ms apart: the connection stays usable for the next request`, async () => {
      const port = await served();
      const connection = await RawConnection.open(port);
      const body = `%PDF-1.4\n${'x'.repeat(2000)}`;
      const half = Math.floor(body.length / 2);
      // An impossible id and no session: the answer (401) needs none of the body.
      await connection.write(
        head('POST', '/api/prototypes/99999999999999999999/documents', { 'Content-Type': 'application/pdf', 'Content-Length': body.length }),
      );
      await connection.write(body.slice(0, half));
      await delay(gapMs);
      await connection.write(body.slice(half));
      const first = await connection.response();
      expect(first.status).toBe(401);
      expect(first.headers.connection).not.toBe('close');

      await connection.write(head('GET', '/healthz', {}));
      const second = await connection.response();
      expect(second).toMatchObject({ status: 200, body: '{"status":"ok"}' });
      expect(connection.closed).toBe(false);
      connection.socket.destroy();
    });
  }

  it('a body larger than the limit is refused with `Connection: close`, and the server closes after the answer', async () => {
    const port = await served();
    const connection = await RawConnection.open(port);
    await connection.write(head('POST', '/api/contact', { 'Content-Type': 'application/json', 'Content-Length': BODY_LIMIT_BYTES * 4 }));
    await connection.write('{"name":"');
    const answer = await connection.response();
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    await connection.ended();
  });

  it('a body that stops arriving is answered with `Connection: close` once the wait ends', async () => {
    const port = await served({ drainTimeoutMs: 200 });
    const connection = await RawConnection.open(port);
    await connection.write(head('PATCH', '/api/prototypes/99999999999999999999', { 'Content-Type': 'application/json', 'Content-Length': 100 }));
    await connection.write('{"prototypeName":"');
    const answer = await connection.response();
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.headers.connection).toBe('close');
    await connection.ended();
  });
});

describe('1,000 mixed hostile requests over a few keep-alive connections', () => {
  it('get an answer each, with no connection error', { timeout: 60_000 }, async () => {
    const port = await served();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const oversize = Buffer.alloc(BODY_LIMIT_BYTES + 1024, 'a');
    /** Bodies written in pieces, the server answering before the last one. */
    async function* inParts(parts: string[], gapMs = 1) {
      for (const [i, part] of parts.entries()) {
        if (i > 0) await delay(gapMs);
        yield part;
      }
    }
    type Hostile = { method: string; path: string; body?: string | Buffer | (() => AsyncGenerator<string>); headers?: Record<string, string> };
    const kinds: Hostile[] = [
      { method: 'GET', path: '/api/prototypes/99999999999999999999' },
      { method: 'PATCH', path: '/api/prototypes/-1', body: JSON.stringify({ prototypeName: 'y'.repeat(3000) }) },
      { method: 'DELETE', path: '/api/admin/permissions/abc', body: '{"x":1}' },
      { method: 'PUT', path: '/healthz', body: 'not json at all' },
      { method: 'POST', path: '/api/login', body: '{"email": "a@b.c", "password": ', headers: { 'content-type': 'application/json' } },
      { method: 'POST', path: '/api/contact', body: oversize, headers: { 'content-type': 'application/json' } },
      { method: 'POST', path: '/api/prototypes/1/documents', body: () => inParts(['%PDF-1.4\n', 'z'.repeat(4000), 'end']) },
      { method: 'PATCH', path: '/api/prototypes/0', body: () => inParts(['{"a":', '"b"', '}']), headers: { 'content-type': 'application/json' } },
      { method: 'POST', path: '/trpc/admin.approve', body: '{"0":{"json":{"id":"nan"}}}', headers: { 'content-type': 'application/json' } },
      { method: 'OPTIONS', path: '/api/prototypes', body: 'x'.repeat(10_000) },
      // Chunked, past the limit: refused once the limit is read, with the rest still coming.
      {
        method: 'POST',
        path: '/api/contact',
        body: () => inParts(['{"message":"', ...Array.from({ length: 5 }, () => 'm'.repeat(BODY_LIMIT_BYTES / 4)), '"}']),
        headers: { 'content-type': 'application/json' },
      },
    ];
    // Every 50th: the body's end comes 600 ms after its start, past @hono/node-server's own wait.
    const slow: Hostile = { method: 'PATCH', path: '/api/prototypes/99999999999999999999', body: () => inParts(['{"reason":', '"late"}'], 600) };
    /** Settles once the request has been sent in full and its answer read; any error on the way fails it. */
    const send = (kind: Hostile) =>
      new Promise<number>((resolve, reject) => {
        let status: number | null = null;
        let sent = false;
        const done = () => {
          if (sent && status !== null) resolve(status);
        };
        const req = http.request({ host: '127.0.0.1', port, method: kind.method, path: kind.path, agent, headers: kind.headers }, (res) => {
          res.resume();
          res.on('end', () => {
            status = res.statusCode!;
            done();
          });
          res.on('error', reject);
        });
        req.on('error', reject);
        req.on('finish', () => {
          sent = true;
          done();
        });
        req.on('close', () => {
          if (!sent || status === null) reject(new Error(`closed before the request was ${sent ? 'answered' : 'sent'}`));
        });
        const body = typeof kind.body === 'function' ? kind.body() : kind.body;
        if (body === undefined) req.end();
        else if (typeof body === 'string' || Buffer.isBuffer(body)) req.end(body);
        else
          void (async () => {
            for await (const part of body) if (!req.destroyed) req.write(part);
            req.end();
          })();
      });

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    // Eight senders over four sockets: requests queue for a free connection, which is then reused.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 1000) {
          const n = next++;
          const kind = n % 50 === 49 ? slow : kinds[n % kinds.length]!;
          try {
            const status = await send(kind);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          } catch (error) {
            failures.push(`${kind.method} ${kind.path}: ${(error as Error).message}`);
          }
        }
      }),
    );
    agent.destroy();
    expect(failures).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(1000);
    expect([...statuses.keys()].every((status) => status >= 200 && status < 500)).toBe(true);
  });
});
