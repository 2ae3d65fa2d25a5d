// Notifications: written with every event that causes them (status change, quote, quote response,
// message arrival), the bell's list/count/mark read, the e-mail preference, the admin outbox, and
// bulk notifications delivered by the job queue exactly once.
import { describe, expect, it } from 'vitest';
import { notify } from '../domain/notifications.ts';
import { createWorker, jobHandlers } from '../jobs/worker.ts';
import { ADMIN_TWO_FACTOR_SIGN_IN_REQUIRED } from '~/shared/schemas/security.ts';
import { TEST_CONFIG, fixedClock, testMailer } from '../test/services.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';
import { recordStatements } from '../test/statements.ts';

const t = useTestDatabase();

const worker = (id: string) => createWorker({ db: t.db.prisma, handlers: jobHandlers(testMailer({ from: 'test@atomix.local' })), workerId: id, pollMs: 5 });
const notesOf = (userId: string) => t.db.prisma.notification.findMany({ where: { userId }, orderBy: { id: 'asc' } });

describe('a notification with every event', () => {
  it('status changes and quotes notify the seller; a quote response notifies the admins', async () => {
    const admin = await createAdmin(t.db.prisma);
    const admin2 = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const p1 = await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Cell A' });
    const p2 = await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Cell B' });
    const p3 = await createPrototype(t.db.prisma, seller.id, { prototypeName: 'Cell C' });
    const asAdmin = await callerAs(t.db, admin.id);
    await asAdmin.admin.approve({ id: p1.id });
    await asAdmin.admin.reject({ id: p2.id, reason: 'Not viable' });
    await asAdmin.admin.quote({ id: p3.id, atomixQuote: '2500.00', quoteNotes: null } as never);
    const sellerNotes = await notesOf(seller.id);
    expect(sellerNotes.map((n) => [n.type, n.prototypeId])).toEqual([
      ['prototype_approved', p1.id],
      ['prototype_rejected', p2.id],
      ['quote_provided', p3.id],
    ]);
    expect(sellerNotes.every((n) => n.actionUrl && !n.isRead)).toBe(true);

    await (await callerAs(t.db, seller.id)).prototypes.respondToQuote({ id: p3.id, response: 'accepted' });
    for (const a of [admin, admin2]) {
      expect((await notesOf(a.id)).map((n) => n.type)).toContain('quote_response');
    }
    await asAdmin.admin.acceptQuote({ id: p3.id });
    expect((await notesOf(seller.id)).at(-1)).toMatchObject({ type: 'quote_accepted', prototypeId: p3.id });
  });

  it('a refused transition writes no notification (same transaction)', async () => {
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const p = await createPrototype(t.db.prisma, seller.id, { status: 'accepted' });
    await expect((await callerAs(t.db, admin.id)).admin.approve({ id: p.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await t.db.prisma.notification.count()).toBe(0);
    expect(await t.db.prisma.emailMessage.count()).toBe(0);
  });

  it('a message arrival notifies its recipient (admin message, seller reply)', async () => {
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const asAdmin = await callerAs(t.db, admin.id);
    const sent = await asAdmin.admin.sendMessage({ userId: seller.id, subject: 'Hello', content: 'Hi' });
    expect((await notesOf(seller.id)).map((n) => n.type)).toEqual(['admin_message']);
    await (await callerAs(t.db, seller.id)).messages.reply({ subject: 'Re: Hello', message: 'Hi back', parentMessageId: sent.id });
    expect((await notesOf(admin.id)).map((n) => n.type)).toEqual(['message_reply']);
  });

  it('what admins are told as admins is admin data, withheld from an admin session without the second factor ADMIN_REQUIRE_2FA asks for', async () => {
    const admin = await createAdmin(t.db.prisma, { twoFactorEnabledAt: new Date() });
    const seller = await createUser(t.db.prisma);
    const sent = await (await callerAs(t.db, admin.id)).admin.sendMessage({ userId: seller.id, subject: 'Hello', content: 'Hi' });
    await (await callerAs(t.db, seller.id)).messages.reply({ subject: 'Re: Hello', message: 'My secret plans', parentMessageId: sent.id });
    expect((await notesOf(seller.id)).map((n) => n.adminData)).toEqual([false]);
    expect((await notesOf(admin.id)).map((n) => [n.type, n.adminData])).toEqual([['message_reply', true]]);
    await notify(t.db.prisma, testMailer(), { userId: admin.id, type: 'announcement', title: 'For everyone', message: 'Hello all' });

    // callerAs opens a session with the password alone.
    const strict = { config: { ...TEST_CONFIG, adminRequireTwoFactor: true } };
    const heldBack = await callerAs(t.db, admin.id, undefined, strict);
    await expect(heldBack.admin.counters()).rejects.toThrow(ADMIN_TWO_FACTOR_SIGN_IN_REQUIRED);
    const list = await heldBack.notifications.list();
    expect(list.items.map((n) => n.title)).toEqual(['For everyone']);
    expect(list).toMatchObject({ unreadCount: 2, adminNotificationsWithheld: 1 });
    expect((await (await callerAs(t.db, admin.id)).notifications.list()).items).toHaveLength(2);
  });

  it('notify() is what payouts call for a payout change: one row per recipient, e-mail when wanted', async () => {
    const seller = await createUser(t.db.prisma);
    const quiet = await createUser(t.db.prisma, { emailNotifications: false });
    const count = await t.db.prisma.$transaction((tx) =>
      notify(tx, testMailer(), {
        userId: [seller.id, quiet.id, seller.id],
        type: 'payout_completed',
        title: 'Payout sent',
        message: '$900.00 is on its way',
        actionUrl: '/seller-dashboard',
      }),
    );
    expect(count).toBe(2);
    expect((await t.db.prisma.emailMessage.findMany()).map((m) => m.userId)).toEqual([seller.id]);
    expect(await t.db.prisma.job.count({ where: { kind: 'email' } })).toBe(1);
  });
});

describe('the bell', () => {
  it('lists the newest notifications with the unread count; mark one or all read; others are 404', async () => {
    const user = await createUser(t.db.prisma);
    const other = await createUser(t.db.prisma);
    await t.db.prisma.$transaction(async (tx) => {
      for (const i of [1, 2, 3])
        await notify(tx, testMailer(), {
          userId: user.id,
          type: 'announcement',
          title: `N${i}`,
          message: 'm',
          // Only a path inside the app is followed: not another site, nor `/\\evil` (browsers read it as `//evil`).
          actionUrl: { 1: '/messages', 2: '/\\evil.example', 3: 'https://evil.example' }[i],
        });
      await notify(tx, testMailer(), { userId: other.id, type: 'announcement', title: 'Other', message: 'm' });
    });
    const caller = await callerAs(t.db, user.id);
    const recording = recordStatements(t.db);
    let list = await caller.notifications.list().finally(recording.stop);
    expect(recording.count()).toBe(1); // the list and its unread count in one read
    expect(list.items.map((n) => n.title)).toEqual(['N3', 'N2', 'N1']);
    expect(list.unreadCount).toBe(3);
    expect(list.items.map((n) => n.actionUrl)).toEqual([null, null, '/messages']);
    await caller.notifications.markRead({ id: list.items[1]!.id });
    expect(await caller.notifications.unreadCount()).toBe(2);
    const othersNote = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: other.id } });
    await expect(caller.notifications.markRead({ id: othersNote.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await caller.notifications.markAllRead()).toEqual({ marked: 2 });
    list = await caller.notifications.list();
    expect(list.unreadCount).toBe(0);
    expect(await (await callerAs(t.db, other.id)).notifications.unreadCount()).toBe(1);
    await expect((await callerAs(t.db, null)).notifications.unreadCount()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('the e-mail preference switches e-mail notices off and on', async () => {
    const user = await createUser(t.db.prisma);
    const caller = await callerAs(t.db, user.id);
    expect((await caller.notifications.setEmailPreference({ enabled: false })).emailNotifications).toBe(false);
    await t.db.prisma.$transaction((tx) => notify(tx, testMailer(), { userId: user.id, type: 'announcement', title: 'A', message: 'm' }));
    expect(await t.db.prisma.emailMessage.count()).toBe(0);
    expect((await caller.notifications.setEmailPreference({ enabled: true })).emailNotifications).toBe(true);
    await t.db.prisma.$transaction((tx) => notify(tx, testMailer(), { userId: user.id, type: 'announcement', title: 'B', message: 'm' }));
    expect(await t.db.prisma.emailMessage.count()).toBe(1);
  });
});

describe('the admin outbox', () => {
  it('shows queued and delivered mails to admins only, never a reset link', async () => {
    const admin = await createAdmin(t.db.prisma);
    const user = await createUser(t.db.prisma);
    await t.db.prisma.$transaction((tx) => notify(tx, testMailer(), { userId: user.id, type: 'announcement', title: 'Hello', message: 'World' }));
    await (await callerAs(t.db, null)).passwordReset.request({ email: user.email });
    const asAdmin = await callerAs(t.db, admin.id);
    let outbox = await asAdmin.notifications.outbox();
    expect(outbox.map((m) => m.status)).toEqual(['queued', 'queued']);
    await worker('w').drain();
    outbox = await asAdmin.notifications.outbox();
    expect(outbox.map((m) => [m.template, m.status, m.transport])).toEqual([
      ['password_reset', 'sent', 'outbox'],
      ['announcement', 'sent', 'outbox'],
    ]);
    expect(outbox[0]!.textBody).not.toContain('reset-password');
    expect(outbox[1]!.textBody).toContain('World');
    await expect((await callerAs(t.db, user.id)).notifications.outbox()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('bulk notifications', () => {
  async function audience() {
    const admin = await createAdmin(t.db.prisma);
    const quoted = await createUser(t.db.prisma);
    const submitted = await createUser(t.db.prisma);
    const idle = await createUser(t.db.prisma);
    const banned = await createUser(t.db.prisma, { status: 'banned' });
    await createPrototype(t.db.prisma, quoted.id, { status: 'quoted', atomixQuote: 100 });
    await createPrototype(t.db.prisma, submitted.id);
    await createPrototype(t.db.prisma, banned.id, { status: 'quoted', atomixQuote: 100 });
    return { admin, quoted, submitted, idle, banned, asAdmin: await callerAs(t.db, admin.id) };
  }

  it('previews the recipient count of each audience (banned accounts excluded)', async () => {
    const { asAdmin } = await audience();
    const count = async (target: Parameters<typeof asAdmin.notifications.bulkPreview>[0]) => (await asAdmin.notifications.bulkPreview(target)).recipientCount;
    expect(await count({ audience: 'everyone' })).toBe(4);
    expect(await count({ audience: 'all_users' })).toBe(3);
    expect(await count({ audience: 'sellers' })).toBe(2);
    expect(await count({ audience: 'prototype_status', prototypeStatus: 'quoted' })).toBe(1);
    expect(await count({ audience: 'admins' })).toBe(1);
    await expect(count({ audience: 'prototype_status' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('send now: delivered by the queue, counts updated, completed', async () => {
    const { asAdmin, quoted, submitted, idle } = await audience();
    const created = await asAdmin.notifications.bulkCreate({ title: 'Maintenance', message: 'Down on Sunday', target: { audience: 'all_users' } });
    expect(created).toMatchObject({ status: 'scheduled', recipientCount: 3, deliveredCount: 0, targetAudience: 'all_users' });
    await worker('w').drain();
    const [row] = await asAdmin.notifications.bulkList();
    expect(row).toMatchObject({ id: created.id, status: 'completed', recipientCount: 3, deliveredCount: 3, audienceLabel: 'All users' });
    expect(row!.completedAt).toBeInstanceOf(Date);
    for (const u of [quoted, submitted, idle]) {
      expect((await notesOf(u.id)).map((n) => [n.type, n.title, n.message])).toEqual([['announcement', 'Maintenance', 'Down on Sunday']]);
    }
    expect(await t.db.prisma.emailMessage.count({ where: { template: 'announcement' } })).toBe(3);
  });

  it(
    'two workers delivering one large bulk notification reach every recipient exactly once (races only bite on PostgreSQL)',
    { tags: ['engine'] },
    async () => {
      const { asAdmin } = await audience();
      const many = await Promise.all(Array.from({ length: 230 }, () => createUser(t.db.prisma, { emailNotifications: false })));
      const created = await asAdmin.notifications.bulkCreate({ title: 'Hello all', message: 'Hi', target: { audience: 'all_users' } });
      // The same delivery queued twice (as after a lease takeover), run by two workers at once.
      const { BULK_JOB } = await import('../domain/bulk-notifications.ts');
      const { enqueueJob } = await import('../jobs/queue.ts');
      await t.db.prisma.$transaction((tx) => enqueueJob(tx, BULK_JOB, { bulkId: created.id }));
      const done = await Promise.all([worker('w1').drain(), worker('w2').drain()]);
      expect(done[0] + done[1]).toBe(2 + 3); // both bulk jobs, and the e-mails of the 3 first users
      const row = await t.db.prisma.bulkNotification.findUniqueOrThrow({ where: { id: created.id } });
      expect(row).toMatchObject({ status: 'completed', recipientCount: 233, deliveredCount: 233 });
      const perUser = await t.db.prisma.notification.groupBy({ by: ['userId'], where: { type: 'announcement' }, _count: true });
      expect(perUser).toHaveLength(233);
      expect(perUser.every((g) => g._count === 1)).toBe(true);
      expect(many).toHaveLength(230);
    },
  );

  it('batches running at the same time never deliver a recipient twice (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const { asAdmin } = await audience();
    await Promise.all(Array.from({ length: 60 }, () => createUser(t.db.prisma, { emailNotifications: false })));
    const created = await asAdmin.notifications.bulkCreate({ title: 'T', message: 'M', target: { audience: 'all_users' } });
    // Freeze the audience by hand, then race many small batches.
    await t.db.prisma.$transaction(async (tx) => {
      await tx.bulkNotification.update({ where: { id: created.id }, data: { status: 'sending' } });
      const users = await tx.user.findMany({ where: { role: 'user', status: { not: 'banned' } }, select: { id: true } });
      await tx.bulkNotificationRecipient.createMany({ data: users.map((u) => ({ bulkNotificationId: created.id, userId: u.id })) });
    });
    const { deliverBatch } = await import('../domain/bulk-notifications.ts');
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (await deliverBatch(t.db.prisma, testMailer(), created.id, new Date(), 7));
      }),
    );
    const row = await t.db.prisma.bulkNotification.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.deliveredCount).toBe(63);
    expect(await t.db.prisma.notification.count({ where: { type: 'announcement' } })).toBe(63);
  });

  it("the clock decides: a scheduled notification's job before its time delivers nothing; at its time, delivered and completed then", async () => {
    const { admin } = await audience();
    // Scheduled an hour after a moment two hours ago, so the queue (which reads the database's time) runs the job at once.
    const scheduledAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 2 * 60 * 60_000);
    const clock = fixedClock(scheduledAt);
    const asAdmin = await callerAs(t.db, admin.id, undefined, { clock });
    const due = new Date(scheduledAt.getTime() + 60 * 60_000);
    const created = await asAdmin.notifications.bulkCreate({ title: 'Due', message: 'M', target: { audience: 'admins' }, scheduledFor: due });
    const clockWorker = (id: string) => createWorker({ db: t.db.prisma, handlers: jobHandlers(testMailer(), clock), workerId: id, pollMs: 5 });
    expect(await clockWorker('early').drain()).toBe(1);
    expect(await t.db.prisma.bulkNotification.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ status: 'scheduled', deliveredCount: 0 });
    expect(await notesOf(admin.id)).toEqual([]);

    clock.set(due);
    const { BULK_JOB } = await import('../domain/bulk-notifications.ts');
    const { enqueueJob } = await import('../jobs/queue.ts');
    await t.db.prisma.$transaction((tx) => enqueueJob(tx, BULK_JOB, { bulkId: created.id }, { runAt: scheduledAt }));
    await clockWorker('on-time').drain();
    expect(await t.db.prisma.bulkNotification.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      status: 'completed',
      deliveredCount: 1,
      completedAt: due,
    });
    expect(await t.db.prisma.bulkNotificationRecipient.findMany({ where: { bulkNotificationId: created.id }, select: { deliveredAt: true } })).toEqual([
      { deliveredAt: due },
    ]);
  });

  it('schedule for later, cancel back to draft, send the draft', async () => {
    const { asAdmin } = await audience();
    const later = new Date(Date.now() + 60 * 60_000);
    const created = await asAdmin.notifications.bulkCreate({ title: 'Later', message: 'M', target: { audience: 'admins' }, scheduledFor: later });
    expect(created).toMatchObject({ status: 'scheduled' });
    expect(created.scheduledFor?.getTime()).toBe(later.getTime());
    expect(await worker('w').drain()).toBe(0);
    expect(await asAdmin.notifications.bulkCancel({ id: created.id })).toEqual({ id: created.id, status: 'draft' });
    await expect(asAdmin.notifications.bulkCancel({ id: created.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await asAdmin.notifications.bulkSend({ id: created.id });
    await worker('w').drain();
    expect(await t.db.prisma.bulkNotification.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ status: 'completed', deliveredCount: 1 });
    const draft = await asAdmin.notifications.bulkCreate({ title: 'D', message: 'M', target: { audience: 'admins' }, draft: true });
    expect(draft.status).toBe('draft');
    await expect((await callerAs(t.db, (await createUser(t.db.prisma)).id)).notifications.bulkList()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
