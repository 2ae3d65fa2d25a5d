// Messages between sellers and the admin team: participants-only access on every path (tRPC and
// REST), read marking, thread order, replies from both sides with their notifications, the admin
// inbox (unread first), threads started from a prototype, and contact messages marked handled.
import { describe, expect, it } from 'vitest';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, restClient, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();

async function setup() {
  const admin = await createAdmin(t.db.prisma, { firstName: 'Ada', lastName: 'Admin' });
  const otherAdmin = await createAdmin(t.db.prisma, { firstName: 'Otto' });
  const seller = await createUser(t.db.prisma, { firstName: 'Sam', lastName: 'Seller' });
  const stranger = await createUser(t.db.prisma, { firstName: 'Stan' });
  const asAdmin = await callerAs(t.db, admin.id);
  const root = await asAdmin.messages.start({ userId: seller.id, subject: 'Your prototype', content: 'Could you send the test data?' });
  return { admin, otherAdmin, seller, stranger, asAdmin, root };
}

describe('participants only', () => {
  it('a user outside the thread gets 404 on every message path (REST)', async () => {
    const { stranger, root } = await setup();
    const client = await signedInClient(t.db, stranger);
    expect((await client.request('GET', '/api/messages')).json).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/api/messages/${root.id}/thread`, undefined],
      ['PATCH', `/api/messages/${root.id}/read`, undefined],
      ['POST', '/api/messages/reply', { subject: 'Re', message: 'hi', parentMessageId: root.id }],
    ] as const) {
      const res = await client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json).toEqual({ message: 'Message not found' });
    }
    expect(await t.db.prisma.adminMessage.count()).toBe(1);
    expect((await t.db.prisma.adminMessage.findUniqueOrThrow({ where: { id: root.id } })).isRead).toBe(false);
  });

  it('guests get 401 on every message path', async () => {
    const { root } = await setup();
    const guest = restClient(t.db);
    for (const [method, path] of [
      ['GET', '/api/messages'],
      ['GET', `/api/messages/${root.id}/thread`],
      ['PATCH', `/api/messages/${root.id}/read`],
      ['POST', '/api/messages/reply'],
    ] as const) {
      expect((await guest.request(method, path, method === 'POST' ? { subject: 'a', message: 'b', parentMessageId: root.id } : undefined)).status).toBe(401);
    }
  });

  it('unknown ids are 404 and bad input is 400 with the validation words', async () => {
    const { seller } = await setup();
    const client = await signedInClient(t.db, seller);
    expect((await client.request('GET', '/api/messages/999999/thread')).status).toBe(404);
    const bad = await client.request('POST', '/api/messages/reply', { subject: ' ', message: '', parentMessageId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('subject: Subject is required');
  });

  it('a stranger cannot reach the thread through a reply id either (tRPC)', async () => {
    const { seller, stranger, root } = await setup();
    const reply = await (await callerAs(t.db, seller.id)).messages.reply({ subject: 'Re', message: 'Here', parentMessageId: root.id });
    const asStranger = await callerAs(t.db, stranger.id);
    await expect(asStranger.messages.thread({ id: reply.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asStranger.messages.reply({ subject: 'x', message: 'y', parentMessageId: reply.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asStranger.messages.markRead({ id: reply.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('any admin can pick up a thread; admin-only procedures are refused to sellers', async () => {
    const { otherAdmin, seller, root } = await setup();
    const asOther = await callerAs(t.db, otherAdmin.id);
    expect((await asOther.messages.thread({ id: root.id })).map((m) => m.id)).toEqual([root.id]);
    const answer = await asOther.messages.reply({ subject: 'Re: Your prototype', message: 'Following up', parentMessageId: root.id });
    expect(answer).toMatchObject({ messageType: 'admin_to_user', parentMessageId: root.id, mine: true });
    const asSeller = await callerAs(t.db, seller.id);
    await expect(asSeller.messages.inbox({ filter: 'all' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asSeller.messages.start({ userId: seller.id, subject: 's', content: 'c' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asSeller.messages.contacts({ filter: 'all' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the seller side', () => {
  it('GET /api/messages lists the messages received, newest first, with the spec fields', async () => {
    const { seller, asAdmin, root } = await setup();
    const second = await asAdmin.messages.start({ userId: seller.id, subject: 'Second', content: 'Another' });
    const client = await signedInClient(t.db, seller);
    const res = await client.request('GET', '/api/messages');
    expect(res.status).toBe(200);
    expect(res.json.map((m: { id: number }) => m.id)).toEqual([second.id, root.id]);
    expect(res.json[1]).toMatchObject({
      id: root.id,
      subject: 'Your prototype',
      message: 'Could you send the test data?',
      isRead: false,
      messageType: 'admin_to_user',
      parentMessageId: null,
      from: 'Atomix Energy team',
    });
    expect(typeof res.json[1].createdAt).toBe('string');
  });

  it('PATCH /api/messages/{id}/read marks it read; a seller cannot mark their own reply read for the admins', async () => {
    const { seller, root } = await setup();
    const client = await signedInClient(t.db, seller);
    const res = await client.request('PATCH', `/api/messages/${root.id}/read`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: root.id, isRead: true });
    const reply = await client.request('POST', '/api/messages/reply', { subject: 'Re', message: 'Data attached', parentMessageId: root.id });
    await client.request('PATCH', `/api/messages/${reply.json.id}/read`);
    expect((await t.db.prisma.adminMessage.findUniqueOrThrow({ where: { id: reply.json.id } })).isRead).toBe(false);
  });

  it('POST /api/messages/reply stores user_to_admin in the thread (201) and notifies every admin', async () => {
    const { admin, otherAdmin, seller, root } = await setup();
    const client = await signedInClient(t.db, seller);
    const res = await client.request('POST', '/api/messages/reply', { subject: 'Re: Your prototype', message: 'Data attached', parentMessageId: root.id });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      subject: 'Re: Your prototype',
      message: 'Data attached',
      messageType: 'user_to_admin',
      parentMessageId: root.id,
      isRead: false,
      from: 'You',
    });
    const row = await t.db.prisma.adminMessage.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(row).toMatchObject({ userId: seller.id, adminId: admin.id, messageType: 'user_to_admin' });
    const notes = await t.db.prisma.notification.findMany({ where: { type: 'message_reply' }, orderBy: { userId: 'asc' } });
    expect(notes.map((n) => n.userId).sort()).toEqual([admin.id, otherAdmin.id].sort());
    expect(notes[0]).toMatchObject({ title: 'New reply from Sam Seller', message: 'Re: Your prototype', actionUrl: `/admin-inbox?thread=${root.id}` });
  });

  it('replying to a reply stays in the same thread; the thread is in order, oldest first', async () => {
    const { seller, asAdmin, root } = await setup();
    const asSeller = await callerAs(t.db, seller.id);
    const r1 = await asSeller.messages.reply({ subject: 'Re 1', message: 'one', parentMessageId: root.id });
    const r2 = await asAdmin.messages.reply({ subject: 'Re 2', message: 'two', parentMessageId: r1.id });
    const r3 = await asSeller.messages.reply({ subject: 'Re 3', message: 'three', parentMessageId: r2.id });
    expect([r1, r2, r3].map((m) => m.parentMessageId)).toEqual([root.id, root.id, root.id]);
    const thread = await asSeller.messages.thread({ id: r2.id });
    expect(thread.map((m) => m.id)).toEqual([root.id, r1.id, r2.id, r3.id]);
    expect(thread.map((m) => m.messageType)).toEqual(['admin_to_user', 'user_to_admin', 'admin_to_user', 'user_to_admin']);
    expect(thread.map((m) => m.from)).toEqual(['Atomix Energy team', 'You', 'Atomix Energy team', 'You']);
    // The admin's reply reached the seller's list and notified them with a link to it.
    expect((await asSeller.messages.list()).map((m) => m.id)).toEqual([r2.id, root.id]);
    const note = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id, actionUrl: `/messages?id=${r2.id}` } });
    expect(note).toMatchObject({ type: 'admin_message', title: 'New message from the admin team', message: 'Re 2' });
  });
});

describe('the admin inbox', () => {
  it('lists threads with sellers replies, unread first, and opening one reads them all', async () => {
    const { admin, asAdmin, seller, root } = await setup();
    const seller2 = await createUser(t.db.prisma, { firstName: 'Zoe' });
    const quiet = await asAdmin.messages.start({ userId: seller2.id, subject: 'No answer yet', content: 'Hello' });
    const other = await asAdmin.messages.start({ userId: seller2.id, subject: 'Answered', content: 'Hello' });
    const asSeller2 = await callerAs(t.db, seller2.id);
    await asSeller2.messages.reply({ subject: 'Re', message: 'old answer', parentMessageId: other.id });
    await asAdmin.messages.markThreadRead({ id: other.id });
    await (await callerAs(t.db, seller.id)).messages.reply({ subject: 'Re', message: 'new answer', parentMessageId: root.id });
    // A later reply, but already read: comes after the unread thread.
    await asSeller2.messages.reply({ subject: 'Re again', message: 'latest', parentMessageId: other.id });
    await asAdmin.messages.markThreadRead({ id: other.id });

    let inbox = await asAdmin.messages.inbox({ filter: 'replied' });
    expect(inbox.map((th) => th.id)).toEqual([root.id, other.id]);
    expect(inbox[0]).toMatchObject({
      unreadCount: 1,
      replyCount: 1,
      messageCount: 2,
      lastMessage: 'new answer',
      lastFromUser: true,
      user: { id: seller.id, name: 'Sam Seller' },
    });
    expect((await asAdmin.messages.inbox({ filter: 'all' })).map((th) => th.id)).toContain(quiet.id);
    expect(await asAdmin.messages.inboxCounts()).toEqual({ unreadReplies: 1, openContacts: 0 });

    expect(await asAdmin.messages.markThreadRead({ id: root.id })).toEqual({ marked: 1 });
    inbox = await asAdmin.messages.inbox({ filter: 'replied' });
    expect(inbox.map((th) => th.id)).toEqual([other.id, root.id]);
    // The admin's own messages stay unread for the seller.
    expect((await t.db.prisma.adminMessage.findUniqueOrThrow({ where: { id: root.id } })).isRead).toBe(false);
    expect(admin.role).toBe('admin');
  });

  it('starts a thread from a prototype: to its seller, linked to it', async () => {
    const { asAdmin, seller } = await setup();
    const prototype = await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Fusion Cell' });
    const started = await asAdmin.messages.start({ prototypeId: prototype.id, subject: 'About Fusion Cell', content: 'Questions' });
    expect(started.aboutPrototype).toEqual({ id: prototype.id, prototypeName: 'Fusion Cell' });
    const row = await t.db.prisma.adminMessage.findUniqueOrThrow({ where: { id: started.id } });
    expect(row).toMatchObject({ userId: seller.id, prototypeId: prototype.id, messageType: 'admin_to_user' });
    const sellerView = (await (await callerAs(t.db, seller.id)).messages.list()).find((m) => m.id === started.id);
    expect(sellerView?.aboutPrototype).toEqual({ id: prototype.id, prototypeName: 'Fusion Cell' });
    const note = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: seller.id, prototypeId: prototype.id } });
    expect(note.type).toBe('admin_message');
    await expect(asAdmin.messages.start({ prototypeId: 999999, subject: 's', content: 'c' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asAdmin.messages.start({ subject: 's', content: 'c' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('POST /api/admin/messages starts a thread the seller can answer, and the admin answers back', async () => {
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const adminClient = await signedInClient(t.db, admin);
    const sent = await adminClient.request('POST', '/api/admin/messages', { userId: seller.id, subject: 'Hello', content: 'Welcome' });
    expect(sent.status).toBe(201);
    const sellerClient = await signedInClient(t.db, seller);
    const reply = await sellerClient.request('POST', '/api/messages/reply', { subject: 'Re: Hello', message: 'Thanks', parentMessageId: sent.json.id });
    expect(reply.status).toBe(201);
    const back = await adminClient.request('POST', '/api/messages/reply', { subject: 'Re: Hello', message: 'You are welcome', parentMessageId: reply.json.id });
    expect(back.status).toBe(201);
    expect(back.json).toMatchObject({ messageType: 'admin_to_user', parentMessageId: sent.json.id });
    const thread = await sellerClient.request('GET', `/api/messages/${sent.json.id}/thread`);
    expect(thread.json.map((m: { message: string }) => m.message)).toEqual(['Welcome', 'Thanks', 'You are welcome']);
  });

  it('contact-form messages are listed and marked handled by an admin', async () => {
    const { admin, asAdmin } = await setup();
    const guest = await callerAs(t.db, null);
    const contact = await guest.contact.submit({ name: 'Ivy Investor', email: 'ivy@example.test', subject: 'investment', message: 'Let us talk.' });
    expect((await asAdmin.messages.contacts({ filter: 'open' })).map((c) => c.id)).toEqual([contact.id]);
    expect((await asAdmin.messages.inboxCounts()).openContacts).toBe(1);
    await asAdmin.messages.setContactHandled({ id: contact.id, handled: true });
    expect(await asAdmin.messages.contacts({ filter: 'open' })).toEqual([]);
    const [handled] = await asAdmin.messages.contacts({ filter: 'handled' });
    expect(handled).toMatchObject({ id: contact.id, handler: { firstName: 'Ada' } });
    expect(handled!.handledAt).toBeInstanceOf(Date);
    expect((await t.db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).handledBy).toBe(admin.id);
    await asAdmin.messages.setContactHandled({ id: contact.id, handled: false });
    expect((await asAdmin.messages.contacts({ filter: 'open' })).map((c) => c.id)).toEqual([contact.id]);
    await expect(asAdmin.messages.setContactHandled({ id: 999999, handled: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('over the tRPC HTTP endpoint (superjson)', () => {
  it('serializes a message view, its thread and the inbox', async () => {
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id);
    const client = await signedInClient(t.db, admin);
    const started = await client.request('POST', '/trpc/messages.start', { json: { prototypeId: prototype.id, subject: 'S', content: 'C' } });
    expect(started.status, started.text).toBe(200);
    const id = started.json.result.data.json.id;
    const input = encodeURIComponent(JSON.stringify({ json: { id } }));
    expect((await client.request('GET', `/trpc/messages.thread?input=${input}`)).status).toBe(200);
    const inbox = await client.request('GET', `/trpc/messages.inbox?input=${encodeURIComponent(JSON.stringify({ json: { filter: 'all' } }))}`);
    expect(inbox.status, inbox.text).toBe(200);
    expect(inbox.json.result.data.json[0].aboutPrototype.id).toBe(prototype.id);
  });
});
