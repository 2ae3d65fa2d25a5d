// Suspension and ban notices (issue 15, ADR 0016): the user cannot sign in while the measure runs, so
// the e-mail goes out whatever their notification setting and carries a single-use appeal link. Only
// the SHA-256 of the link's random token is stored (like password reset); it expires with the window.
import type { Prisma } from '~/generated/prisma/client.ts';
import { APPEAL_WINDOW_DAYS, type MeasureType } from '~/shared/moderation.ts';
import { DAY_MS, addDays } from '~/shared/days.ts';
import type { NotificationType } from '~/shared/event-names.ts';
import { hashToken, newSecretToken } from '../auth/session.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { appUrl, greeting, openItHere, signature, titledSubject } from '../mail/templates.ts';

type Tx = Prisma.TransactionClient;

/** The last moment an appeal against a measure taken at `takenAt` is accepted. */
export const appealDeadline = (takenAt: Date) => addDays(takenAt, APPEAL_WINDOW_DAYS);

export async function issueAppealToken(tx: Pick<Tx, 'appealToken'>, input: { userId: string; measureType: MeasureType; measureId: number; takenAt: Date }) {
  const token = newSecretToken();
  await tx.appealToken.create({
    data: { id: hashToken(token), userId: input.userId, measureType: input.measureType, measureId: input.measureId, expiresAt: appealDeadline(input.takenAt) },
  });
  return token;
}

/** How long the proof a refused sign-in gives a suspended or banned user lasts (ADR 0030). */
export const STANDING_PROOF_MS = 60 * 60 * 1000;
/**
 * How long a session ended by a suspension or ban still shows its tab the measure (ADR 0035): its
 * token's life as a proof here, and the standing cookie's (context.ts).
 */
export const ENDED_SESSION_PROOF_MS = DAY_MS;

/**
 * A refused sign-in with the right password: a proof for the running measure that opens its page and
 * the appeal, nothing else (it is no session). Null when nothing runs.
 */
export async function issueStandingProof(tx: Pick<Tx, 'appealToken'>, input: { userId: string; measureType: MeasureType; measureId: number; now: Date }) {
  const token = newSecretToken();
  const expiresAt = new Date(input.now.getTime() + STANDING_PROOF_MS);
  await tx.appealToken.create({ data: { id: hashToken(token), userId: input.userId, measureType: input.measureType, measureId: input.measureId, expiresAt } });
  return { token, expiresAt };
}

/**
 * Before a measure ends the user's sessions: each session's token (whose SHA-256 is its id) becomes a
 * proof of the measure, so a tab that was open shows why it was signed out and can appeal.
 */
export async function keepSessionsAsProofs(
  tx: Pick<Tx, 'session' | 'appealToken'>,
  userId: string,
  measure: { measureType: MeasureType; measureId: number },
  now: Date,
) {
  const sessions = await tx.session.findMany({ where: { userId, expiresAt: { gt: now } }, select: { id: true, expiresAt: true } });
  if (sessions.length === 0) return;
  const latest = now.getTime() + ENDED_SESSION_PROOF_MS;
  await tx.appealToken.createMany({
    data: sessions.map((s) => ({ id: s.id, userId, ...measure, expiresAt: new Date(Math.min(s.expiresAt.getTime(), latest)) })),
    skipDuplicates: true,
  });
}

export const appealLink = (links: EmailLinks, token: string) => appUrl(links, `/appeal?token=${encodeURIComponent(token)}`);

/** The in-app notification (if `type`), and the e-mail with the appeal link, sent regardless of the e-mail setting. */
export async function sendMeasureNotice(
  tx: Tx,
  links: EmailLinks,
  user: { id: string; email: string; firstName: string | null },
  notice: { type: NotificationType | null; template: string; title: string; message: string; token: string },
) {
  if (notice.type) {
    await tx.notification.create({ data: { userId: user.id, type: notice.type, title: notice.title, message: notice.message, actionUrl: null } });
  }
  await enqueueEmail(tx, {
    userId: user.id,
    to: user.email,
    template: notice.template,
    sensitive: true,
    subject: titledSubject(notice.title),
    text:
      `${greeting(user.firstName)}\n\n${notice.message}\n\n` +
      `If you believe this is a mistake, you may appeal once, within ${APPEAL_WINDOW_DAYS} days, with this link (it works once): ` +
      `${appealLink(links, notice.token)}${signature}`,
  });
}

/** A service message that matters even to a banned or suspended user: notification row and e-mail, whatever the setting. */
export async function sendServiceNotice(
  tx: Tx,
  links: EmailLinks,
  userId: string,
  notice: { type: NotificationType; title: string; message: string; actionUrl: string | null },
) {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, firstName: true } });
  await tx.notification.create({ data: { userId, type: notice.type, title: notice.title, message: notice.message, actionUrl: notice.actionUrl } });
  await enqueueEmail(tx, {
    userId,
    to: user.email,
    template: notice.type,
    subject: titledSubject(notice.title),
    text: `${greeting(user.firstName)}\n\n${notice.message}${openItHere(links, notice.actionUrl)}${signature}`,
  });
}
