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

export interface ServeOptions extends ResponseDefaults {
  app: Pick<Hono, 'fetch'>;
  hostname: string;
  port: number;
}

/**
 * How long an idle keep-alive connection stays open: longer than the idle timeouts of common proxies
 * and load balancers (60 s) and of clients' connection pools. With Node's 5 s, a client that reuses
 * a connection just as the server closes it gets ECONNRESET (an end-to-end test saw one).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The app on `hostname:port` (0: any free port), with the response defaults; `onListening` gets the port. */
export function serveApp({ app, hostname, port, ...defaults }: ServeOptions, onListening?: (port: number) => void) {
  const server = serve(
    {
      fetch: app.fetch,
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
