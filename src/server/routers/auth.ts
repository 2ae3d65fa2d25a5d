// Register, sign in, sign out, current user and profile (spec sections 2, 4-8). Thin: validate, call
// domain/sign-in.ts with the context's services (the session cookie among them).
import { loginInput, profileInput, registerInput } from '~/shared/schemas/auth.ts';
import { twoFactorCodeInput } from '~/shared/schemas/security.ts';
import type { Context } from '../context.ts';
import * as signIn from '../domain/sign-in.ts';
import { toCurrentUser } from '../domain/views/user-view.ts';
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';

const deps = (ctx: Context): signIn.SignInDeps => ({
  db: ctx.db,
  meta: ctx.meta,
  limiter: ctx.limiter,
  config: ctx.config,
  cookie: ctx.cookie,
  now: ctx.clock.now(),
});

export const authRouter = router({
  /** The signed-in user, or null for a guest (the REST adapter turns null into 401). */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? toCurrentUser(ctx.user, ctx.session, ctx.config, ctx.clock.now()) : null)),

  register: publicProcedure.input(registerInput).mutation(({ ctx, input }) => signIn.register(deps(ctx), input)),

  login: publicProcedure.input(loginInput).mutation(({ ctx, input }) => signIn.logIn(deps(ctx), input)),

  /** The second step of a two-factor sign-in: a code from the authenticator app, or a recovery code. */
  verifyTwoFactor: publicProcedure
    .input(twoFactorCodeInput)
    .mutation(({ ctx, input }) => signIn.verifyTwoFactor(deps(ctx), ctx.twoFactorChallenge, input.code)),

  logout: publicProcedure.mutation(({ ctx }) => signIn.logOut(deps(ctx), ctx.session ? { sessionId: ctx.session.id, userId: ctx.user?.id ?? null } : null)),

  updateProfile: protectedProcedure
    .input(profileInput)
    .mutation(({ ctx, input }) => signIn.updateProfile({ ...deps(ctx), user: ctx.user, session: ctx.session }, input)),
});
