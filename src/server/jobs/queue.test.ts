// The job queue and e-mail delivery against a real database and a real (local) SMTP server:
// exactly-once delivery with two workers, retries with backoff, requests never waiting on mail.
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';
import { SCRUBBED_BODY } from '../mail/deliver-email.ts';
import { type FakeSmtpOptions, startFakeSmtp } from '../test/fake-smtp.ts';
import { EMAIL_JOB, enqueueEmails } from '../mail/outbox.ts';
import { backoffMs, claimJob, completeJob, enqueueJob } from './queue.ts';
import { type MailTransport, outboxTransport, smtpTransport } from '../mail/transport.ts';
import { createWorker, jobHandlers, pruneFinishedJobs } from './worker.ts';
import { testMailer } from '../test/services.ts';

const t = useTestDatabase();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function smtp(options: FakeSmtpOptions = {}, timeouts = { connectionTimeout: 2000, greetingTimeout: 2000, socketTimeout: 2000 }) {
  const server = await startFakeSmtp(options);
  const transport = smtpTransport(server.url, timeouts);
  cleanups.push(
    () => server.close(),
    () => transport.close(),
  );
  return { server, transport };
}

const FROM = 'Atomix Test <test@atomix.local>';

function worker(transport: MailTransport, workerId: string, extra: Partial<Parameters<typeof createWorker>[0]> = {}) {
  return createWorker({
    db: t.db.prisma,
    handlers: jobHandlers(testMailer({ transport, from: FROM })),
    workerId,
    pollMs: 5,
    backoff: { baseMs: 20, maxMs: 100 },
    ...extra,
  });
}

async function queueMails(n: number) {
  return t.db.prisma.$transaction((tx) =>
    enqueueEmails(
      tx,
      Array.from({ length: n }, (_, i) => ({ userId: null, to: `r${i}@example.test`, subject: `Mail ${i}`, text: `Body ${i}`, template: 'test' })),
    ),
  );
}

/** Polls until `condition` holds (a wait on a condition, not on time). */
async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((poll) => setTimeout(poll, 20));
  }
}

/** Each received mail went to its row's address, from the configured sender, and nowhere else. */
async function expectAddressedAsQueued(received: { from: string; to: string[]; emailId: number | null }[]) {
  const rows = await t.db.prisma.emailMessage.findMany({ select: { id: true, toAddress: true } });
  const addressOf = new Map(rows.map((r) => [r.id, r.toAddress]));
  for (const mail of received) {
    expect(mail.from).toBe('test@atomix.local');
    expect(mail.to).toEqual([addressOf.get(mail.emailId!)]);
  }
}

describe('job queue', () => {
  it('a claimed job is not claimed again while its lease runs, and is taken over once it expired', async () => {
    await t.db.prisma.$transaction((tx) => enqueueJob(tx, 'noop', {}));
    const first = await claimJob(t.db.prisma, 'a', 60_000);
    expect(first).toMatchObject({ kind: 'noop', attempts: 1 });
    expect(await claimJob(t.db.prisma, 'b', 60_000)).toBeNull();
    await t.db.prisma.job.update({ where: { id: first!.id }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    const takenOver = await claimJob(t.db.prisma, 'b', 60_000);
    expect(takenOver).toMatchObject({ id: first!.id, attempts: 2 });
    expect((await t.db.prisma.job.findUniqueOrThrow({ where: { id: first!.id } })).lockedBy).toBe('b');
  });

  it('a job scheduled for later is not due before its time', async () => {
    await t.db.prisma.$transaction((tx) => enqueueJob(tx, 'noop', {}, { runAt: new Date(Date.now() + 60_000) }));
    expect(await claimJob(t.db.prisma, 'a', 60_000)).toBeNull();
  });

  it('prunes finished jobs after a week, never queued or failed ones', async () => {
    const old = new Date(Date.now() - 8 * 24 * 60 * 60_000);
    await t.db.prisma.job.createMany({
      data: [
        { kind: 'x', payload: {}, status: 'done', finishedAt: old },
        { kind: 'x', payload: {}, status: 'done', finishedAt: new Date() },
        { kind: 'x', payload: {}, status: 'failed', finishedAt: old },
        { kind: 'x', payload: {} },
      ],
    });
    expect(await pruneFinishedJobs(t.db.prisma)).toBe(1);
    expect(await t.db.prisma.job.count()).toBe(3);
  });

  it('backs off exponentially, capped', () => {
    const b = { baseMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, b))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});

describe('e-mail delivery', () => {
  it('two workers running at once deliver each mail exactly once (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const { server, transport } = await smtp();
    const ids = await queueMails(24);
    const workers = [worker(transport, 'w1'), worker(transport, 'w2')];
    const processed: number[] = [];
    // Both drain the same queue concurrently.
    await Promise.all(workers.map(async (w) => processed.push(await w.drain())));
    expect(processed.reduce((a, b) => a + b, 0)).toBe(24);
    expect(server.received.map((m) => m.emailId).sort((a, b) => a! - b!)).toEqual([...ids].sort((a, b) => a - b));
    await expectAddressedAsQueued(server.received);
    const rows = await t.db.prisma.emailMessage.findMany();
    expect(rows.every((r) => r.status === 'sent' && r.transport === 'smtp' && r.attempts === 1)).toBe(true);
    expect(await t.db.prisma.job.count({ where: { status: 'done' } })).toBe(24);
  });

  it('two started workers (the app instances) deliver each mail once (races only bite on PostgreSQL)', { tags: ['engine'] }, async () => {
    const { server, transport } = await smtp();
    const ids = await queueMails(10);
    const workers = [worker(transport, 'i1'), worker(transport, 'i2')];
    workers.forEach((w) => w.start());
    cleanups.push(() => Promise.all(workers.map((w) => w.stop())).then(() => {}));
    await until(async () => (await t.db.prisma.job.count({ where: { status: 'done' } })) === 10);
    // Stopped, neither can send anything more: what the server holds is everything that was sent.
    await Promise.all(workers.map((w) => w.stop()));
    expect(server.received).toHaveLength(10);
    expect(new Set(server.received.map((m) => m.emailId))).toEqual(new Set(ids));
    await expectAddressedAsQueued(server.received);
  });

  it('a failing SMTP server is retried with backoff until it accepts', async () => {
    const { server, transport } = await smtp({ failFirst: 2 });
    const [id] = await queueMails(1);
    const w = worker(transport, 'w1', { backoff: { baseMs: 300, maxMs: 1000 } });
    const before = Date.now();
    expect(await w.runOnce()).toBe(true);
    let email = await t.db.prisma.emailMessage.findUniqueOrThrow({ where: { id } });
    expect(email).toMatchObject({ status: 'queued', attempts: 1 });
    expect(email.lastError).toMatch(/451/);
    const job = await t.db.prisma.job.findFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lockedBy: null });
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(before + 300);
    // Not due again until the backoff has passed.
    expect(await w.runOnce()).toBe(false);
    await until(async () => {
      await w.runOnce();
      return (await t.db.prisma.emailMessage.findUniqueOrThrow({ where: { id } })).status === 'sent';
    });
    email = await t.db.prisma.emailMessage.findUniqueOrThrow({ where: { id } });
    expect(email).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(server.refusals).toBe(2);
    expect(server.received).toHaveLength(1);
    await expectAddressedAsQueued(server.received);
    expect(await t.db.prisma.job.findFirstOrThrow()).toMatchObject({ status: 'done', attempts: 3 });
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    const { server, transport } = await smtp({ failFirst: 100 });
    const [id] = await queueMails(1);
    await t.db.prisma.job.updateMany({ data: { maxAttempts: 2 } });
    const w = worker(transport, 'w1');
    await until(async () => {
      await w.runOnce();
      return (await t.db.prisma.job.findFirstOrThrow()).status === 'failed';
    });
    expect(await t.db.prisma.emailMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'failed', attempts: 2 });
    expect(server.received).toHaveLength(0);
  });

  it('a stalled SMTP server never holds up the request that queued the mail', async () => {
    // The server greets no one until released; the worker is running against it. A request that
    // waited for its mail would never return (and the test would time out).
    const { server, transport } = await smtp({ holdGreetings: true }, { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 20_000 });
    const w = worker(transport, 'w1');
    w.start();
    cleanups.push(() => w.stop());
    const admin = await createAdmin(t.db.prisma);
    const sellers = [await createUser(t.db.prisma), await createUser(t.db.prisma)];
    const caller = await callerAs(t.db, admin.id);
    await caller.messages.start({ userId: sellers[0]!.id, subject: 'Hello', content: 'First message' });
    // The worker is now stuck in the send of the first mail; a second request still returns.
    await until(() => server.connections > 0);
    await caller.messages.start({ userId: sellers[1]!.id, subject: 'Hello', content: 'Second message' });
    expect(server.received).toHaveLength(0);
    expect(await t.db.prisma.emailMessage.count({ where: { status: 'queued' } })).toBe(2);
    server.releaseGreetings();
    await until(async () => (await t.db.prisma.emailMessage.count({ where: { status: 'sent' } })) === 2);
    expect(server.received.flatMap((m) => m.to).sort()).toEqual(sellers.map((s) => s.email).sort());
  });

  it('a mail already sent is not sent again when its job is run once more', async () => {
    const { server, transport } = await smtp();
    const [id] = await queueMails(1);
    expect(await worker(transport, 'first').drain()).toBe(1);
    // As if the first worker died after sending, before it could mark the job done: it is due again.
    await t.db.prisma.job.updateMany({ data: { status: 'running', lockedBy: 'first', lockedUntil: new Date(Date.now() - 1000), finishedAt: null } });
    expect(await worker(transport, 'second').drain()).toBe(1);
    expect(server.received).toHaveLength(1);
    expect(await t.db.prisma.emailMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await t.db.prisma.job.findFirstOrThrow()).toMatchObject({ status: 'done', lockedBy: null, attempts: 2 });
  });

  it('a worker that loses its lease during a slow send: the one that took over does not send again', async () => {
    const { server, transport } = await smtp({ holdGreetings: true });
    const [id] = await queueMails(1);
    const slow = worker(transport, 'slow');
    const sending = slow.runOnce();
    await until(() => server.connections > 0); // the slow worker is inside the send
    // Its lease runs out and another worker claims the job while the send is still in flight.
    await t.db.prisma.job.updateMany({ data: { lockedUntil: new Date(Date.now() - 1000) } });
    const takenOver = await claimJob(t.db.prisma, 'second', 60_000);
    expect(takenOver).toMatchObject({ kind: EMAIL_JOB, attempts: 2 });
    // The slow send lands; its worker can no longer complete the job, which is no longer its own.
    server.releaseGreetings();
    expect(await sending).toBe(true);
    expect(await t.db.prisma.job.findFirstOrThrow()).toMatchObject({ status: 'running', lockedBy: 'second' });
    // The second worker runs the job now: the mail is sent already, so it sends nothing.
    const handler = jobHandlers(testMailer({ transport, from: FROM }))[EMAIL_JOB]!;
    await handler(takenOver!, { db: t.db.prisma, workerId: 'second', extendLease: async () => true });
    expect(await completeJob(t.db.prisma, takenOver!.id, 'second')).toBe(true);
    expect(server.received).toHaveLength(1);
    expect(await t.db.prisma.emailMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('without SMTP the mail lands in the outbox; a sensitive mail sent by SMTP loses its body', async () => {
    const [plain] = await queueMails(1);
    await worker(outboxTransport, 'w1').drain();
    expect(await t.db.prisma.emailMessage.findUniqueOrThrow({ where: { id: plain } })).toMatchObject({
      status: 'sent',
      transport: 'outbox',
      textBody: 'Body 0',
    });

    const { server, transport } = await smtp();
    const [secret] = await t.db.prisma.$transaction((tx) =>
      enqueueEmails(tx, [{ userId: null, to: 'x@example.test', subject: 'Reset', text: 'token=abc', template: 'password_reset', sensitive: true }]),
    );
    await worker(transport, 'w2').drain();
    expect(server.received[0]?.data).toContain('token=abc');
    expect(await t.db.prisma.emailMessage.findUniqueOrThrow({ where: { id: secret } })).toMatchObject({ status: 'sent', textBody: SCRUBBED_BODY });
  });
});

describe('notification e-mails follow notify()', () => {
  it('a status change mails the seller only when e-mail notifications are on', async () => {
    const admin = await createAdmin(t.db.prisma);
    const on = await createUser(t.db.prisma);
    const off = await createUser(t.db.prisma, { emailNotifications: false });
    const a = await createPrototype(t.db.prisma, on.id);
    const b = await createPrototype(t.db.prisma, off.id);
    const caller = await callerAs(t.db, admin.id);
    await caller.admin.approve({ id: a.id });
    await caller.admin.approve({ id: b.id });
    expect(await t.db.prisma.notification.count({ where: { userId: { in: [on.id, off.id] } } })).toBe(2);
    const mails = await t.db.prisma.emailMessage.findMany();
    expect(mails.map((m) => m.toAddress)).toEqual([on.email]);
    expect(mails[0]).toMatchObject({ template: 'prototype_approved', subject: 'Atomix Energy: Prototype approved' });
    expect(mails[0]!.textBody).toContain(`Your prototype "${a.prototypeName}" has been approved.`);
    // The notice links to the prototype it is about.
    expect(mails[0]!.textBody).toContain(`/prototypes/${a.id}`);
  });

  it('an e-mail is never queued when its cause rolls back', async () => {
    const user = await createUser(t.db.prisma);
    await expect(
      t.db.prisma.$transaction(async (tx) => {
        const { notify } = await import('../domain/notifications.ts');
        await notify(tx, testMailer(), { userId: user.id, type: 'announcement', title: 'T', message: 'M' });
        throw new Error('cause failed');
      }),
    ).rejects.toThrow('cause failed');
    expect(await t.db.prisma.notification.count()).toBe(0);
    expect(await t.db.prisma.emailMessage.count()).toBe(0);
    expect(await t.db.prisma.job.count()).toBe(0);
  });
});
