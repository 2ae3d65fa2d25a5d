// The `email` job: sends one email_messages row through the transport and marks it sent, once.
import type { Db } from '../db/index.ts';
import type { ClaimedJob } from '../jobs/queue.ts';
import type { MailTransport } from './transport.ts';

export const SCRUBBED_BODY = '[Removed after delivery: this e-mail contained a single-use link.]';

export function emailJobHandler(transport: MailTransport, from: string) {
  return async (job: ClaimedJob, { db }: { db: Db }) => {
    const emailId = Number((job.payload as { emailId?: unknown } | null)?.emailId);
    const email = await db.emailMessage.findUnique({
      where: { id: emailId },
      select: { id: true, toAddress: true, subject: true, textBody: true, status: true, sensitive: true },
    });
    // Already sent (a worker that lost its lease after sending) or deleted: nothing to do.
    if (!email || email.status !== 'queued') return;
    let messageId: string | null;
    try {
      ({ messageId } = await transport.send({ id: email.id, from, to: email.toAddress, subject: email.subject, text: email.textBody }));
    } catch (error) {
      const final = job.attempts >= job.maxAttempts;
      await db.emailMessage.updateMany({
        where: { id: email.id, status: 'queued' },
        data: { attempts: job.attempts, lastError: String(error).slice(0, 2000), ...(final ? { status: 'failed' } : {}) },
      });
      throw error;
    }
    await db.emailMessage.updateMany({
      where: { id: email.id, status: 'queued' },
      data: {
        status: 'sent',
        transport: transport.name,
        providerMessageId: messageId,
        attempts: job.attempts,
        lastError: null,
        sentAt: new Date(),
        // A secret that went out by SMTP need not stay in the database; in the outbox it is the delivery.
        ...(email.sensitive && transport.name === 'smtp' ? { textBody: SCRUBBED_BODY } : {}),
      },
    });
  };
}
