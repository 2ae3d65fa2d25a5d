// POST /api/messages: a seller writes to the team about one of their prototypes (issue 17 point 3:
// a rejected seller can answer). Only about their own prototype; the thread lands in the admin inbox.
import { describe, expect, it } from 'vitest';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, restClient, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();

describe('POST /api/messages', () => {
  it('a seller writes about their rejected prototype: a thread in the admin inbox, linked to it, every admin notified', async () => {
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma, { firstName: 'Rita', lastName: 'Rejected' });
    const prototype = await createPrototype(t.db.prisma, seller.id, { status: 'rejected', prototypeName: 'Cold Cell' });
    const client = await signedInClient(t.db, seller);

    const res = await client.request('POST', '/api/messages', { prototypeId: prototype.id, subject: 'About the rejection', message: 'We have new data.' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ subject: 'About the rejection', messageType: 'user_to_admin', from: 'You', aboutPrototype: { id: prototype.id } });

    const inbox = await (await callerAs(t.db, admin.id)).messages.inbox({ filter: 'replied' });
    const thread = inbox.find((row) => row.id === res.json.id);
    expect(thread).toMatchObject({ subject: 'About the rejection', aboutPrototype: { id: prototype.id, prototypeName: 'Cold Cell' }, unreadCount: 1 });
    const notice = await t.db.prisma.notification.findFirst({ where: { userId: admin.id, type: 'message_reply', prototypeId: prototype.id } });
    expect(notice?.actionUrl).toBe(`/admin-inbox?thread=${res.json.id}`);
  });

  it("another seller's prototype or an unknown one is 404; a guest 401; bad input 400", async () => {
    const owner = await createUser(t.db.prisma);
    const other = await createUser(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, owner.id);
    const client = await signedInClient(t.db, other);
    const body = { prototypeId: prototype.id, subject: 'Hello', message: 'Hi' };
    expect(await client.request('POST', '/api/messages', body)).toMatchObject({ status: 404, json: { message: 'Prototype not found' } });
    expect((await client.request('POST', '/api/messages', { ...body, prototypeId: 2_000_000_000 })).status).toBe(404);
    expect((await restClient(t.db).request('POST', '/api/messages', body)).status).toBe(401);
    const empty = await client.request('POST', '/api/messages', { ...body, message: '  ' });
    expect(empty).toMatchObject({ status: 400, json: { message: expect.stringContaining('Message is required') } });
    expect(await t.db.prisma.adminMessage.count({ where: { prototypeId: prototype.id } })).toBe(0);
  });
});
