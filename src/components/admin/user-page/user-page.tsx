// /admin/users/$userId (issue 15): one user's profile, status, moderation history and actions, and
// activity. The page is a list of sections; the permissions, tickets, reports and ledger sections
// (other parts of issue 15) slot into SECTIONS below.
import { Link } from '@tanstack/react-router';
import { AdminBreadcrumbs } from '../list-parts.tsx';
import type { ReactNode } from 'react';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { QueryView } from '~/components/query-view.tsx';
import { formatDateTime, fullName, stateLabel } from '~/shared/format.ts';
import { ModerationSection } from './moderation-section.tsx';
import { PermissionsSection } from './permissions-section.tsx';
import { ExportStatusSection } from './export-status-section.tsx';
import { TicketsSection } from './tickets-section.tsx';
import { ReportsSection } from './reports-section.tsx';
import { LedgerSection } from './ledger-section.tsx';
import { ReportButton } from '~/components/reports/report-button.tsx';
import { SectionCard } from '~/components/list-card.tsx';

type AdminUser = RouterOutputs['moderation']['user'];
type SectionProps = { user: AdminUser & { name: string } };

/**
 * The page's sections, top to bottom. To add one: a component taking { user } (e.g.
 * ./permissions-section.tsx, ./tickets-section.tsx, ./reports-section.tsx, ./ledger-section.tsx)
 * and a line here.
 */
const SECTIONS: { key: string; render: (props: SectionProps) => ReactNode }[] = [
  { key: 'profile', render: ({ user }) => <ProfileSection user={user} /> },
  { key: 'moderation', render: ({ user }) => <ModerationSection user={user} /> },
  { key: 'permissions', render: ({ user }) => <PermissionsSection userId={user.id} /> },
  { key: 'export-status', render: ({ user }) => <ExportStatusSection userId={user.id} role={user.role} /> },
  { key: 'tickets', render: ({ user }) => <TicketsSection userId={user.id} /> },
  { key: 'reports', render: ({ user }) => <ReportsSection userId={user.id} /> },
  { key: 'ledger', render: ({ user }) => <LedgerSection userId={user.id} /> },
  { key: 'activity', render: ({ user }) => <ActivitySection user={user} /> },
];

export function AdminUserPage({ userId }: { userId: string }) {
  const query = trpc.moderation.user.useQuery({ id: userId }, { retry: false });
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <AdminBreadcrumbs
        className="-my-2"
        trail={[{ label: 'Users', to: '/admin-panel', search: { tab: 'users' } }]}
        current={<span className="truncate">{query.data ? fullName(query.data) : 'User'}</span>}
      />
      <QueryView query={query} what="the user">
        {(row) => {
          const user = { ...row, name: fullName(row) };
          return (
            <>
              <h1 className="break-words text-2xl font-bold">{user.name}</h1>
              {SECTIONS.map((section) => (
                // A section with nothing to show (export status to non-officers) leaves no gap.
                <div key={section.key} className="empty:hidden">
                  {section.render({ user })}
                </div>
              ))}
            </>
          );
        }}
      </QueryView>
    </div>
  );
}

function ProfileSection({ user }: SectionProps) {
  const rows: [string, ReactNode][] = [
    ['Email', user.email],
    ['Role', stateLabel(user.role)],
    ['Business', user.businessName ?? 'N/A'],
    ['Phone', user.phoneNumber ?? 'N/A'],
    ['Verified', user.isVerified ? 'Yes' : 'No'],
    [
      'Status',
      // A running suspension is what the account is (its status column stays as it was underneath).
      // (suspended_until is cleared when it ends: lifted, or by the suspension-ends job within a minute.)
      user.suspendedUntil && user.status !== 'banned' ? (
        `Suspended until ${formatDateTime(user.suspendedUntil)}`
      ) : (
        <>
          {stateLabel(user.status)}
          {user.status === 'restricted' && user.restrictedUntil ? ` until ${formatDateTime(user.restrictedUntil)}` : ''}
        </>
      ),
    ],
    ['Ban reason', user.banReason ?? '—'],
    ['Admin notes', user.adminNotes ?? '—'],
    ['Joined', formatDateTime(user.createdAt)],
  ];
  return (
    <SectionCard
      titleId="profile-title"
      title="Profile"
      aside={<ReportButton flag targetType="user" targetId={user.id} targetLabel={user.name} className="btn btn-outline btn-xs" />}
    >
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-base-content/70">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-base-content/75">
        Warn and suspend below.{' '}
        <Link to="/admin-panel" search={{ tab: 'users', uq: user.email }} className="link link-primary">
          Restrict, ban, verify or message {user.name} in the users list
        </Link>
        .
      </p>
    </SectionCard>
  );
}

function ActivitySection({ user }: SectionProps) {
  const activity = trpc.admin.activity.useQuery({ user: user.id, limit: 20 });
  return (
    <SectionCard titleId="activity-title" title="Recent activity">
      <QueryView query={activity} what="activity" empty="No activity recorded.">
        {(page) => (
          <ul className="mt-3 flex flex-col gap-1 text-sm">
            {page.items.map((a) => (
              <li key={a.id} className="flex flex-wrap gap-x-3">
                <time className="text-base-content/75" dateTime={a.createdAt.toISOString()}>
                  {formatDateTime(a.createdAt)}
                </time>
                <span className="font-mono text-xs">{a.action}</span>
                {a.targetType && (
                  <span className="text-base-content/75">
                    {a.targetType} {a.targetId}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <Link to="/admin-panel" search={{ tab: 'activity', auser: user.id }} className="link link-primary mt-2 inline-block text-sm">
        Full activity log
      </Link>
    </SectionCard>
  );
}
