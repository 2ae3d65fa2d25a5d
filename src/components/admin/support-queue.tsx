// /admin/support: the support queue. Filters (status, category, priority, assignee) live in the
// URL; the heading shows the active tickets by status and how long the oldest unanswered one has
// waited. Longest-waiting first; a ticket opens on /admin/support/$ticketId.
import { Link } from '@tanstack/react-router';
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { Spinner } from '~/components/spinner.tsx';
import { formatAge, ticketCategoryLabel, ticketStatusLabel } from '~/components/support/format.ts';
import { TicketRow } from '~/components/support/ticket-parts.tsx';
import { LEVELS } from '~/shared/constants.ts';
import { formatDateTime, fullName, stateLabel } from '~/shared/format.ts';
import { TICKET_CATEGORIES, TICKET_STATUSES } from '~/shared/moderation.ts';
import { TICKET_CATEGORY_LABELS } from '~/shared/schemas/support.ts';
import { Pager } from './pager.tsx';
import { type SupportSearch, queueInput } from './support-search.ts';
import { keepPreviousData } from '@tanstack/react-query';

export function SupportQueue({ search, setSearch }: { search: SupportSearch; setSearch: (next: SupportSearch) => void }) {
  const summary = trpc.support.queueSummary.useQuery();
  const assignees = trpc.support.assignees.useQuery();
  const list = trpc.support.queue.useQuery(queueInput(search), { placeholderData: keepPreviousData });
  const filter = (patch: Partial<SupportSearch>) => setSearch({ ...search, ...patch, cursor: undefined, dir: undefined });
  const oldest = summary.data?.oldestUnanswered;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to="/admin-panel">Admin Panel</Link>
          </li>
          <li aria-current="page">Support</li>
        </ul>
      </nav>
      <h1 className="text-2xl font-bold sm:text-3xl">Support queue</h1>
      <p className="mt-1 text-base-content/70">Tickets from users, longest waiting for an answer first.</p>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="support-summary">
        {(['open', 'in_progress', 'waiting_on_user'] as const).map((s) => (
          <div key={s} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
            <dt className="text-sm text-base-content/70">{ticketStatusLabel(s, 'admin')}</dt>
            <dd className="text-2xl font-bold tabular-nums">{summary.data?.counts[s] ?? '—'}</dd>
          </div>
        ))}
        <div className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
          <dt className="text-sm text-base-content/70">Unassigned</dt>
          <dd className="text-2xl font-bold tabular-nums">{summary.data?.unassigned ?? '—'}</dd>
        </div>
        <div className="col-span-2 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:col-span-1">
          <dt className="text-sm text-base-content/70">Oldest unanswered</dt>
          <dd className="text-2xl font-bold" data-testid="oldest-unanswered">
            {summary.data ? (
              oldest ? (
                <Link to="/admin/support/$ticketId" params={{ ticketId: String(oldest.id) }} className="link link-hover">
                  {formatAge(oldest.ageSeconds)}
                </Link>
              ) : (
                'None'
              )
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>

      <form
        role="search"
        aria-label="Filter tickets"
        className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          Status
          <select
            className="select select-bordered w-full"
            value={search.status ?? 'active'}
            onChange={(e) => filter({ status: e.target.value as SupportSearch['status'] })}
          >
            <option value="active">Active (not resolved or closed)</option>
            <option value="all">All</option>
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ticketStatusLabel(s, 'admin')}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Category
          <select
            className="select select-bordered w-full"
            value={search.category ?? ''}
            onChange={(e) => filter({ category: (e.target.value || undefined) as SupportSearch['category'] })}
          >
            <option value="">All categories</option>
            {TICKET_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {TICKET_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Priority
          <select
            className="select select-bordered w-full"
            value={search.priority ?? ''}
            onChange={(e) => filter({ priority: (e.target.value || undefined) as SupportSearch['priority'] })}
          >
            <option value="">All priorities</option>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {stateLabel(l)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Assignee
          <select className="select select-bordered w-full" value={search.assignee ?? ''} onChange={(e) => filter({ assignee: e.target.value || undefined })}>
            <option value="">Anyone</option>
            <option value="me">Assigned to me</option>
            <option value="unassigned">Unassigned</option>
            {assignees.data?.map((a) => (
              <option key={a.id} value={a.id}>
                {fullName(a)}
              </option>
            ))}
          </select>
        </label>
      </form>

      <section aria-labelledby="ticket-list-title" className="mt-6 rounded-box border border-base-300 bg-base-100 shadow-sm">
        <h2 id="ticket-list-title" className="px-5 pt-5 text-lg font-semibold">
          Tickets
        </h2>
        {list.isLoading && <Spinner label="Loading tickets" className="py-10" />}
        {list.isError && (
          <p role="alert" className="alert alert-error m-5">
            {serverMessage(list.error, 'Could not load the tickets.')}
          </p>
        )}
        {list.data?.items.length === 0 && <p className="px-5 py-10 text-center text-base-content/70">No tickets match these filters</p>}
        {list.data && list.data.items.length > 0 && (
          <ul className="divide-y divide-base-300">
            {list.data.items.map((t) => (
              <TicketRow
                key={t.id}
                ticket={t}
                side="admin"
                testId="support-queue-row"
                details={
                  <>
                    <span className="text-xs text-base-content/70">
                      {t.user.name} · {ticketCategoryLabel(t.category)} · {t.assignee ? `assigned to ${t.assignee.name}` : 'unassigned'} · updated{' '}
                      {formatDateTime(t.lastUpdated)}
                    </span>
                    {t.awaitingReplySince && (
                      <span className="text-xs font-medium text-base-content/80">Waiting for an answer since {formatDateTime(t.awaitingReplySince)}</span>
                    )}
                  </>
                }
              />
            ))}
          </ul>
        )}
        <div className="px-5 pb-4">
          <Pager
            label="Tickets"
            prevCursor={list.data?.prevCursor ?? null}
            nextCursor={list.data?.nextCursor ?? null}
            busy={list.isFetching}
            onPage={(cursor, dir) => setSearch({ ...search, cursor, dir })}
            onFirst={() => setSearch({ ...search, cursor: undefined, dir: undefined })}
          />
        </div>
      </section>
    </div>
  );
}
