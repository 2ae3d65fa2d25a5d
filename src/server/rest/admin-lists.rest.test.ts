// The admin lists: counters from the database, search, filters, sorting, keyset pages both ways,
// the REST shape (array, newest first, Link rel="next") and the CSV exports.
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../domain/csv.ts';
import { DEFAULT_PASSWORD, createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, restClient, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();

async function adminCaller() {
  const admin = await createAdmin(t.db.prisma);
  return { admin, caller: await callerAs(t.db, admin.id) };
}

/** Prototypes created one millisecond apart, so "newest first" is well defined. */
async function manyPrototypes(sellerId: string, count: number, overrides: (i: number) => object = () => ({})) {
  const base = Date.now() - 1_000_000;
  const rows = [];
  for (let i = 0; i < count; i++) {
    rows.push(
      await createPrototype(t.db.prisma, sellerId, {
        prototypeName: `Reactor ${String(i).padStart(2, '0')}`,
        createdAt: new Date(base + i * 1000),
        ...overrides(i),
      }),
    );
  }
  return rows;
}

describe('counters', () => {
  it('counts by status and role in the database', async () => {
    const { caller } = await adminCaller();
    const seller = await createUser(t.db.prisma);
    await createUser(t.db.prisma);
    const statuses = ['submitted', 'under_review', 'under_review', 'approved', 'rejected', 'rejected', 'rejected', 'quoted'] as const;
    for (const status of statuses) await createPrototype(t.db.prisma, seller.id, { status });
    expect(await caller.admin.counters()).toEqual({
      totalPrototypes: 8,
      pendingReview: 2,
      approved: 1,
      rejected: 3,
      totalUsers: 3,
      activeUsers: 2,
      overdue: 0,
    });
  });
});

describe('prototype list', () => {
  it('pages forwards and backwards with cursors, newest first, without gaps or repeats', async () => {
    const { caller } = await adminCaller();
    const seller = await createUser(t.db.prisma);
    const rows = await manyPrototypes(seller.id, 7);
    const expected = rows.map((r) => r.id).reverse();
    const p1 = await caller.admin.prototypes({ limit: 3 });
    expect(p1.items.map((p) => p.id)).toEqual(expected.slice(0, 3));
    expect(p1.prevCursor).toBeNull();
    const p2 = await caller.admin.prototypes({ limit: 3, cursor: p1.nextCursor! });
    expect(p2.items.map((p) => p.id)).toEqual(expected.slice(3, 6));
    const p3 = await caller.admin.prototypes({ limit: 3, cursor: p2.nextCursor! });
    expect(p3.items.map((p) => p.id)).toEqual(expected.slice(6));
    expect(p3.nextCursor).toBeNull();
    const back = await caller.admin.prototypes({ limit: 3, cursor: p3.prevCursor!, direction: 'prev' });
    expect(back.items.map((p) => p.id)).toEqual(expected.slice(3, 6));
    const first = await caller.admin.prototypes({ limit: 3, cursor: back.prevCursor!, direction: 'prev' });
    expect(first.items.map((p) => p.id)).toEqual(expected.slice(0, 3));
    expect(first.prevCursor).toBeNull();
    await expect(caller.admin.prototypes({ cursor: 'garbage' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('searches name and inventor, filters status, energy type and priority, sorts by name', async () => {
    const { caller } = await adminCaller();
    const seller = await createUser(t.db.prisma, { firstName: 'Marie', lastName: 'Curie' });
    await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Helios Array', inventorName: 'Ra', energyType: 'solar', priority: 'high' });
    await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Tokamak Mini', inventorName: 'Sakharov', energyType: 'nuclear', status: 'under_review' });
    await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Breeze', inventorName: 'Helio Costa', energyType: 'natural', priority: 'low' });
    const names = async (input: Parameters<typeof caller.admin.prototypes>[0]) => (await caller.admin.prototypes(input)).items.map((p) => p.prototypeName);
    expect(await names({ search: 'helio', sort: 'name' })).toEqual(['Breeze', 'Helios Array']);
    expect(await names({ status: 'under_review' })).toEqual(['Tokamak Mini']);
    expect(await names({ energyType: 'solar' })).toEqual(['Helios Array']);
    expect(await names({ priority: 'low' })).toEqual(['Breeze']);
    expect(await names({ sort: 'name' })).toEqual(['Breeze', 'Helios Array', 'Tokamak Mini']);
    const item = (await caller.admin.prototypes({ search: 'tokamak' })).items[0]!;
    expect(item).toMatchObject({ sellerName: 'Marie Curie', sellerEmail: seller.email, documents: [], sellerResponse: null });
    expect(item).not.toHaveProperty('seller');
  });

  it('REST: a JSON array newest first, limit/cursor, Link rel="next" until the last page', async () => {
    const seller = await createUser(t.db.prisma);
    const rows = await manyPrototypes(seller.id, 5);
    const admin = await createAdmin(t.db.prisma);
    const client = await signedInClient(t.db, admin);
    const all = await client.request('GET', '/api/admin/prototypes');
    expect(Array.isArray(all.json)).toBe(true);
    expect(all.json.map((p: { id: number }) => p.id)).toEqual(rows.map((r) => r.id).reverse());
    expect(all.headers.get('link')).toBeNull();
    const first = await client.request('GET', '/api/admin/prototypes?limit=2');
    expect(first.json).toHaveLength(2);
    const link = first.headers.get('link')!;
    expect(link).toMatch(/^<\/api\/admin\/prototypes\?limit=2&cursor=[\w-]+>; rel="next"$/);
    const nextUrl = link.slice(1, link.indexOf('>'));
    const second = await client.request('GET', nextUrl);
    expect(second.json.map((p: { id: number }) => p.id)).toEqual([rows[2]!.id, rows[1]!.id]);
    const third = await client.request('GET', second.headers.get('link')!.slice(1, second.headers.get('link')!.indexOf('>')));
    expect(third.json.map((p: { id: number }) => p.id)).toEqual([rows[0]!.id]);
    expect(third.headers.get('link')).toBeNull();
    expect((await client.request('GET', '/api/admin/prototypes?limit=0')).status).toBe(400);
    expect((await client.request('GET', '/api/admin/prototypes?cursor=%%%')).status).toBe(400);
  });
});

describe('user list', () => {
  it('searches, filters role and status, never returns secrets; REST is an array with Link', async () => {
    const { admin, caller } = await adminCaller();
    await createUser(t.db.prisma, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', bankAccountInfo: 'IBAN-SECRET' });
    await createUser(t.db.prisma, { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.test', status: 'banned', banReason: 'x' });
    expect((await caller.admin.users({ search: 'ada love' })).items.map((u) => u.email)).toEqual(['ada@example.test']);
    expect((await caller.admin.users({ status: 'banned' })).items.map((u) => u.email)).toEqual(['alan@example.test']);
    expect((await caller.admin.users({ role: 'admin' })).items.map((u) => u.id)).toEqual([admin.id]);
    const client = await signedInClient(t.db, admin);
    const res = await client.request('GET', '/api/admin/users?limit=2');
    expect(res.json).toHaveLength(2);
    expect(res.headers.get('link')).toContain('rel="next"');
    expect(res.text).not.toContain('IBAN-SECRET');
    expect(res.text).not.toContain('argon2');
  });
});

describe('activity log', () => {
  it('records sign-in, sign-out and failed sign-in; filters by user and action; exports CSV', async () => {
    const { caller } = await adminCaller();
    const seller = await createUser(t.db.prisma, { email: 'watch@example.test' });
    const client = restClient(t.db);
    await client.request('POST', '/api/login', { email: seller.email, password: 'wrong-password' });
    await client.request('POST', '/api/login', { email: seller.email, password: DEFAULT_PASSWORD });
    await client.request('POST', '/api/logout');
    const mine = await caller.admin.activity({ user: 'watch@' });
    expect(mine.items.map((a) => a.action)).toEqual(['auth.logout', 'auth.login', 'auth.login_failed']);
    expect(mine.items[0]).toMatchObject({ actorEmail: 'watch@example.test', ipAddress: '198.51.100.7' });
    expect((await caller.admin.activity({ action: 'auth.login' })).items).toHaveLength(1);
    expect((await caller.admin.activity({ user: seller.id })).items).toHaveLength(3);
    expect(await caller.admin.activityActions()).toEqual(['auth.login', 'auth.login_failed', 'auth.logout']);
    const csv = await caller.admin.exportActivityCsv({ user: 'watch@' });
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('id,createdAt,actorEmail,actorId,action,targetType,targetId,details,ipAddress,userAgent');
    expect(lines).toHaveLength(4);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.export.activity' } })).toBe(1);
  });

  it('exports the filtered prototype list as CSV with formula injection neutralised', async () => {
    const { caller } = await adminCaller();
    const seller = await createUser(t.db.prisma, { firstName: '=HYPERLINK("http://evil")', lastName: null });
    await createPrototype(t.db.prisma, seller.id, { prototypeName: '@SUM(A1:A9)', inventorName: 'Smith, "Jr"\nII', energyType: 'quantum' });
    await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Other', energyType: 'solar' });
    const csv = await caller.admin.exportPrototypesCsv({ energyType: 'quantum' });
    const lines = csv.split('\r\n');
    expect(lines[0]).toMatch(/^id,prototypeName,inventorName,sellerName,/);
    expect(csv).toContain(`,'@SUM(A1:A9),"Smith, ""Jr""\nII","'=HYPERLINK(""http://evil"")",`);
    expect(csv).not.toContain('Other');
  });

  it('the audited CSV exports are POSTs: a cross-site link (GET) or form (POST) writes no audit row; the site itself gets the file (issue 30, point 7)', async () => {
    const admin = await signedInClient(t.db, 'admin');
    const seller = await signedInClient(t.db, 'user');
    const exports = [
      { client: admin, path: 'admin.exportPrototypesCsv', action: 'admin.export.prototypes' },
      { client: admin, path: 'admin.exportActivityCsv', action: 'admin.export.activity' },
      { client: admin, path: 'ledger.adminCsv', action: 'admin.export.ledger' },
      { client: seller, path: 'ledger.mineCsv', action: 'ledger.export' },
    ];
    for (const { client, path, action } of exports) {
      // A top-level navigation from another site carries the SameSite=Lax cookie, but only as a GET.
      const linked = await client.app.request(`http://localhost/trpc/${path}?input=${encodeURIComponent('{"json":{}}')}`, {
        headers: { cookie: client.cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      });
      expect(linked.status, path).toBe(405);
      const posted = await client.app.request(`http://localhost/trpc/${path}`, {
        method: 'POST',
        headers: { cookie: client.cookie, 'content-type': 'application/json', origin: 'https://elsewhere.example' },
        body: '{"json":{}}',
      });
      expect(posted.status, path).toBe(403);
      expect(await t.db.prisma.userActivityLog.count({ where: { action } }), path).toBe(0);
      const own = await client.app.request(`http://localhost/trpc/${path}`, {
        method: 'POST',
        headers: { cookie: client.cookie, 'content-type': 'application/json', origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
        body: '{"json":{}}',
      });
      expect(own.status, path).toBe(200);
      expect(((await own.json()) as { result: { data: { json: string } } }).result.data.json, path).toMatch(/^\w+,/);
      expect(await t.db.prisma.userActivityLog.count({ where: { action } }), path).toBe(1);
    }
  });

  it('writes names and amounts in the CSV the one way: a nameless seller by e-mail, quotes with cents', async () => {
    const { caller } = await adminCaller();
    const seller = await createUser(t.db.prisma, { firstName: null, lastName: null, email: 'nameless@example.test' });
    await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Priced', atomixQuote: '48000.5', status: 'quoted' });
    const [header, row] = (await caller.admin.exportPrototypesCsv({ search: 'Priced' })).split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((name, i) => [name, row!.split(',')[i]]));
    expect(cells).toMatchObject({ sellerName: 'nameless@example.test', sellerEmail: 'nameless@example.test', atomixQuote: '48000.50', finalAmount: '' });
  });
});

describe('csv cells', () => {
  it('quotes, doubles quotes and prefixes formula starters in text only', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\r\nbreak')).toBe('"line\r\nbreak"');
    for (const s of ['=1+1', '+1', '-1+1', '-cmd|x', '@A1', '\tx']) expect(csvCell(s).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('-900.00')).toBe('-900.00'); // a plain negative amount is a number, not a formula
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });
});
