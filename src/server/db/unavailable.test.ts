// @module-tag engine
// Engine-specific (CI runs it again on PostgreSQL): how a lost server and a full pool look to the driver.
// A database outage is a 503 with Retry-After, never a 500 (issue 30, point 6; issue 28; ADR 0040): the
// database is stopped under a running app (a proxy in front of it closes), every database-backed
// answer says the service is briefly unavailable, and the first request after it is back succeeds.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PrismaClient } from '~/generated/prisma/client.ts';
import { createApp } from '../app.ts';
import { UnavailableError } from '../domain/errors.ts';
import { type DatabaseProxy, openDatabaseProxy } from '../test/database-proxy.ts';
import { testDatabase } from '../test/database.ts';
import { createUser } from '../test/factories.ts';
import { restClient, sessionCookie, testEnv, useTestDatabase } from '../test/harness.ts';
import { testServices } from '../test/services.ts';
import { mapError } from '../trpc.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './unavailable.ts';

const t = useTestDatabase();
let proxy: DatabaseProxy;
beforeAll(async () => {
  proxy = await openDatabaseProxy(await testDatabase());
});
afterAll(() => proxy?.close());
// However a test ends, the next one finds the database there.
afterEach(async () => {
  await proxy.start().catch(() => {});
});

const unavailable = { message: DATABASE_UNAVAILABLE };

describe('the database stopped under a running app', () => {
  it('answers 503 with Retry-After and a message saying the service is briefly unavailable; the first request after it is back succeeds', async () => {
    const seller = await createUser(t.db.prisma);
    const client = restClient(proxy.database);
    client.cookie = await sessionCookie(t.db, seller.id);
    expect((await client.request('GET', '/api/auth/user')).status).toBe(200);

    await proxy.stop();
    // Signed in (the session check meets the outage), a write, a guest's read; each is the REST contract's 503.
    const answers = [
      await client.request('GET', '/api/auth/user'),
      await client.request('POST', '/api/support/tickets', { category: 'technical', subject: 'Upload', description: 'It fails' }),
      await restClient(proxy.database).request('GET', '/api/prototype-tracker/portfolio'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(answer.json).toEqual(unavailable);
    }

    // The web app's batch: every call says so, and so does the status line.
    const batch = await client.app.request('http://localhost/trpc/auth.me,notifications.unreadCount?batch=1&input=%7B%7D', {
      headers: { cookie: client.cookie },
    });
    expect(batch.status).toBe(503);
    expect(batch.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    const calls = (await batch.json()) as { error: { json: { message: string; data: { code: string; httpStatus: number } } } }[];
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.error.json).toMatchObject({ message: DATABASE_UNAVAILABLE, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } });
    }

    // The live stream is refused with the same status line, not a 200 and an error frame.
    const live = await client.app.request('http://localhost/trpc/live.events', { headers: { cookie: client.cookie, accept: 'text/event-stream' } });
    expect(live.status).toBe(503);
    expect(live.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(await live.json()).toEqual(unavailable);

    expect((await client.app.request('http://localhost/readyz')).status).toBe(503);
    // A warning in the log, not a server fault.
    expect(client.logs.filter((line) => line.msg === 'database unavailable').length).toBeGreaterThan(0);
    expect(client.logs.filter((line) => line.level === 'error')).toEqual([]);

    await proxy.start();
    const back = await client.request('GET', '/api/auth/user');
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ id: seller.id });
    expect((await client.request('POST', '/api/support/tickets', { category: 'technical', subject: 'Upload', description: 'It fails' })).status).toBe(201);
  });
});

describe('every connection busy', () => {
  it('a transaction that cannot start in time and a query that gets no connection are "briefly unavailable" (503), not a server fault', async () => {
    // Prisma over a pool of one connection that the test holds: nothing else can start in time.
    const worker = await testDatabase();
    const pool = new pg.Pool({ ...worker.pool.options, max: 1, connectionTimeoutMillis: 200 });
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: { maxWait: 100, timeout: 5_000 } });
    const held = await pool.connect();
    try {
      const failures = [
        await prisma.$transaction(async (tx) => tx.user.count()).catch((error: unknown) => error),
        await prisma.user.count().catch((error: unknown) => error),
      ];
      for (const failure of failures) {
        expect(failure, String(failure)).toBeInstanceOf(Error);
        expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
        const mapped = mapError(failure);
        expect(mapped).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE });
        expect(mapped?.cause).toBeInstanceOf(UnavailableError);
      }

      // Through HTTP: the session check finds no connection either.
      const seller = await createUser(t.db.prisma);
      const app = createApp({ db: prisma, env: testEnv, log: () => {}, services: { documentStore: testServices(t.db.prisma).documentStore } });
      const answer = await app.request('http://localhost/api/auth/user', { headers: { cookie: await sessionCookie(t.db, seller.id) } });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    } finally {
      held.release();
      await prisma.$disconnect();
      await pool.end();
    }
  });

  it('a query the database refuses is no outage: a unique violation stays a conflict', async () => {
    const seller = await createUser(t.db.prisma);
    const duplicate = await createUser(t.db.prisma, { email: seller.email }).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(mapError(duplicate)?.code).toBe('CONFLICT');
  });
});
