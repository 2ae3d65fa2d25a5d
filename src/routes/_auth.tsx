import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';

/** Private screens that simply need a signed-in user: the server is asked, guests go to /login. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context }) => {
    const trpc = await context.api();
    const user = await trpc.auth.me.ensureData();
    if (!user) throw redirect({ to: '/login' });
    return { user, trpc };
  },
  component: Outlet,
});
