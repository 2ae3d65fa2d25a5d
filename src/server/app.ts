// The HTTP application: health checks, /trpc, the REST adapters and the SPA. The headers every
// answer carries and the request log are set around it, in http/serve-app.ts.
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { trpcServer } from '@hono/trpc-server';
import type { TRPCError } from '@trpc/server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './auth/session.ts';
import { createContextFromHono } from './context.ts';
import type { Db } from './db/index.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { UnavailableError, retryAfterOf } from './domain/errors.ts';
import type { Env } from './env.ts';
import type { Logger } from './http/request-log.ts';
import { type AppShell, loadAppShell, markSession } from './http/app-shell.ts';
import { requestPathChecks } from './http/request-path.ts';
import { type PrerenderedPages, fillShell } from './http/prerender.ts';
import { createRoutePreloader } from './http/route-preload.ts';
import { SAFE_METHODS, pageHeaders, sameOriginWrites } from './http/security.ts';
import { errorAnswer, errorResponse, mountMethodNotAllowed, mountRestRoutes } from './rest/adapter.ts';
import { mountScreeningListRoute } from './rest/screening-list.ts';
import { mountDocumentRoutes } from './rest/documents.ts';
import { mountApiDocs } from './rest/api-docs.ts';
import { mountStripeWebhook } from './payments/webhook-route.ts';
import { restRoutes } from './rest/endpoints/index.ts';
import { appRouter } from './routers/_app.ts';
import { mapError } from './trpc.ts';
import { type Services, servicesFromEnv } from './services.ts';
import { TRPC_MAX_BATCH_SIZE } from '~/shared/constants.ts';

export interface AppOptions {
  db: Db;
  env: Env;
  log: Logger;
  /** The built client (dist/client); omitted in API-only tests and in development (Vite serves it). */
  clientDir?: string | null;
  /** Public pages rendered ahead (src/server/http/prerender.ts), served inside the app shell. */
  prerendered?: PrerenderedPages;
  /** Answers /readyz: is the database reachable? */
  isReady?: () => Promise<boolean>;
  /** Services already chosen (server.ts: the document store; tests: their own); the rest come from env, the log from `log`. */
  services?: Partial<Services>;
}

export function createApp({ db, env, log, clientDir = null, prerendered = new Map(), isReady, services: chosen }: AppOptions) {
  const app = new Hono();
  // Built once: every request's context shares them.
  const services = servicesFromEnv(env, db, { log, ...chosen });
  const createContext = (c: Parameters<typeof createContextFromHono>[0], resHeaders?: Headers) => createContextFromHono(c, db, env, resHeaders, services);

  const shell = clientDir ? loadAppShell(clientDir) : null;
  app.use('*', requestPathChecks());

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const ready = await (isReady ?? (() => db.$queryRaw`SELECT 1`.then(() => true)))().catch(() => false);
    return c.json({ status: ready ? 'ready' : 'unavailable' }, ready ? 200 : 503);
  });

  // Before the JSON body limit: uploads stream with their own 50 MB limit (same-origin check included).
  mountDocumentRoutes(app, { db, env, log, createContext, store: services.documentStore, jobs: services.documentJobs });
  // The screening list (a CSV of megabytes) has its own limit too.
  mountScreeningListRoute(app, { createContext, allowedOrigins: env.ALLOWED_ORIGINS, log });
  // Only a write reads a body: a GET passes by (asking a request for its body builds a whole
  // web-standard Request, which a read never needs).
  const limitBody = bodyLimit({ maxSize: env.BODY_LIMIT_BYTES, onError: (c) => c.json({ message: 'Request body is too large' }, 413) });
  for (const prefix of ['/api/*', '/trpc/*']) {
    app.use(prefix, sameOriginWrites(env.ALLOWED_ORIGINS));
    app.use(prefix, (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : limitBody(c, next)));
  }

  mountStripeWebhook(app, { db, log, payments: services.payments, mailer: services.mailer, clock: services.clock });
  mountRestRoutes(app, restRoutes, createContext, log);
  mountApiDocs(app);
  mountMethodNotAllowed(app, restRoutes);
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404));

  // The live stream (a tRPC subscription, server-sent events): a person's own events, kept by no cache.
  // tRPC answers a stream refused before it starts (signed out, too many, no database) with a 200
  // whose one frame is the error; it is answered with the refusal's own status and JSON instead
  // (ADR 0040), keeping the cookies the request's context set.
  const refusedStreams = new WeakMap<Request, TRPCError>();
  app.get('/trpc/live.events', async (c, next) => {
    await next();
    const refusal = refusedStreams.get(c.req.raw);
    if (refusal) {
      const started = c.res;
      void started.body?.cancel().catch(() => {});
      const { status, message, headers } = errorAnswer(refusal, () => {}); // onError below logged it
      const refused = new Response(JSON.stringify({ message }), { status, headers: { 'Content-Type': 'application/json', ...headers } });
      for (const cookie of started.headers.getSetCookie()) refused.headers.append('Set-Cookie', cookie);
      // Replaced, not merged: none of the event stream's headers apply.
      c.res = undefined;
      c.res = refused;
    }
    c.res.headers.set('Cache-Control', 'no-store, no-transform');
  });

  // A batch of more calls than the client ever sends is refused before any of them runs.
  app.use('/trpc/*', async (c, next) => {
    if (c.req.query('batch') === '1' && batchedCalls(c.req.url) > TRPC_MAX_BATCH_SIZE) {
      return c.json({ message: `Too many calls in one request: at most ${TRPC_MAX_BATCH_SIZE}.` }, 400);
    }
    return next();
  });
  app.use(
    '/trpc/*',
    trpcServer({
      endpoint: '/trpc',
      router: appRouter,
      // Also tRPC's own check, on the path as tRPC decodes it.
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: (opts, c) => createContext(c, opts.resHeaders) as unknown as Promise<Record<string, unknown>>,
      // A refused limit's wait, or the database's (503), goes on the HTTP answer; in a batch, the longest wait of its calls.
      responseMeta: ({ errors }) => {
        const waits = errors.flatMap((error) => {
          const wait = retryAfterOf((mapError(error) ?? error).cause);
          return wait === null ? [] : [wait];
        });
        return waits.length ? { headers: new Headers({ 'Retry-After': String(Math.max(...waits)) }) } : {};
      },
      onError: ({ error, path: procedure, type, req }) => {
        // Reported before the stream's answer is made (a refusal); a started stream's end comes later and is not looked for.
        if (type === 'subscription') refusedStreams.set(req, error);
        const meant = mapError(error) ?? error;
        if (meant.cause instanceof UnavailableError) {
          // A stream's end as its instance stops is no fault; a database out of reach is worth a warning.
          if (isDatabaseUnavailable(meant.cause.cause)) log({ level: 'warn', msg: 'database unavailable', procedure, error: String(meant.cause.cause) });
        } else if (meant.code === 'INTERNAL_SERVER_ERROR') log({ level: 'error', msg: 'procedure failed', procedure, error: String(error.cause ?? error) });
      },
    }),
  );

  if (clientDir && shell) mountClient(app, clientDir, shell, prerendered);

  app.onError((error, c) => errorResponse(c, error, log));
  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  return app;
}

/** How many procedures a /trpc path names ("/trpc/a,b,c" → 3), decoded as tRPC decodes it. */
function batchedCalls(url: string): number {
  const pathname = new URL(url).pathname;
  let procedures = pathname.slice(pathname.indexOf('/trpc/') + '/trpc/'.length);
  try {
    procedures = decodeURIComponent(procedures);
  } catch {
    // Left to tRPC, which refuses a malformed path.
  }
  return procedures.split(',').length;
}

/** Static files with long caching for hashed assets; every other GET path gets the SPA shell. */
function mountClient(app: Hono, clientDir: string, shell: AppShell, prerendered: PrerenderedPages) {
  // Pages carry the page policy, which allows the shell's inline scripts by their hashes.
  const headers = { ...pageHeaders(shell.scriptHashes), 'Cache-Control': 'no-cache' };
  const withRoutePreloads = createRoutePreloader(clientDir);
  // Hashed file names never change content: cache them for a year.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Files (favicon, theme-init.js, ...) by name; a path without an extension is an app route.
  const staticFiles = serveStatic({ root: path.relative(process.cwd(), clientDir), index: '', precompressed: true });
  app.use('*', (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) && !c.req.path.includes('/.') ? staticFiles(c, next) : next()));
  // A missing file is a 404, never the app shell (a stale chunk must fail loudly, not parse HTML).
  app.get('*', (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? c.text('Not found', 404) : next()));
  app.get('*', (c) => {
    const page = prerendered.get(c.req.path);
    // A pre-rendered page shows at once and loads its code after the first paint; any other page
    // needs its code before it shows anything, so its HTML names the route's chunks up front.
    const html = page ? shell.loadAfterPaint(fillShell(shell.html, page)) : withRoutePreloads(shell.html, c.req.path);
    return c.html(getCookie(c, SESSION_COOKIE) || getCookie(c, SECURE_SESSION_COOKIE) ? markSession(html) : html, 200, headers);
  });
}
