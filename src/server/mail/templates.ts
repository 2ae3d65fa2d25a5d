// The words of every e-mail the app sends, as plain text.
import type { EmailLinks } from './mailer.ts';

/** Links in e-mails use the configured public address (ctx.mailer), never a request's Host header. */
export function appUrl(links: EmailLinks, path: string): string {
  return `${links.publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Every e-mail opens with it: "Hello Ada," or "Hello,". */
export const greeting = (firstName: string | null) => `Hello${firstName ? ` ${firstName}` : ''},`;
/** Every e-mail closes with it (the blank line before it included). */
export const signature = '\n\nThe Atomix Energy team';
/** The subject of an e-mail that carries a notification's title. */
export const titledSubject = (title: string) => `Atomix Energy: ${title}`;
/** The paragraph linking to where the notification leads; empty when it leads nowhere. */
export const openItHere = (links: EmailLinks, actionUrl: string | null) => (actionUrl ? `\n\nOpen it here: ${appUrl(links, actionUrl)}` : '');

export function notificationEmail(links: EmailLinks, input: { firstName: string | null; title: string; message: string; actionUrl: string | null }) {
  return {
    subject: titledSubject(input.title),
    text:
      `${greeting(input.firstName)}\n\n${input.title}\n\n${input.message}${openItHere(links, input.actionUrl)}${signature}\n\n` +
      `You receive this e-mail because e-mail notifications are on. Turn them off in your profile: ${appUrl(links, '/profile')}`,
  };
}

export const RESET_LINK_VALID_MINUTES = 60;

/** The token travels in the URL fragment: browsers never send it to the server, so no log can record it. */
export function passwordResetLink(links: EmailLinks, token: string): string {
  return appUrl(links, `/reset-password#token=${encodeURIComponent(token)}`);
}

export function passwordResetEmail(links: EmailLinks, input: { firstName: string | null; token: string }) {
  return {
    subject: 'Atomix Energy: reset your password',
    text:
      `${greeting(input.firstName)}\n\nSomeone (hopefully you) asked to reset the password of your Atomix Energy account.\n\n` +
      `Choose a new password here: ${passwordResetLink(links, input.token)}\n\n` +
      `The link works once, for ${RESET_LINK_VALID_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays the same.` +
      signature,
  };
}

/** The invitation token travels in the fragment too (never in a request line or a log). */
export function adminInvitationLink(links: EmailLinks, token: string): string {
  return appUrl(links, `/invitation#token=${encodeURIComponent(token)}`);
}

export function adminInvitationEmail(links: EmailLinks, input: { firstName: string; inviterName: string; token: string; validDays: number }) {
  return {
    subject: 'Atomix Energy: you are invited to join the admin team',
    text:
      `${greeting(input.firstName)}\n\n${input.inviterName} invited you to join the Atomix Energy admin team.\n\n` +
      `Choose your password and sign in here: ${adminInvitationLink(links, input.token)}\n\n` +
      `The link works once, for ${input.validDays} days. If you did not expect it, ignore this e-mail.` +
      signature,
  };
}

export function passwordChangedEmail(links: EmailLinks, input: { firstName: string | null }) {
  return {
    subject: 'Atomix Energy: your password was changed',
    text:
      `${greeting(input.firstName)}\n\nThe password of your Atomix Energy account was just changed with a reset link, and every ` +
      `signed-in session was ended.\n\nIf this was not you, reset it again at ${appUrl(links, '/forgot-password')} and contact us.` +
      signature,
  };
}
