// Where e-mail goes: an SMTP server through nodemailer when SMTP_URL is set, otherwise nowhere but
// the in-app outbox (the email_messages rows, which admins and tests read).
import type { Transporter } from 'nodemailer';

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
  // The library is loaded with the first mail, not at start-up (ADR 0022).
  let transporter: Promise<Transporter> | null = null;
  const connect = () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport({ url, ...timeouts })));
  return {
    name: 'smtp',
    async send(mail) {
      const info = await (
        await connect()
      ).sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        // Lets a receiving side (and the tests) recognise a resend of the same mail.
        headers: { 'X-Atomix-Email-Id': String(mail.id) },
      });
      return { messageId: info.messageId ?? null };
    },
    close: () => void transporter?.then((opened) => opened.close()),
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
