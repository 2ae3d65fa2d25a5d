import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { returnTo } from '~/client/auth/after-sign-in.ts';

/** Private screens that simply need a signed-in user: the server is asked, guests go to /login. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    const trpc = await context.api();
    const user = await trpc.auth.me.ensureData();
    // After signing in they come back here, query and all (an e-mailed link to a thread, say).
    if (!user) throw redirect({ to: '/login', search: returnTo(location.href) });
    return { user, trpc };
  },
  component: Outlet,
});
