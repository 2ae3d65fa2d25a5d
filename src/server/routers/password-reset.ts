// Forgot password and the reset link. Thin: validate, call domain/password-reset.ts.
import { forgotPasswordInput, resetPasswordInput } from '~/shared/schemas/messages.ts';
import type { Context } from '../context.ts';
import { type PasswordResetDeps, requestPasswordReset, resetPassword } from '../domain/password-reset.ts';
import { publicProcedure, router } from '../trpc.ts';

const deps = (ctx: Context): PasswordResetDeps => ({ db: ctx.db, meta: ctx.meta, limiter: ctx.limiter, mailer: ctx.mailer, now: ctx.clock.now() });

export const passwordResetRouter = router({
  request: publicProcedure.input(forgotPasswordInput).mutation(({ ctx, input }) => requestPasswordReset(deps(ctx), input.email)),

  reset: publicProcedure.input(resetPasswordInput).mutation(({ ctx, input }) => resetPassword(deps(ctx), input)),
});
