// Helpers for procedure and REST tests: a caller acting as a given user, and the HTTP app itself.
import pg from 'pg';
import type { SecondFactor } from '~/generated/prisma/client.ts';
import { beforeEach } from 'vitest';
import { SESSION_COOKIE, createSession } from '../auth/session.ts';
import { createApp } from '../app.ts';
import { type Context, createContextInner } from '../context.ts';
import type { Database } from '../db/index.ts';
import { type Env, parseEnv } from '../env.ts';
import { createCaller } from '../routers/_app.ts';
import type { Services } from '../services.ts';
import { TEST_CONFIG, testServices } from './services.ts';
import { sessionUserSelect } from '../auth/session-user.ts';
import { resetDatabase, testDatabase } from './database.ts';
import { createAdmin, createUser } from './factories.ts';
import { assertMatchesContract } from './contract-check.ts';

export const testEnv = parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false' });

let servicesOfTest: Partial<Services> = {};

/**
 * Services for the callers and apps the current test creates (e.g. a fake Stripe's payments);
 * null goes back to the defaults of createContextInner / createApp.
 */
export function setTestServices(services: Partial<Services> | null) {
  servicesOfTest = services ?? {};
}

/** Opens the worker's database and empties it before every test of the file. */
export function useTestDatabase() {
  const holder = {} as { db: Database };
  beforeEach(async () => {
    holder.db = await testDatabase();
    await resetDatabase(holder.db);
  });
  return holder;
}

/** A tRPC caller as `userId` (with a real session row), or as a guest. */
export async function callerAs(
  db: Database,
  userId: string | null,
  meta: Context['meta'] = { ip: '203.0.113.9', userAgent: 'vitest' },
  services: Partial<Services> = {},
) {
  const chosen = testServices(db.prisma, { ...servicesOfTest, ...services });
  if (!userId) return createCaller(createContextInner({ ...chosen, db: db.prisma, meta }));
  const { session } = await createSession(db.prisma, userId, 30);
  const user = await db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: sessionUserSelect });
  return createCaller(createContextInner({ ...chosen, db: db.prisma, user, session, meta }));
}

export interface RestClientOptions {
  /** The client's address (the socket's). */
  ip?: string;
  /** An Origin header on every request. */
  origin?: string;
  env?: Env;
  services?: Partial<Services>;
}

/** The Hono app over the test database, with a small cookie-keeping client for REST tests. */
export function restClient(db: Database, options: RestClientOptions = {}) {
  const logs: Record<string, unknown>[] = [];
  // The rest from the (test) environment; documents in the temporary directory, never under ./data.
  const services = { documentStore: testServices(db.prisma).documentStore, ...servicesOfTest, ...options.services };
  const app = createApp({ db: db.prisma, env: options.env ?? testEnv, log: (line) => logs.push(line), services });
  let cookie = '';
  async function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...(options.origin ? { origin: options.origin } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    };
    const response = await app.request(`http://localhost${path}`, init, {
      incoming: { socket: { remoteAddress: options.ip ?? '198.51.100.7' } },
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      cookie = pair && !/=(;|$)/.test(`${pair};`) && !/Max-Age=0/i.test(setCookie) ? pair : '';
    }
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the server answered; its assertions are the type check
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    // Every answer of a documented path is checked against the OpenAPI contract (rest/openapi.ts).
    assertMatchesContract(method, path, response, json);
    return { status: response.status, headers: response.headers, json, text };
  }
  return {
    app,
    logs,
    request,
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookie = value;
    },
  };
}

export type RestClient = ReturnType<typeof restClient>;

/**
 * A `Cookie` header for a new session of `userId`, made in the database as a sign-in makes it: with the
 * password alone, or having passed `secondFactor`.
 */
export async function sessionCookie(db: Database, userId: string, secondFactor: SecondFactor | null = null): Promise<string> {
  const lifetime = { days: TEST_CONFIG.sessionDays, maxDays: TEST_CONFIG.sessionMaxDays };
  const { token } = await createSession(db.prisma, userId, lifetime, undefined, new Date(), secondFactor);
  return `${SESSION_COOKIE}=${token}`;
}

type Role = 'admin' | 'user';
type User = Awaited<ReturnType<typeof createUser>>;

/**
 * A REST client signed in as `who`, with `who`'s row as `.user`: a new admin or seller ('admin',
 * 'user'; `fields` for the row), an existing user, or nobody (null: a guest). The session is made in the
 * database, as the browser tests' signInAs does; tests about signing in post to /api/login themselves.
 */
export async function signedInClient<Who extends Role | { id: string } | null>(
  db: Database,
  who: Who,
  options: RestClientOptions & { fields?: Parameters<typeof createUser>[1]; secondFactor?: SecondFactor } = {},
): Promise<RestClient & { user: Who extends Role ? User : Who }> {
  const { fields, secondFactor, ...clientOptions } = options;
  const client = restClient(db, clientOptions);
  const user: User | { id: string } | null =
    who === 'admin' ? await createAdmin(db.prisma, fields) : who === 'user' ? await createUser(db.prisma, fields) : (who as { id: string } | null);
  if (user) client.cookie = await sessionCookie(db, user.id, secondFactor ?? null);
  return Object.assign(client, { user: user as Who extends Role ? User : Who });
}

/** The SQL statements sent to the database while `run` runs, in order. */
export async function recordStatements<T>(run: () => Promise<T>): Promise<{ result: T; texts: string[] }> {
  const texts: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    texts.push(typeof first === 'string' ? first : first.text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { result: await run(), texts };
  } finally {
    pg.Client.prototype.query = query;
  }
}
