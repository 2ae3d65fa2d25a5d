// What /admin-panel and /admin share: URL search validation and the loader (the screen: admin-panel-screen.tsx).
import type { TrpcQueryUtils } from '~/client/trpc.ts';
import { pageHead } from '~/client/page-head.ts';
import { type AdminSearch, activityQueryInput, boardQueryInput, parseAdminSearch, prototypeQueryInput, userQueryInput } from './admin-search.ts';

export const adminRouteOptions = {
  validateSearch: parseAdminSearch,
  loaderDeps: ({ search }: { search: AdminSearch }) => search,
  head: () => pageHead('Admin Panel', 'Review prototypes, manage users and follow the audit trail.'),
};

/** The invitations, for an admin who may see them (the same check the section makes). */
async function loadAdminTeam(trpc: TrpcQueryUtils) {
  const mine = await trpc.permissions.mine.ensureData();
  // A refusal shows in the section itself, not as a failed page.
  if (mine.find((c) => c.permission === 'permissions.manage')?.allowed) await trpc.adminTeam.invitations.ensureData().catch(() => undefined);
}

/** Loads the counters and the open tab's page with the same inputs the components query: the screen appears whole. */
export async function loadAdminPanel(trpc: TrpcQueryUtils, isAdmin: boolean, search: AdminSearch) {
  if (!isAdmin) return;
  const tab = search.tab ?? 'prototypes';
  await Promise.all([
    trpc.admin.counters.ensureData(),
    tab === 'prototypes' && search.view !== 'board' && trpc.admin.prototypes.ensureData(prototypeQueryInput(search)),
    // Shown above the list: loaded with it, so the rows do not move down under a click when it arrives.
    tab === 'prototypes' && search.view !== 'board' && trpc.infoRequests.openForAdmin.ensureData(),
    tab === 'prototypes' && search.view === 'board' && trpc.pipeline.board.ensureData(boardQueryInput(search)),
    tab === 'users' && trpc.admin.users.ensureData(userQueryInput(search)),
    // The admin team section sits above the list too (for those who manage permissions).
    tab === 'users' && loadAdminTeam(trpc),
    tab === 'activity' && trpc.admin.activity.ensureData(activityQueryInput(search)),
  ]);
}
