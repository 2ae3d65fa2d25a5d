// The words of every e-mail the app sends, as plain text.
import { env } from '../env.ts';

/** Links in e-mails use the configured public address, never a request's Host header. */
export function appUrl(path: string): string {
  // PUBLIC_URL (the site's public address) is shared with the payouts' Stripe links.
  const publicUrl = (env as { PUBLIC_URL?: string | undefined }).PUBLIC_URL;
  const base = (publicUrl ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

const greeting = (firstName: string | null) => `Hello${firstName ? ` ${firstName}` : ''},`;
const signature = '\n\nThe Atomix Energy team';

export function notificationEmail(input: { firstName: string | null; title: string; message: string; actionUrl: string | null }) {
  const link = input.actionUrl ? `\n\nOpen it here: ${appUrl(input.actionUrl)}` : '';
  return {
    subject: `Atomix Energy: ${input.title}`,
    text:
      `${greeting(input.firstName)}\n\n${input.title}\n\n${input.message}${link}${signature}\n\n` +
      `You receive this e-mail because e-mail notifications are on. Turn them off in your profile: ${appUrl('/profile')}`,
  };
}

export const RESET_LINK_VALID_MINUTES = 60;

/** The token travels in the URL fragment: browsers never send it to the server, so no log can record it. */
export function passwordResetLink(token: string): string {
  return appUrl(`/reset-password#token=${encodeURIComponent(token)}`);
}

export function passwordResetEmail(input: { firstName: string | null; token: string }) {
  return {
    subject: 'Atomix Energy: reset your password',
    text:
      `${greeting(input.firstName)}\n\nSomeone (hopefully you) asked to reset the password of your Atomix Energy account.\n\n` +
      `Choose a new password here: ${passwordResetLink(input.token)}\n\n` +
      `The link works once, for ${RESET_LINK_VALID_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays the same.` +
      signature,
  };
}

export function passwordChangedEmail(input: { firstName: string | null }) {
  return {
    subject: 'Atomix Energy: your password was changed',
    text:
      `${greeting(input.firstName)}\n\nThe password of your Atomix Energy account was just changed with a reset link, and every ` +
      `signed-in session was ended.\n\nIf this was not you, reset it again at ${appUrl('/forgot-password')} and contact us.` +
      signature,
  };
}
