import { createFileRoute } from '@tanstack/react-router';
import { AdminPanelScreen } from '~/components/admin/admin-panel-screen.tsx';
import { adminRouteOptions, loadAdminPanel } from '~/components/admin/admin-route.tsx';

/** The admin panel (spec section 2; /admin-panel and /admin are the same screen). */
export const Route = createFileRoute('/_admin/admin')({
  ...adminRouteOptions,
  loader: ({ context, deps }) => loadAdminPanel(context.trpc, context.isAdmin, deps),
  component: AdminPanelScreen,
});
