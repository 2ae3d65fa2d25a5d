import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { returnTo } from '~/client/auth/after-sign-in.ts';
import { AccessDenied } from '~/components/admin/admin-panel.tsx';

/** The admin area: the server says who is signed in; guests go to /login, non-admins see a refusal. */
export const Route = createFileRoute('/_admin')({
  beforeLoad: async ({ context, location }) => {
    const trpc = await context.api();
    const user = await trpc.auth.me.ensureData();
    // After signing in they come back here, query and all (an e-mailed link to a thread, say).
    if (!user) throw redirect({ to: '/login', search: returnTo(location.href) });
    // ADMIN_REQUIRE_2FA: the server refuses admin calls until enrolment, and in a session opened without
    // the second factor (ADR 0038); Profile's Security section explains.
    if (user.twoFactorSetupRequired || user.twoFactorSignInRequired) throw redirect({ to: '/profile', hash: 'security' });
    return { user, isAdmin: user.role === 'admin', trpc };
  },
  component: AdminLayout,
});

function AdminLayout() {
  const { isAdmin } = Route.useRouteContext();
  return isAdmin ? <Outlet /> : <AccessDenied />;
}
