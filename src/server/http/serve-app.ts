// Serves the app over HTTP. What every answer carries is set here, on Node's response, before the
// app runs: the security headers, `Cache-Control: no-store` on /api and /trpc, X-Request-Id, and the
// request's log line once it has been answered.
//
// Why here and not in Hono middleware: changing a Response's headers after the app made it turns
// @hono/node-server's light response into a web-standard one with undici `Headers`, for every
// request; that cost /healthz half its speed (ADR 0022). A header the app sets itself wins, since
// the headers Node receives with the answer take precedence over those set before it: a page sets
// the page policy (pageHeaders in security.ts), a download its own Cache-Control.
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Logger } from './request-log.ts';
import { PATH_MAX_BYTES } from './request-path.ts';
import { NON_PAGE_POLICY } from './security.ts';

export interface ResponseDefaults {
  log: Logger;
  /** One line per request (LOG_REQUESTS). */
  logRequests: boolean;
  /** Behind a proxy that says X-Forwarded-Proto (TRUST_PROXY): HTTPS is what it says. */
  trustProxy: boolean;
}

/** What every answer carries unless the app says otherwise (pages set their own policy). */
const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', NON_PAGE_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];
const HSTS = 'max-age=63072000; includeSubDomains';

/** API answers (errors and 404s included) are personal or short-lived: no cache keeps them. */
const PRIVATE_PATH = /^\/(?:api|trpc)(?:\/|$)/;

/**
 * Whether the path the app will route names /api or /trpc. The app routes the percent-decoded path
 * (`/%61pi/...` is `/api/...`) and Node accepts absolute-form targets (`GET http://host/api/...`), so
 * both are read as the app reads them; a target that cannot be read is treated as private.
 */
function isPrivatePath(target: string): boolean {
  let path = pathOf(target);
  try {
    if (!path.startsWith('/')) path = new URL(path).pathname;
    if (path.includes('%')) path = decodeURI(path);
  } catch {
    return true;
  }
  return PRIVATE_PATH.test(path);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

function isHttpsRequest(incoming: IncomingMessage, trustProxy: boolean): boolean {
  if ((incoming.socket as { encrypted?: boolean } | null)?.encrypted) return true;
  const proto = incoming.headers['x-forwarded-proto'];
  return trustProxy && typeof proto === 'string' && proto.split(',')[0]!.trim() === 'https';
}

/** The request target without its query string, as received. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** `listener` with the defaults above set on each response before it runs. */
export function withResponseDefaults(listener: RequestListener, { log, logRequests, trustProxy }: ResponseDefaults): RequestListener {
  return (incoming, outgoing) => {
    const started = performance.now();
    const incomingId = incoming.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    for (const [name, value] of SECURITY_HEADERS) outgoing.setHeader(name, value);
    if (isHttpsRequest(incoming, trustProxy)) outgoing.setHeader('Strict-Transport-Security', HSTS);
    const url = incoming.url ?? '/';
    if (isPrivatePath(url)) outgoing.setHeader('Cache-Control', 'no-store');
    outgoing.setHeader('X-Request-Id', requestId);
    const answered = listener(incoming, outgoing) as unknown as Promise<void> | undefined;
    if (!logRequests) return;
    // Method, path (never the query string), status and duration: no body, cookie or header, so no
    // password or token can reach the logs.
    const logLine = () =>
      log({
        msg: 'request',
        requestId,
        method: incoming.method,
        path: pathOf(url).slice(0, PATH_MAX_BYTES),
        status: outgoing.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    void Promise.resolve(answered).then(logLine, logLine);
  };
}

/**
 * How long an answer given before the request's body has arrived waits for the rest of it, to read
 * and discard it and keep the connection; past it the answer says `Connection: close` (ADR 0034).
 */
export const BODY_DRAIN_TIMEOUT_MS = 2_000;

export interface BodyDrain {
  /** The most bytes discarded after an early answer (BODY_LIMIT_BYTES); a larger body closes the connection. */
  limitBytes: number;
  timeoutMs: number;
}

/**
 * Reads and discards what is left of `incoming`'s body. True once it has all arrived, so the
 * connection can carry the next request; false when it is larger than `limitBytes`, does not
 * arrive within `timeoutMs` or fails: the answer must then close the connection. Whoever began
 * reading the body is done with it (the app has answered), so its listeners go, as Node's own dump
 * of an unread body does; what arrives after a refusal is still read and dropped until the close,
 * so the client's last bytes do not turn the close into a reset.
 */
export function discardUnreadBody(incoming: IncomingMessage, { limitBytes, timeoutMs }: BodyDrain): Promise<boolean> {
  if (incoming.complete) return Promise.resolve(true);
  incoming.removeAllListeners('data');
  incoming.resume();
  const declared = Number(incoming.headers['content-length']);
  if (incoming.destroyed || declared > limitBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let received = 0;
    const finish = (kept: boolean) => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onFailure);
      incoming.off('close', onFailure);
      resolve(kept);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onFailure = () => finish(incoming.complete);
    const timer = setTimeout(() => finish(false), timeoutMs);
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onFailure);
    incoming.once('close', onFailure);
  });
}

type Fetch = Hono['fetch'];

/**
 * `fetch` whose answers never leave a request's body half-read on a connection kept open. The app
 * may answer before the body has arrived (a 404 for an impossible id, a 401, a 413): the rest is
 * then discarded before the answer goes, or the answer says `Connection: close`. Without this,
 * @hono/node-server waits 500 ms for the rest after the answer and then destroys the socket although
 * the answer promised to keep it, and a client reusing it gets "other side closed". Requests whose
 * body has been read (or that have none) are answered as the app made them, without waiting.
 */
export function answerAfterTheBody(fetch: Fetch, drain: BodyDrain): Fetch {
  return (request, env, executionContext) => {
    const answer = fetch(request, env, executionContext);
    const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || incoming.complete) return answer;
    return Promise.resolve(answer).then(async (response) => {
      if (incoming.complete || (await discardUnreadBody(incoming, drain))) return response;
      const headers = new Headers(response.headers);
      headers.set('Connection', 'close');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    });
  };
}

export interface ServeOptions extends ResponseDefaults {
  app: Pick<Hono, 'fetch'>;
  hostname: string;
  port: number;
  /** The largest body discarded after an early answer: BODY_LIMIT_BYTES (default 1 MiB). */
  drainLimitBytes?: number;
  /** How long an early answer waits for the rest of the body (BODY_DRAIN_TIMEOUT_MS). */
  drainTimeoutMs?: number;
}

/**
 * How long an idle keep-alive connection stays open: longer than the idle timeouts of common proxies
 * and load balancers (60 s) and of clients' connection pools. With Node's 5 s, a client that reuses
 * a connection just as the server closes it gets ECONNRESET (an end-to-end test saw one).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The app on `hostname:port` (0: any free port), with the response defaults; `onListening` gets the port. */
export function serveApp(
  { app, hostname, port, drainLimitBytes = 1024 * 1024, drainTimeoutMs = BODY_DRAIN_TIMEOUT_MS, ...defaults }: ServeOptions,
  onListening?: (port: number) => void,
) {
  const server = serve(
    {
      fetch: answerAfterTheBody(app.fetch, { limitBytes: drainLimitBytes, timeoutMs: drainTimeoutMs }),
      hostname,
      port,
      createServer: ((options: http.ServerOptions, listener: RequestListener) =>
        http.createServer(options, withResponseDefaults(listener, defaults))) as typeof http.createServer,
    },
    (info: AddressInfo) => onListening?.(info.port),
  ) as http.Server<typeof IncomingMessage, typeof ServerResponse>;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // A request's headers may take as long as Node's default allows, and longer than an idle wait.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
