// Where e-mail goes: an SMTP server through nodemailer when SMTP_URL is set, otherwise nowhere but
// the in-app outbox (the email_messages rows, which admins and tests read).
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  name: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<{ messageId: string | null }>;
  close(): void;
}

/** Timeouts well under the job lease, so a hung server fails the attempt before another worker may take over. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function smtpTransport(url: string, timeouts = SMTP_TIMEOUTS): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...timeouts });
  return {
    name: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        // Lets a receiving side (and the tests) recognise a resend of the same mail.
        headers: { 'X-Atomix-Email-Id': String(mail.id) },
      });
      return { messageId: info.messageId ?? null };
    },
    close: () => transporter.close(),
  };
}

export const outboxTransport: MailTransport = {
  name: 'outbox',
  send: async () => ({ messageId: null }),
  close() {},
};

export function transportFromEnv(env: { SMTP_URL?: string | undefined }): MailTransport {
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL) : outboxTransport;
}
