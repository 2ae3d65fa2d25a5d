// The mail service: where links in e-mails point, who sends them and how they leave (SMTP, or only
// the in-app outbox). Procedures queue e-mails with its links; the worker delivers with its transport.
import type { Env } from '../env.ts';
import { type MailTransport, transportFromEnv } from './transport.ts';

/** Links in e-mails use the configured public address, never a request's Host header. */
export interface EmailLinks {
  publicUrl: string;
}

export interface Mailer extends EmailLinks {
  from: string;
  transport: MailTransport;
}

/** The site's public origin: PUBLIC_URL, else this process's own port on localhost. */
export const publicUrlOf = (env: Pick<Env, 'PUBLIC_URL' | 'PORT'>) => (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');

export function mailerFromEnv(env: Env): Mailer {
  return { publicUrl: publicUrlOf(env), from: env.MAIL_FROM, transport: transportFromEnv(env) };
}
