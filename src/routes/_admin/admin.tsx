import { createFileRoute } from '@tanstack/react-router';
import { AdminPanel } from '~/components/admin/admin-panel.tsx';
import { adminRouteOptions, loadAdminPanel } from '~/components/admin/admin-route.tsx';
import type { AdminSearch } from '~/components/admin/admin-search.ts';

/** The admin panel (spec section 2; /admin-panel and /admin are the same screen). */
export const Route = createFileRoute('/_admin/admin')({
  ...adminRouteOptions,
  loader: ({ context, deps }) => loadAdminPanel(context.trpc, context.isAdmin, deps),
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = (patch: Partial<AdminSearch>, options?: { replace?: boolean }) =>
    void navigate({ search: (prev: AdminSearch) => ({ ...prev, ...patch }), replace: options?.replace ?? false });
  return <AdminPanel search={search} setSearch={setSearch} />;
}
