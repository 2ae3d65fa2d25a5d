// @module-tag engine
// Engine-specific (CI runs it again on PostgreSQL): LISTEN/NOTIFY between instances and the live hub's own connection.
// Live updates end to end through HTTP (issue 16): a tab's stream (GET /trpc/live.events) hears, within
// a second of the commit, what others do to what it may see, through any instance; never another
// seller's events; and it ends (401) as soon as its session ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { parseEnv } from '../env.ts';
import { type LiveHub, startLiveHub } from '../live/hub.ts';
import { openAnotherInstanceDatabase, testDatabase } from '../test/database.ts';
import { attestAdmin, createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { restClient, type RestClient, signedInClient, useTestDatabase } from '../test/harness.ts';
import { type LiveStreamReader, openLiveStream } from '../test/live-stream.ts';
import { TEST_CONFIG } from '../test/services.ts';
import { samplePdf } from '../test/pdf-fixtures.ts';
import { publishLive } from '../live/publish.ts';

const t = useTestDatabase();
const quiet = () => {};
let hub: LiveHub;
beforeAll(async () => {
  hub = await startLiveHub(await testDatabase(), quiet);
});
afterAll(() => hub?.close());

const signedIn = (user: { id: string }, db: Database = t.db, live: LiveHub = hub) => signedInClient(db, user, { services: { live } });

const streams: LiveStreamReader[] = [];
async function subscribe(client: RestClient): Promise<LiveStreamReader> {
  let response: Response | null = null;
  const stream = await openLiveStream(async (url, init) => (response = await client.app.request(url, init)), 'http://localhost/trpc/live.events', {
    cookie: client.cookie,
  });
  streams.push(stream);
  // A person's own events: kept by no cache, rewritten by no proxy.
  expect(response!.headers.get('cache-control')).toBe('no-store, no-transform');
  expect((await stream.next()).kind).toBe('connected');
  return stream;
}
afterAll(() => streams.forEach((s) => s.close()));

/** The time the action's answer came back (the commit happened before it). */
async function act(client: RestClient, method: string, path: string, body?: unknown) {
  const res = await client.request(method, path, body);
  expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
  return { ...res, at: performance.now() };
}

describe('live.events', () => {
  it('refuses a guest with a real 401 status line and a JSON message, not a 200 and an error frame', async () => {
    const guest = restClient(t.db, { services: { live: hub } });
    const refused = await guest.app.request('http://localhost/trpc/live.events', { headers: { accept: 'text/event-stream' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(await refused.json()).toEqual({ message: 'Unauthorized' });
    expect(hub.size).toBe(0);
  });

  it('a signed-out cookie hears 401 and leaves with the standing cookie in place of the session (ADR 0035)', async () => {
    const seller = await createUser(t.db.prisma);
    const client = await signedIn(seller);
    await t.db.prisma.session.deleteMany({ where: { userId: seller.id } });
    const refused = await client.app.request('http://localhost/trpc/live.events', { headers: { accept: 'text/event-stream', cookie: client.cookie } });
    expect(refused.status).toBe(401);
    const cookies = refused.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/atomix_session=;/);
    expect(cookies).toMatch(/atomix_standing=/);
  });

  it("tells a seller, within a second, of the admin's action on their prototype, a message and a notification; and the admin of the seller's ticket", async () => {
    const seller = await createUser(t.db.prisma);
    const admin = await createAdmin(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id, { status: 'under_review' });
    const sellerClient = await signedIn(seller);
    const adminClient = await signedIn(admin);
    const sellerStream = await subscribe(sellerClient);
    const adminStream = await subscribe(adminClient);

    const approved = await act(adminClient, 'PATCH', `/api/admin/prototypes/${prototype.id}/approve`);
    // Approval writes the timeline (prototype) and notifies the seller (notifications), in that order.
    const first = await sellerStream.nextEvent();
    expect(first).toMatchObject({ topic: 'prototype', id: prototype.id });
    expect(first.at - approved.at).toBeLessThan(1000);
    expect(await sellerStream.nextEvent()).toMatchObject({ topic: 'notifications' });
    // The acting admin's other tabs hear of the change too (the list, the board).
    expect(await adminStream.nextEvent()).toMatchObject({ topic: 'prototype', id: prototype.id });

    await act(adminClient, 'POST', '/api/admin/messages', { userId: seller.id, subject: 'Hello', content: 'A question' });
    const heard = [await sellerStream.nextEvent(), await sellerStream.nextEvent()].map((e) => e.topic).sort();
    expect(heard).toEqual(['messages', 'notifications']);

    const ticket = await act(sellerClient, 'POST', '/api/support/tickets', { category: 'technical', subject: 'Upload', description: 'It fails' });
    const adminHeard: string[] = [];
    for (let i = 0; i < 3 && !adminHeard.includes('ticket'); i++) {
      const event = await adminStream.nextEvent();
      adminHeard.push(event.topic);
      if (event.topic === 'ticket') expect(event).toMatchObject({ id: ticket.json.id });
    }
    expect(adminHeard).toContain('ticket');
  });

  it("never gives a seller another seller's events", async () => {
    const amara = await createUser(t.db.prisma);
    const kenji = await createUser(t.db.prisma);
    const admin = await createAdmin(t.db.prisma);
    const amaraPrototype = await createPrototype(t.db.prisma, amara.id, { status: 'under_review' });
    const kenjiPrototype = await createPrototype(t.db.prisma, kenji.id, { status: 'under_review' });
    const amaraClient = await signedIn(amara);
    const kenjiStream = await subscribe(await signedIn(kenji));
    const adminClient = await signedIn(admin);

    // Everything that could concern Amara, then one thing for Kenji: events keep commit order, so
    // anything of Amara's that reached Kenji would come before his own.
    await act(adminClient, 'PATCH', `/api/admin/prototypes/${amaraPrototype.id}/approve`);
    await act(adminClient, 'POST', '/api/admin/messages', { userId: amara.id, subject: 'Private', content: 'For Amara' });
    await act(amaraClient, 'POST', '/api/support/tickets', { category: 'account', subject: 'Mine', description: 'Only mine' });
    await act(amaraClient, 'POST', '/api/messages', { prototypeId: amaraPrototype.id, subject: 'About mine', message: 'Hello team' });
    await act(adminClient, 'PATCH', `/api/admin/prototypes/${kenjiPrototype.id}/approve`);

    expect(await kenjiStream.nextEvent()).toMatchObject({ topic: 'prototype', id: kenjiPrototype.id });
    expect(await kenjiStream.nextEvent()).toMatchObject({ topic: 'notifications' });
    expect(kenjiStream.pending).toEqual([]);
  });

  it('tells only the seller, within a second, that an admin opened a document of their prototype (the access list)', async () => {
    const seller = await createUser(t.db.prisma);
    const other = await createUser(t.db.prisma);
    const admin = await createAdmin(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id, { status: 'under_review' });
    const otherPrototype = await createPrototype(t.db.prisma, other.id, { status: 'under_review' });
    const sellerClient = await signedIn(seller);
    const adminClient = await signedIn(admin);
    await attestAdmin(t.db.prisma, admin.id, prototype.id);
    const pdf = await samplePdf();
    const uploaded = await sellerClient.app.request(`http://localhost/api/prototypes/${prototype.id}/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'design.pdf', cookie: sellerClient.cookie },
      body: pdf,
    });
    expect(uploaded.status).toBe(201);
    const documentId = ((await uploaded.json()) as { id: number }).id;
    const sellerStream = await subscribe(sellerClient);
    const otherStream = await subscribe(await signedIn(other));
    const adminStream = await subscribe(adminClient);

    // On PostgreSQL the upload's own change ('prototype', heard by the seller and admins) is delivered
    // asynchronously and may reach streams opened after it: it is passed over, nothing else is.
    const afterUpload = async (stream: typeof sellerStream) => {
      let event = await stream.nextEvent();
      while (event.topic === 'prototype' && event.id === prototype.id) event = await stream.nextEvent();
      return event;
    };
    const opened = await act(adminClient, 'GET', `/api/documents/${documentId}`);
    const heard = await afterUpload(sellerStream);
    expect(heard).toMatchObject({ topic: 'document-access', id: prototype.id });
    expect(heard.at - opened.at).toBeLessThan(1000);

    // Then something both the other seller and the admin hear: had the opening reached them, it would come first.
    await act(adminClient, 'PATCH', `/api/admin/prototypes/${otherPrototype.id}/approve`);
    expect(await otherStream.nextEvent()).toMatchObject({ topic: 'prototype', id: otherPrototype.id });
    expect(await afterUpload(adminStream)).toMatchObject({ topic: 'prototype', id: otherPrototype.id });
    expect(sellerStream.pending).toEqual([]);
  });

  it('ends the stream with 401 within a second of a ban, a suspension and a sign-out; ending other sessions leaves this one', async () => {
    const admin = await createAdmin(t.db.prisma);
    const adminClient = await signedIn(admin);

    const banned = await createUser(t.db.prisma);
    const bannedStream = await subscribe(await signedIn(banned));
    const ban = await act(adminClient, 'PATCH', `/api/admin/users/${banned.id}/status`, { status: 'banned', banReason: 'Fraud' });
    const bannedEnd = await bannedStream.next();
    expect(bannedEnd).toMatchObject({ kind: 'error', httpStatus: 401 });
    expect(bannedEnd.at - ban.at).toBeLessThan(1000);

    const suspended = await createUser(t.db.prisma);
    const suspendedStream = await subscribe(await signedIn(suspended));
    await act(adminClient, 'POST', `/api/admin/users/${suspended.id}/suspensions`, {
      reason: 'Spam',
      endDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const frames = [await suspendedStream.next(), await suspendedStream.next()];
    expect(frames.find((f) => f.kind === 'error')).toMatchObject({ httpStatus: 401 });

    const leaving = await createUser(t.db.prisma);
    const leavingClient = await signedIn(leaving);
    const leavingStream = await subscribe(leavingClient);
    await act(leavingClient, 'POST', '/api/logout');
    expect(await leavingStream.next()).toMatchObject({ kind: 'error', httpStatus: 401 });

    // Two devices; the first ends the other sessions: the second's stream ends, the first's goes on.
    const twoDevices = await createUser(t.db.prisma);
    const laptop = await signedIn(twoDevices);
    const phone = await signedIn(twoDevices);
    const laptopStream = await subscribe(laptop);
    const phoneStream = await subscribe(phone);
    const ended = await laptop.app.request('http://localhost/trpc/security.endOtherSessions', {
      method: 'POST',
      headers: { cookie: laptop.cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(ended.status).toBe(200);
    expect(await phoneStream.next()).toMatchObject({ kind: 'error', httpStatus: 401 });
    await act(adminClient, 'POST', '/api/admin/messages', { userId: twoDevices.id, subject: 'Still there?', content: 'Yes' });
    expect((await laptopStream.nextEvent()).topic).toMatch(/notifications|messages/);
  });

  it('with ADMIN_REQUIRE_2FA gives admin events only to a session that passed the second factor', async () => {
    const strict = parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false', ADMIN_REQUIRE_2FA: 'true' });
    const admin = await createAdmin(t.db.prisma, { totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', twoFactorEnabledAt: new Date() });
    const own = await createPrototype(t.db.prisma, admin.id);
    const passwordOnly = await signedInClient(t.db, admin, { services: { live: hub }, env: strict });
    const withCode = await signedInClient(t.db, admin, { services: { live: hub }, env: strict, secondFactor: 'totp' });
    const heldBackStream = await subscribe(passwordOnly);
    const adminStream = await subscribe(withCode);
    const seller = await signedIn(await createUser(t.db.prisma));
    await act(seller, 'POST', '/api/support/tickets', { category: 'account', subject: 'Private', description: 'Only for the team' });
    // Then something of the admin's own as a user (a message about their prototype): events keep commit
    // order, so an admin event that reached the held-back stream would come before it.
    await act(passwordOnly, 'POST', '/api/messages', { prototypeId: own.id, subject: 'Mine', message: 'As a seller' });
    const until = async (stream: LiveStreamReader, topic: string) => {
      const topics: string[] = [];
      while (!topics.includes(topic)) topics.push((await stream.nextEvent()).topic);
      return topics;
    };
    expect(await until(adminStream, 'messages')).toContain('ticket');
    expect(await until(heldBackStream, 'messages')).not.toContain('ticket');
  });

  it('hears, through one instance, what an admin does through another on the same database', async () => {
    // A second instance: its own connections (a PostgreSQL server), or on the embedded database (one
    // process only) its own app and hub over the same connection.
    const other = (await openAnotherInstanceDatabase()) ?? t.db;
    const otherHub = await startLiveHub(other, quiet);
    try {
      const seller = await createUser(t.db.prisma);
      const admin = await createAdmin(t.db.prisma);
      const prototype = await createPrototype(t.db.prisma, seller.id, { status: 'under_review' });
      const sellerStream = await subscribe(await signedIn(seller));
      const adminElsewhere = await signedIn(admin, other, otherHub);

      const rejected = await act(adminElsewhere, 'PATCH', `/api/admin/prototypes/${prototype.id}/reject`, { reason: 'Not viable' });
      const event = await sellerStream.nextEvent();
      expect(event).toMatchObject({ topic: 'prototype', id: prototype.id });
      expect(event.at - rejected.at).toBeLessThan(1000);
      expect(otherHub.size).toBe(0);
    } finally {
      await otherHub.close();
      if (other !== t.db) await other.close();
    }
  });

  it('holds at most 20 streams per account on an instance: of 30 opened at once, 10 are refused with a real 429 and Retry-After', async () => {
    const seller = await createUser(t.db.prisma);
    const client = await signedIn(seller);
    const opened = await Promise.all(
      Array.from({ length: 30 }, () =>
        openLiveStream((url, init) => client.app.request(url, init), 'http://localhost/trpc/live.events', { cookie: client.cookie }),
      ),
    );
    streams.push(...opened);
    expect(opened.filter((stream) => stream.status === 200)).toHaveLength(20);
    const refused = opened.filter((stream) => stream.status !== 200);
    expect(refused).toHaveLength(10);
    for (const stream of refused) {
      expect(stream.status).toBe(429);
      expect(Number(stream.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const answer = await client.app.request('http://localhost/trpc/live.events', { headers: { accept: 'text/event-stream', cookie: client.cookie } });
    expect(answer.status).toBe(429);
    expect(((await answer.json()) as { message: string }).message).toContain('at most 20');
    expect(hub.streamsOf(seller.id)).toBe(20);
    // A closed tab frees its place.
    opened.forEach((s) => s.close());
    await expect.poll(() => hub.streamsOf(seller.id)).toBe(0);
  });

  it("hears the admins' events as the admin stands now: not while two-factor sign-in is off (where required), again once it is on", async () => {
    const config = { ...TEST_CONFIG, adminRequireTwoFactor: true };
    const admin = await createAdmin(t.db.prisma, { twoFactorEnabledAt: new Date() });
    // This session passed the second factor (ADR 0038): a full admin session.
    const adminClient = await signedInClient(t.db, admin, { services: { live: hub, config }, secondFactor: 'totp' });
    const stream = await subscribe(adminClient);
    await publishLive(t.db.prisma, { topic: 'ticket', id: 1 }, { admins: true });
    expect(await stream.nextEvent()).toMatchObject({ topic: 'ticket', id: 1 });

    // Two-factor sign-in turned off (here by hand, as psql would): no admin events from the next check
    // on. Events keep commit order, so one heard would come before the resync the users trigger brings.
    await t.db.prisma.user.update({ where: { id: admin.id }, data: { twoFactorEnabledAt: null } });
    expect(await stream.nextEvent()).toMatchObject({ topic: 'resync' });
    await publishLive(t.db.prisma, { topic: 'ticket', id: 2 }, { admins: true });
    await publishLive(t.db.prisma, { topic: 'notifications' }, { users: [admin.id] });
    expect(await stream.nextEvent()).toMatchObject({ topic: 'notifications' });

    // On again: this session's second factor counts again.
    await t.db.prisma.user.update({ where: { id: admin.id }, data: { twoFactorEnabledAt: new Date() } });
    expect(await stream.nextEvent()).toMatchObject({ topic: 'resync' });
    await publishLive(t.db.prisma, { topic: 'ticket', id: 3 }, { admins: true });
    expect(await stream.nextEvent()).toMatchObject({ topic: 'ticket', id: 3 });
  });

  it('ends every stream with 503 when the instance stops, so that tabs reconnect elsewhere', async () => {
    const seller = await createUser(t.db.prisma);
    const stoppingHub = await startLiveHub(t.db, quiet);
    const stream = await subscribe(await signedIn(seller, t.db, stoppingHub));
    await stoppingHub.close();
    expect(await stream.next()).toMatchObject({ kind: 'error', httpStatus: 503 });
  });
});
