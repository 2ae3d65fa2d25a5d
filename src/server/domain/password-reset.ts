// Forgot password: the same answer whether or not the address has an account; a random single-use
// token valid one hour, of which only the SHA-256 is stored; using it sets the new password and
// ends every session. Requests are throttled per e-mail address and per client address, and using
// a link per client address.
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '~/shared/schemas/messages.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken, newSecretToken, usableTokenWhere } from '../auth/session.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { RESET_LINK_VALID_MINUTES, passwordChangedEmail, passwordResetEmail } from '../mail/templates.ts';
import { logActivity } from './activity-log.ts';
import { InvalidInputError } from './errors.ts';
import { type Limiter, addressOf } from './rate-limit.ts';
import type { DomainDeps } from './deps.ts';

export interface PasswordResetDeps extends DomainDeps {
  limiter: Limiter;
  mailer: EmailLinks;
  now: Date;
}

/** Sends a reset link to the address if it has an account that is not banned; the answer never says. */
export async function requestPasswordReset(deps: PasswordResetDeps, email: string) {
  const { db, meta, limiter, mailer, now } = deps;
  await limiter.consume('forgotPassword', addressOf(meta));
  // Over the per-e-mail limit nothing more is sent, but the answer stays the same (no mail bombing, no hint).
  const forEmail = await limiter.tryConsume('forgotPasswordEmail', email);
  if (forEmail.allowed) {
    const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, firstName: true, status: true } });
    if (user && user.status !== 'banned') {
      const token = newSecretToken();
      await db.$transaction(async (tx) => {
        await tx.passwordResetToken.create({
          data: { id: hashToken(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_LINK_VALID_MINUTES * 60_000) },
        });
        await enqueueEmail(tx, {
          userId: user.id,
          to: user.email,
          template: 'password_reset',
          sensitive: true,
          ...passwordResetEmail(mailer, { firstName: user.firstName, token }),
        });
        await logActivity(tx, meta, { userId: user.id, action: 'auth.password_reset.requested', targetType: 'user', targetId: user.id });
      });
    }
  }
  return { message: FORGOT_PASSWORD_ANSWER };
}

/** Spends a live link: the new password, every session and other link ended, a notice e-mailed. */
export async function resetPassword(deps: PasswordResetDeps, input: { token: string; password: string }) {
  const { db, meta, limiter, mailer, now } = deps;
  await limiter.consume('passwordReset', addressOf(meta));
  // The token is looked up before any hashing: a made-up or spent link costs one indexed read, not an Argon2 run.
  const usable = usableTokenWhere(input.token, now);
  if (!(await db.passwordResetToken.findFirst({ where: usable, select: { id: true } }))) throw new InvalidInputError(RESET_LINK_INVALID);
  const password = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    // Single use: the first request to flip usedAt wins; an expired or used token matches nothing.
    const token = await tx.passwordResetToken.findUnique({ where: { id: usable.id }, select: { id: true, userId: true } });
    const { count } = token ? await tx.passwordResetToken.updateMany({ where: usable, data: { usedAt: now } }) : { count: 0 };
    if (!token || count === 0) throw new InvalidInputError(RESET_LINK_INVALID);
    const user = await tx.user.update({ where: { id: token.userId }, data: { password }, select: { id: true, email: true, firstName: true } });
    // Other links sent before this one are void too.
    await tx.passwordResetToken.deleteMany({ where: { userId: user.id, id: { not: token.id } } });
    // Every session (and half-done two-factor sign-in) ends with the old password, in the same transaction.
    await tx.session.deleteMany({ where: { userId: user.id } });
    await tx.twoFactorChallenge.deleteMany({ where: { userId: user.id } });
    await enqueueEmail(tx, { userId: user.id, to: user.email, template: 'password_changed', ...passwordChangedEmail(mailer, { firstName: user.firstName }) });
    await logActivity(tx, meta, { userId: user.id, action: 'auth.password_reset.completed', targetType: 'user', targetId: user.id });
  });
  return { success: true as const };
}
