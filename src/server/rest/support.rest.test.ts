// Support tickets over REST (issue 15, point 4): the role/ownership/state matrix of every path,
// reopen on the user's reply, the resolution rule, the queue's filters and oldest-unanswered age,
// notifications and e-mails, the audit rows, and 30 replies at once.
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '../test/factories.ts';
import { restClient, type RestClient, setTestServices, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

let now = new Date('2026-11-20T10:00:00.000Z');
function useClock(start: string) {
  now = new Date(start);
  setTestServices({ clock: { now: () => now } });
}
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};

async function setUp() {
  const admin = await createAdmin(t.db.prisma, { firstName: 'Dana', lastName: 'Kowalski' });
  const seller = await createUser(t.db.prisma, { firstName: 'Sam', lastName: 'Seller' });
  return { admin, seller, adminClient: await signedInClient(t.db, admin), sellerClient: await signedInClient(t.db, seller) };
}

const TICKET = { category: 'payout', subject: 'Payout missing', description: 'My payout for the Tidal Kite has not arrived.' };
const open = (client: RestClient, body: unknown = TICKET) => client.request('POST', '/api/support/tickets', body);
const reply = (client: RestClient, id: number | string, body: unknown = { body: 'Any news?' }) =>
  client.request('POST', `/api/support/tickets/${id}/messages`, body);
const patch = (client: RestClient, id: number | string, body: unknown) => client.request('PATCH', `/api/admin/support/tickets/${id}`, body);
const ticketRow = (id: number) => t.db.prisma.supportTicket.findUniqueOrThrow({ where: { id } });

describe('POST /api/support/tickets', () => {
  it('201: open, priority medium by default, lastUpdated and awaitingReplySince now; admins notified and e-mailed with a link; audited', async () => {
    useClock('2026-11-20T10:00:00.000Z');
    const { admin, seller, sellerClient } = await setUp();
    const res = await open(sellerClient, { ...TICKET, subject: '  Payout missing  ' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      ...TICKET,
      status: 'open',
      priority: 'medium',
      resolution: null,
      messageCount: 0,
      createdAt: now.toISOString(),
      lastUpdated: now.toISOString(),
    });
    const row = await ticketRow(res.json.id);
    expect(row).toMatchObject({ userId: seller.id, awaitingReplySince: now, assignedAdminId: null });
    const notification = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: admin.id } });
    expect(notification).toMatchObject({ type: 'ticket_reply', actionUrl: `/admin/support/${res.json.id}` });
    const email = await t.db.prisma.emailMessage.findFirstOrThrow({ where: { userId: admin.id } });
    expect(email.textBody).toContain(`/admin/support/${res.json.id}`);
    const audit = await t.db.prisma.userActivityLog.findFirstOrThrow({ where: { action: 'ticket.open' } });
    expect(audit).toMatchObject({ userId: seller.id, targetType: 'support_ticket', targetId: String(res.json.id) });
    expect((await open(sellerClient, { ...TICKET, priority: 'high' })).json.priority).toBe('high');
  });

  it('401 guest, 403 without tickets.open, 400 appeal / unknown category / empty / overlong / NUL / bad priority', async () => {
    const { seller, admin, sellerClient } = await setUp();
    expect((await open(restClient(t.db))).status).toBe(401);
    const appeal = await open(sellerClient, { ...TICKET, category: 'appeal' });
    expect(appeal.status).toBe(400);
    expect(appeal.json.message).toContain('Appeals are sent from the appeal form');
    expect((await open(sellerClient, { ...TICKET, category: 'billing' })).json.message).toContain('Choose a category');
    expect((await open(sellerClient, { ...TICKET, subject: '  ' })).json.message).toContain('Subject is required');
    expect((await open(sellerClient, { ...TICKET, subject: 'x'.repeat(201) })).json.message).toContain('at most 200');
    expect((await open(sellerClient, { ...TICKET, description: 'x'.repeat(5001) })).status).toBe(400);
    expect((await open(sellerClient, { ...TICKET, description: 'a\u0000b' })).status).toBe(400);
    expect((await open(sellerClient, { ...TICKET, priority: 'urgent' })).status).toBe(400);
    expect((await open(sellerClient, [])).status).toBe(400);
    expect((await sellerClient.request('POST', '/api/support/tickets', '{oops')).status).toBe(400);
    expect(await t.db.prisma.supportTicket.count()).toBe(0);
    // A revoked capability: 403 naming it and until when; the list too.
    await t.db.prisma.userPermission.create({
      data: { userId: seller.id, permission: 'tickets.open', granted: false, grantedBy: admin.id, reason: 'Spam', expiresAt: new Date('2099-01-01T00:00:00Z') },
    });
    const refused = await open(sellerClient);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toContain('"tickets.open" permission until 2099-01-01');
    expect((await sellerClient.request('GET', '/api/support/tickets')).status).toBe(403);
  });
});

describe('GET /api/support/tickets and /api/support/tickets/:id', () => {
  it('lists only the caller’s tickets; a ticket with its messages; 404 not yours or unknown, 401 guest', async () => {
    useClock('2026-11-20T10:00:00.000Z');
    const { sellerClient, adminClient } = await setUp();
    const other = await createUser(t.db.prisma);
    const otherClient = await signedInClient(t.db, other);
    const mine = (await open(sellerClient)).json;
    later(5);
    const theirs = (await open(otherClient, { ...TICKET, subject: 'Theirs' })).json;
    later(5);
    expect((await reply(adminClient, mine.id, { body: 'We are checking with the bank.' })).status).toBe(201);

    const list = await sellerClient.request('GET', '/api/support/tickets');
    expect(list.status).toBe(200);
    expect(list.json.map((x: { id: number }) => x.id)).toEqual([mine.id]);
    expect(list.json[0]).toMatchObject({ messageCount: 1, lastUpdated: now.toISOString() });

    const detail = await sellerClient.request('GET', `/api/support/tickets/${mine.id}`);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({
      description: TICKET.description,
      messages: [{ body: 'We are checking with the bank.', fromAdmin: true, author: 'Atomix Energy support', mine: false }],
    });
    expect(detail.json).not.toHaveProperty('user');
    expect((await sellerClient.request('GET', `/api/support/tickets/${theirs.id}`)).status).toBe(404);
    expect((await sellerClient.request('GET', '/api/support/tickets/999999')).status).toBe(404);
    expect((await sellerClient.request('GET', '/api/support/tickets/abc')).status).toBe(404);
    expect((await restClient(t.db).request('GET', `/api/support/tickets/${mine.id}`)).status).toBe(401);
    expect((await restClient(t.db).request('GET', '/api/support/tickets')).status).toBe(401);
    // An admin reads anyone's ticket, with the admin fields and the author's name.
    const asAdmin = await adminClient.request('GET', `/api/support/tickets/${mine.id}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json).toMatchObject({ user: { name: 'Sam Seller' }, messages: [{ author: 'You', mine: true }] });
  });
});

describe('POST /api/support/tickets/:id/messages', () => {
  it('the user’s reply reopens a waiting or resolved ticket; the admin’s answer clears awaitingReplySince; each side notified; 409 closed', async () => {
    useClock('2026-11-20T10:00:00.000Z');
    const { admin, seller, sellerClient, adminClient } = await setUp();
    const ticket = (await open(sellerClient)).json;
    const opened = now;
    later(30);
    // The user's second word keeps the oldest unanswered time.
    expect((await reply(sellerClient, ticket.id)).status).toBe(201);
    expect((await ticketRow(ticket.id)).awaitingReplySince).toEqual(opened);

    later(30);
    const answer = await reply(adminClient, ticket.id, { body: 'Could you send the transfer reference?' });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ fromAdmin: true, author: 'You', mine: true });
    expect(await ticketRow(ticket.id)).toMatchObject({ awaitingReplySince: null, lastUpdated: now, status: 'open' });
    const told = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id, type: 'ticket_reply' } });
    expect(told.actionUrl).toBe(`/support/${ticket.id}`);
    const mail = await t.db.prisma.emailMessage.findFirstOrThrow({ where: { userId: seller.id, template: 'ticket_reply' } });
    expect(mail.textBody).toContain('Could you send the transfer reference?');
    expect(mail.textBody).toContain(`/support/${ticket.id}`);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.ticket.reply', userId: admin.id } })).toBe(1);

    expect((await patch(adminClient, ticket.id, { status: 'waiting_on_user' })).status).toBe(200);
    later(10);
    expect((await reply(sellerClient, ticket.id, { body: 'REF-123' })).status).toBe(201);
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'open', awaitingReplySince: now, lastUpdated: now });
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'ticket.reply', userId: seller.id } })).toBe(2);

    expect((await patch(adminClient, ticket.id, { status: 'resolved', resolution: 'Paid again on 21 Nov.' })).status).toBe(200);
    expect((await reply(sellerClient, ticket.id, { body: 'Not arrived' })).status).toBe(201);
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'open', resolvedAt: null });

    expect((await patch(adminClient, ticket.id, { status: 'closed' })).status).toBe(200);
    const closed = await reply(sellerClient, ticket.id, { body: 'Hello?' });
    expect(closed.status).toBe(409);
    expect(closed.json.message).toContain('open a new ticket');
    expect((await reply(adminClient, ticket.id)).status).toBe(409);
  });

  it('401 guest, 404 not yours / unknown, 400 empty / overlong / NUL, 403 without tickets.open', async () => {
    const { seller, admin, sellerClient } = await setUp();
    const other = await createUser(t.db.prisma);
    const theirs = (await open(await signedInClient(t.db, other))).json;
    const mine = (await open(sellerClient)).json;
    expect((await reply(restClient(t.db), mine.id)).status).toBe(401);
    expect((await reply(sellerClient, theirs.id)).status).toBe(404);
    expect((await reply(sellerClient, 999_999)).status).toBe(404);
    expect((await reply(sellerClient, mine.id, { body: ' ' })).json.message).toContain('Message is required');
    expect((await reply(sellerClient, mine.id, { body: 'x'.repeat(5001) })).status).toBe(400);
    expect((await reply(sellerClient, mine.id, { body: 'a\u0000' })).status).toBe(400);
    expect((await reply(sellerClient, mine.id, {})).status).toBe(400);
    await t.db.prisma.userPermission.create({ data: { userId: seller.id, permission: 'tickets.open', granted: false, grantedBy: admin.id } });
    expect((await reply(sellerClient, mine.id)).status).toBe(403);
    expect(await t.db.prisma.supportTicketMessage.count()).toBe(0);
  });

  it('30 replies at once: all stored, the ticket open once, awaitingReplySince the first word, lastUpdated the latest', { tags: ['engine'] }, async () => {
    useClock('2026-11-20T10:00:00.000Z');
    const { sellerClient, adminClient } = await setUp();
    const ticket = (await open(sellerClient)).json;
    await reply(adminClient, ticket.id, { body: 'Which prototype?' });
    await patch(adminClient, ticket.id, { status: 'waiting_on_user' });
    later(1);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => reply(sellerClient, ticket.id, { body: `Reply ${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect(await t.db.prisma.supportTicketMessage.count({ where: { ticketId: ticket.id, fromAdmin: false } })).toBe(30);
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'open', awaitingReplySince: now, lastUpdated: now });
    const reopenings = await t.db.prisma.userActivityLog.findMany({ where: { action: 'ticket.reply' }, select: { details: true } });
    expect(reopenings.filter((r) => (r.details as { to?: string }).to === 'open')).toHaveLength(1);
  });
  it('replies racing a close: each reply lands before it (201) or is refused after it (409), never lost or half-applied', async () => {
    const { sellerClient, adminClient } = await setUp();
    const ticket = (await open(sellerClient)).json;
    const replies = Array.from({ length: 20 }, (_, i) => reply(sellerClient, ticket.id, { body: `Reply ${i}` }));
    const close = patch(adminClient, ticket.id, { status: 'closed' });
    const results = await Promise.all(replies);
    expect((await close).status).toBe(200);
    for (const r of results) expect([201, 409]).toContain(r.status);
    const accepted = results.filter((r) => r.status === 201).length;
    expect(await t.db.prisma.supportTicketMessage.count({ where: { ticketId: ticket.id } })).toBe(accepted);
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'closed', awaitingReplySince: null });
  });
});

describe('PATCH /api/admin/support/tickets/:id', () => {
  it('status, assignee, priority and resolution; resolving needs a resolution; the user is notified of status changes; audited', async () => {
    useClock('2026-11-20T10:00:00.000Z');
    const { admin, seller, sellerClient, adminClient } = await setUp();
    const other = await createAdmin(t.db.prisma, { firstName: 'Lee', lastName: 'Ortiz' });
    const ticket = (await open(sellerClient)).json;
    later(60);
    const res = await patch(adminClient, ticket.id, { status: 'in_progress', assignedAdminId: other.id, priority: 'high' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'in_progress', priority: 'high', assignee: { id: other.id, name: 'Lee Ortiz' }, lastUpdated: now.toISOString() });
    const told = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id, type: 'ticket_status_changed' } });
    expect(told).toMatchObject({ actionUrl: `/support/${ticket.id}` });
    expect(told.title).toContain('in progress');

    const noResolution = await patch(adminClient, ticket.id, { status: 'resolved' });
    expect(noResolution.status).toBe(400);
    expect(noResolution.json.message).toBe('A resolution is required to resolve a ticket');
    expect((await patch(adminClient, ticket.id, { status: 'resolved', resolution: '   ' })).status).toBe(400);
    expect((await patch(adminClient, ticket.id, { resolution: 'Too early' })).status).toBe(400);
    expect((await ticketRow(ticket.id)).status).toBe('in_progress');

    later(1);
    const resolved = await patch(adminClient, ticket.id, { status: 'resolved', resolution: 'The payout was re-sent.' });
    expect(resolved.status).toBe(200);
    expect(resolved.json).toMatchObject({ status: 'resolved', resolution: 'The payout was re-sent.', resolvedAt: now.toISOString(), awaitingReplySince: null });
    const mail = await t.db.prisma.emailMessage.findFirstOrThrow({ where: { userId: seller.id, template: 'ticket_status_changed' }, orderBy: { id: 'desc' } });
    expect(mail.textBody).toContain('The payout was re-sent.');
    // Priority alone on a resolved ticket keeps its resolution; no status notification.
    const before = await t.db.prisma.notification.count({ where: { userId: seller.id } });
    expect((await patch(adminClient, ticket.id, { priority: 'low' })).json).toMatchObject({ resolution: 'The payout was re-sent.', priority: 'low' });
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id } })).toBe(before);
    // Unassign; reopen clears the resolution.
    expect((await patch(adminClient, ticket.id, { assignedAdminId: null })).json.assignee).toBeNull();
    expect((await patch(adminClient, ticket.id, { status: 'open' })).json).toMatchObject({ status: 'open', resolution: null, resolvedAt: null });
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.ticket.update', userId: admin.id } })).toBe(5);
  });

  it('401 guest, 403 seller, 404 unknown, 400 empty body / non-admin assignee / bad status, 409 closed', async () => {
    const { seller, sellerClient, adminClient } = await setUp();
    const ticket = (await open(sellerClient)).json;
    expect((await patch(restClient(t.db), ticket.id, { status: 'in_progress' })).status).toBe(401);
    expect((await patch(sellerClient, ticket.id, { status: 'in_progress' })).status).toBe(403);
    expect((await patch(adminClient, 999_999, { status: 'in_progress' })).status).toBe(404);
    const empty = await patch(adminClient, ticket.id, {});
    expect(empty.status).toBe(400);
    expect(empty.json.message).toContain('Nothing to change');
    const notAdmin = await patch(adminClient, ticket.id, { assignedAdminId: seller.id });
    expect(notAdmin.status).toBe(400);
    expect(notAdmin.json.message).toBe('The assignee must be an administrator');
    expect((await patch(adminClient, ticket.id, { assignedAdminId: '00000000-0000-4000-8000-000000000000' })).status).toBe(400);
    expect((await patch(adminClient, ticket.id, { assignedAdminId: 'nobody' })).status).toBe(400);
    expect((await patch(adminClient, ticket.id, { status: 'done' })).status).toBe(400);
    expect((await patch(adminClient, ticket.id, { status: 'closed' })).status).toBe(200);
    const again = await patch(adminClient, ticket.id, { status: 'open' });
    expect(again.status).toBe(409);
    expect((await patch(adminClient, ticket.id, { priority: 'high' })).status).toBe(409);
  });

  it('an appeal ticket is resolved only through its decision (409 until then)', async () => {
    const { seller, adminClient } = await setUp();
    const appeal = await t.db.prisma.supportTicket.create({
      data: { userId: seller.id, category: 'appeal', subject: 'Appeal', description: 'Please reconsider', measureType: 'warning', measureId: 1 },
    });
    expect((await patch(adminClient, appeal.id, { status: 'resolved', resolution: 'Upheld' })).status).toBe(409);
    expect((await patch(adminClient, appeal.id, { status: 'in_progress' })).status).toBe(200);
    const listed = await adminClient.request('GET', '/api/admin/support/tickets?category=appeal');
    expect(listed.json).toMatchObject([{ id: appeal.id, category: 'appeal', measureType: 'warning', measureId: 1 }]);
  });
});

describe('GET /api/admin/support/tickets', () => {
  it('longest waiting first; filters by status, category, priority, assignee (me, unassigned, an id); pages with Link; 401/403/400', async () => {
    useClock('2026-11-20T10:00:00.000Z');
    const { admin, sellerClient, adminClient } = await setUp();
    const lee = await createAdmin(t.db.prisma);
    const a = (await open(sellerClient, { ...TICKET, subject: 'A' })).json;
    later(10);
    const b = (await open(sellerClient, { ...TICKET, subject: 'B', category: 'technical', priority: 'high' })).json;
    later(10);
    const c = (await open(sellerClient, { ...TICKET, subject: 'C' })).json;
    await patch(adminClient, a.id, { assignedAdminId: admin.id });
    await patch(adminClient, b.id, { assignedAdminId: lee.id });
    later(10);
    await reply(adminClient, a.id, { body: 'Answered' });

    const ids = async (query = '') => (await adminClient.request('GET', `/api/admin/support/tickets${query}`)).json.map((x: { id: number }) => x.id);
    expect(await ids()).toEqual([b.id, c.id, a.id]);
    expect(await ids('?category=technical')).toEqual([b.id]);
    expect(await ids('?priority=high')).toEqual([b.id]);
    expect(await ids('?assignee=me')).toEqual([a.id]);
    expect(await ids('?assignee=unassigned')).toEqual([c.id]);
    expect(await ids(`?assignee=${lee.id}`)).toEqual([b.id]);
    await patch(adminClient, c.id, { status: 'closed' });
    expect(await ids('?status=closed')).toEqual([c.id]);
    expect(await ids('?status=active')).toEqual([b.id, a.id]);

    // Nobody waits on closed c or answered a: after b, by id.
    const first = await adminClient.request('GET', '/api/admin/support/tickets?limit=2');
    expect(first.json.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    const link = first.headers.get('link');
    expect(link).toMatch(/rel="next"/);
    const next = link!.slice(1, link!.indexOf('>'));
    expect((await adminClient.request('GET', next)).json.map((x: { id: number }) => x.id)).toEqual([c.id]);

    expect((await restClient(t.db).request('GET', '/api/admin/support/tickets')).status).toBe(401);
    expect((await sellerClient.request('GET', '/api/admin/support/tickets')).status).toBe(403);
    expect((await adminClient.request('GET', '/api/admin/support/tickets?status=nope')).status).toBe(400);
    expect((await adminClient.request('GET', '/api/admin/support/tickets?assignee=someone')).status).toBe(400);
    expect((await adminClient.request('GET', '/api/admin/support/tickets?cursor=garbage')).status).toBe(400);
  });
});
