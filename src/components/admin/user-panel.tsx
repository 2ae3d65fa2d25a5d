// User Management (spec section 2): every user with contact details, badges, notes and the
// Restrict / Ban / Delete / Reset Password dialogs for non-admins, Message and Verify for all.
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { ROLES, USER_STATUSES } from '~/shared/constants.ts';
import { USER_SORTS } from '~/shared/schemas/admin.ts';
import { formatDateTime, fullName, stateLabel } from '~/shared/format.ts';
import { type Column, TableHead } from '~/components/list-card.tsx';
import { QueryView } from '~/components/query-view.tsx';
import { type AdminSearch, type SetSearch, userQueryInput } from './admin-search.ts';
import { useAdminFeedback } from './admin-toasts.ts';
import { ListPager } from './pager.tsx';
import { FilterSelects, SearchBox, bindFilters } from './list-parts.tsx';
import { useCapability } from '~/client/use-capability.ts';
import { PermissionsDialog } from './user-page/permissions-dialog.tsx';
import { BanDialog, DeleteDialog, MessageDialog, ResetPasswordDialog, RestrictDialog, type UserTarget } from './user-dialogs.tsx';
import { NoMatches, clearListFilters } from '~/components/no-matches.tsx';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { AdminTeamSection, RemoveAdminRoleDialog } from './admin-team-section.tsx';

type AdminUser = RouterOutputs['admin']['users']['items'][number];
type DialogKind = 'restrict' | 'ban' | 'delete' | 'password' | 'message' | 'permissions' | 'adminRole';

const orNA = (value: string | null) => (value && value.trim() ? value : 'N/A');

const COLUMNS: Column[] = ['User', 'Business / Phone', 'Status', 'Notes', <span className="sr-only">Actions</span>];

export function UserPanel({ search, setSearch }: { search: AdminSearch; setSearch: SetSearch }) {
  const list = trpc.admin.users.useQuery(userQueryInput(search), { placeholderData: keepPreviousData });
  const [dialog, setDialog] = useState<{ kind: DialogKind; user: UserTarget } | null>(null);
  const open = (kind: DialogKind, user: AdminUser) => setDialog({ kind, user: { ...user, name: fullName(user) } });
  const target = (kind: DialogKind) => (dialog?.kind === kind ? dialog.user : null);
  const close = () => setDialog(null);

  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading" className="sr-only">
        User Management
      </h2>
      <AdminTeamSection />
      <UserFilters search={search} setSearch={setSearch} />
      <QueryView query={list} what="users" empty={<NoMatches message="No users match these filters." onClear={clearListFilters('users', search, setSearch)} />}>
        {(page) => (
          <>
            {/* Desktop: a table. */}
            <div className="mt-4 hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
              <table className="table" aria-busy={list.isFetching}>
                <caption className="sr-only">Users</caption>
                <TableHead columns={COLUMNS} />
                <tbody>
                  {page.items.map((user) => (
                    <tr key={user.id} data-testid="user-row" data-user-email={user.email}>
                      <td>
                        <p className="font-semibold">
                          <UserPageLink user={user} />
                        </p>
                        <p className="text-sm text-base-content/70">{user.email}</p>
                      </td>
                      <td className="text-sm">
                        <p>{orNA(user.businessName)}</p>
                        <p className="text-base-content/70">{orNA(user.phoneNumber)}</p>
                      </td>
                      <td>
                        <UserBadges user={user} />
                      </td>
                      <td className="max-w-xs text-sm">
                        <UserNotes user={user} />
                      </td>
                      <td>
                        <UserActions user={user} onDialog={(kind) => open(kind, user)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {/* Phones: cards. */}
            <ul className="mt-4 flex flex-col gap-3 md:hidden" aria-busy={list.isFetching}>
              {page.items.map((user) => (
                <li key={user.id} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm" data-testid="user-card" data-user-email={user.email}>
                  <p className="font-semibold">
                    <UserPageLink user={user} />
                  </p>
                  <p className="break-all text-sm text-base-content/70">{user.email}</p>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                    <dt className="text-base-content/70">Business</dt>
                    <dd>{orNA(user.businessName)}</dd>
                    <dt className="text-base-content/70">Phone</dt>
                    <dd>{orNA(user.phoneNumber)}</dd>
                  </dl>
                  <div className="mt-2">
                    <UserBadges user={user} />
                  </div>
                  <div className="mt-2 text-sm">
                    <UserNotes user={user} />
                  </div>
                  <div className="mt-3">
                    <UserActions user={user} onDialog={(kind) => open(kind, user)} />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryView>
      <ListPager label="User" list={list} onPage={(ucursor, udir) => setSearch({ ucursor, udir })} />
      <RestrictDialog user={target('restrict')} onClose={close} />
      <BanDialog user={target('ban')} onClose={close} />
      <DeleteDialog user={target('delete')} onClose={close} />
      <ResetPasswordDialog user={target('password')} onClose={close} />
      <MessageDialog user={target('message')} onClose={close} />
      <PermissionsDialog user={target('permissions')} onClose={close} />
      <RemoveAdminRoleDialog user={target('adminRole')} onClose={close} />
    </section>
  );
}

function UserFilters({ search, setSearch }: { search: AdminSearch; setSearch: SetSearch }) {
  const apply = (patch: Partial<AdminSearch>) => setSearch({ ...patch, ucursor: undefined, udir: undefined });
  const select = bindFilters(search, apply);
  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <SearchBox id="user-search" label="Search users" placeholder="Search by name, email or business" applied={search.uq} onSearch={(uq) => apply({ uq })} />
      <div className="grid grid-cols-2 gap-2 md:grid-cols-3">
        <FilterSelects
          filters={[
            select('role', 'filter-role', 'Role', 'All', ROLES),
            select('ustatus', 'filter-user-status', 'User status', 'All', USER_STATUSES, stateLabel),
            select(
              'usort',
              'filter-user-sort',
              'Sort',
              'Newest first',
              USER_SORTS.filter((s) => s !== 'newest'),
              (s) => (s === 'oldest' ? 'Oldest first' : 'Email A–Z'),
            ),
          ]}
        />
      </div>
    </div>
  );
}

function UserBadges({ user }: { user: AdminUser }) {
  return (
    <div className="flex flex-wrap gap-1">
      <span className={`badge badge-sm ${user.role === 'admin' ? 'badge-primary' : 'badge-outline'}`}>{user.role}</span>
      {user.isVerified && <span className="badge badge-sm badge-success">Verified</span>}
      {user.status === 'banned' && <span className="badge badge-sm badge-error">{stateLabel('banned')}</span>}
      {user.status === 'restricted' && (
        <span className="badge badge-sm badge-warning whitespace-nowrap">
          {stateLabel('restricted')}
          {user.restrictedUntil ? ` until ${formatDateTime(user.restrictedUntil)}` : ''}
        </span>
      )}
    </div>
  );
}

function UserNotes({ user }: { user: AdminUser }) {
  if (!user.adminNotes && !user.banReason) return <span className="text-base-content/75">—</span>;
  return (
    <>
      {user.adminNotes && (
        <p>
          <span className="text-base-content/70">Admin notes:</span> {user.adminNotes}
        </p>
      )}
      {user.banReason && (
        <p>
          <span className="text-base-content/70">Ban reason:</span> {user.banReason}
        </p>
      )}
    </>
  );
}

function UserActions({ user, onDialog }: { user: AdminUser; onDialog: (kind: DialogKind) => void }) {
  const feedback = useAdminFeedback();
  const verify = trpc.admin.verifyUser.useMutation(feedback('verify'));
  const lift = trpc.admin.updateUserStatus.useMutation(feedback('userStatus'));
  const name = fullName(user);
  const managesPermissions = useCapability('permissions.manage').allowed;
  const me = useCurrentUser().user;
  const button = (kind: DialogKind, text: string, className = 'btn-ghost') => (
    <button type="button" className={`btn btn-xs ${className}`} onClick={() => onDialog(kind)} aria-label={`${text}: ${name}`}>
      {text}
    </button>
  );
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label={`Actions for ${name}`}>
      {!user.isVerified && (
        <button
          type="button"
          className="btn btn-xs btn-ghost"
          onClick={() => verify.mutate({ id: user.id, isVerified: true })}
          disabled={verify.isPending}
          aria-label={`Verify: ${name}`}
        >
          Verify
        </button>
      )}
      {button('message', 'Message')}
      {managesPermissions !== false && button('permissions', 'Permissions')}
      {user.role === 'admin' && managesPermissions === true && me && me.id !== user.id && button('adminRole', 'Remove admin role', 'btn-ghost text-error')}
      {user.role !== 'admin' && (
        <>
          {user.status !== 'active' && (
            <button
              type="button"
              className="btn btn-xs btn-ghost text-success"
              onClick={() => lift.mutate({ id: user.id, status: 'active' })}
              disabled={lift.isPending}
              aria-label={`${user.status === 'banned' ? 'Lift ban' : 'Lift restriction'}: ${name}`}
            >
              {user.status === 'banned' ? 'Lift ban' : 'Lift restriction'}
            </button>
          )}
          {button('restrict', 'Restrict')}
          {button('ban', 'Ban', 'btn-ghost text-error')}
          {button('password', 'Reset Password')}
          {button('delete', 'Delete', 'btn-ghost text-error')}
        </>
      )}
    </div>
  );
}

/** The user's name, linking to their admin user page (profile, moderation history, actions). */
function UserPageLink({ user }: { user: AdminUser }) {
  return (
    <Link to="/admin/users/$userId" params={{ userId: user.id }} className="link link-hover">
      {fullName(user)}
    </Link>
  );
}
