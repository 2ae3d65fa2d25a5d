// Forgot password: the same answer whether or not the address has an account; a random single-use
// token valid one hour, of which only the SHA-256 is stored; using it sets the new password and
// ends every session. Requests are throttled per e-mail address and per client address, and using
// a link per client address.
import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID, forgotPasswordInput, resetPasswordInput } from '~/shared/schemas/messages.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken } from '../auth/session.ts';
import { logActivity } from '../domain/activity-log.ts';
import { addressOf } from '../domain/rate-limit.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { RESET_LINK_VALID_MINUTES, passwordChangedEmail, passwordResetEmail } from '../mail/templates.ts';
import { publicProcedure, router } from '../trpc.ts';

export const passwordResetRouter = router({
  request: publicProcedure.input(forgotPasswordInput).mutation(async ({ ctx, input }) => {
    await ctx.limiter.consume('forgotPassword', addressOf(ctx.meta));
    // Over the per-e-mail limit nothing more is sent, but the answer stays the same (no mail bombing, no hint).
    const forEmail = await ctx.limiter.tryConsume('forgotPasswordEmail', input.email);
    if (forEmail.allowed) {
      const user = await ctx.db.user.findUnique({ where: { email: input.email }, select: { id: true, email: true, firstName: true, status: true } });
      if (user && user.status !== 'banned') {
        const token = randomBytes(32).toString('base64url');
        await ctx.db.$transaction(async (tx) => {
          await tx.passwordResetToken.create({
            data: { id: hashToken(token), userId: user.id, expiresAt: new Date(ctx.clock.now().getTime() + RESET_LINK_VALID_MINUTES * 60_000) },
          });
          await enqueueEmail(tx, {
            userId: user.id,
            to: user.email,
            template: 'password_reset',
            sensitive: true,
            ...passwordResetEmail(ctx.mailer, { firstName: user.firstName, token }),
          });
          await logActivity(tx, ctx.meta, { userId: user.id, action: 'auth.password_reset.requested', targetType: 'user', targetId: user.id });
        });
      }
    }
    return { message: FORGOT_PASSWORD_ANSWER };
  }),

  reset: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    await ctx.limiter.consume('passwordReset', addressOf(ctx.meta));
    // The token is looked up before any hashing: a made-up or spent link costs one indexed read, not an Argon2 run.
    const tokenId = hashToken(input.token);
    const usable = { id: tokenId, usedAt: null, expiresAt: { gt: ctx.clock.now() } };
    if (!(await ctx.db.passwordResetToken.findFirst({ where: usable, select: { id: true } }))) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: RESET_LINK_INVALID });
    }
    const password = await hashPassword(input.password);
    await ctx.db.$transaction(async (tx) => {
      // Single use: the first request to flip usedAt wins; an expired or used token matches nothing.
      const token = await tx.passwordResetToken.findUnique({ where: { id: tokenId }, select: { id: true, userId: true } });
      const { count } = token ? await tx.passwordResetToken.updateMany({ where: usable, data: { usedAt: ctx.clock.now() } }) : { count: 0 };
      if (!token || count === 0) throw new TRPCError({ code: 'BAD_REQUEST', message: RESET_LINK_INVALID });
      const user = await tx.user.update({ where: { id: token.userId }, data: { password }, select: { id: true, email: true, firstName: true } });
      // Other links sent before this one are void too.
      await tx.passwordResetToken.deleteMany({ where: { userId: user.id, id: { not: token.id } } });
      // Every session (and half-done two-factor sign-in) ends with the old password, in the same transaction.
      await tx.session.deleteMany({ where: { userId: user.id } });
      await tx.twoFactorChallenge.deleteMany({ where: { userId: user.id } });
      await enqueueEmail(tx, {
        userId: user.id,
        to: user.email,
        template: 'password_changed',
        ...passwordChangedEmail(ctx.mailer, { firstName: user.firstName }),
      });
      await logActivity(tx, ctx.meta, { userId: user.id, action: 'auth.password_reset.completed', targetType: 'user', targetId: user.id });
    });
    return { success: true as const };
  }),
});
