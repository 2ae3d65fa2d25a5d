// E-mails are rows (email_messages) queued with the change that causes them; a job delivers each one.
import type { Prisma } from '~/generated/prisma/client.ts';

export type MailWriter = Pick<Prisma.TransactionClient, 'emailMessage' | 'job'>;

export const EMAIL_JOB = 'email';

export interface EmailInput {
  userId: string | null;
  to: string;
  subject: string;
  text: string;
  /** What kind of mail (notification type, password_reset, ...). */
  template: string;
  sensitive?: boolean;
}

/** Queues several e-mails in the caller's transaction; nothing is sent until it commits. */
export async function enqueueEmails(tx: MailWriter, mails: readonly EmailInput[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await tx.emailMessage.createManyAndReturn({
    data: mails.map((m) => ({
      userId: m.userId,
      toAddress: m.to,
      subject: m.subject,
      textBody: m.text,
      template: m.template,
      sensitive: m.sensitive ?? false,
    })),
    select: { id: true },
  });
  await tx.job.createMany({ data: rows.map((row) => ({ kind: EMAIL_JOB, payload: { emailId: row.id } })) });
  return rows.map((row) => row.id);
}

export async function enqueueEmail(tx: MailWriter, mail: EmailInput): Promise<number> {
  const [id] = await enqueueEmails(tx, [mail]);
  return id!;
}
