// The screen of /admin-panel and /admin: the panel, its state in the URL (already checked by the
// routes' validateSearch, admin-route.tsx). A file of its own, so the route options stay light.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { AdminPanel } from './admin-panel.tsx';
import type { AdminSearch } from './admin-search.ts';

export function AdminPanelScreen() {
  const search = useSearch({ strict: false }) as AdminSearch;
  const navigate = useNavigate();
  const setSearch = (patch: Partial<AdminSearch>, options?: { replace?: boolean }) =>
    void navigate({ to: '.', search: (prev) => ({ ...prev, ...patch }), replace: options?.replace ?? false });
  return <AdminPanel search={search} setSearch={setSearch} />;
}
