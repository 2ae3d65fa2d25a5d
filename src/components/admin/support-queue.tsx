// /admin/support: the support queue. Filters (status, category, priority, assignee) live in the
// URL; the heading shows the active tickets by status and how long the oldest unanswered one has
// waited. Longest-waiting first; a ticket opens on /admin/support/$ticketId.
import { Link } from '@tanstack/react-router';
import { trpc } from '~/client/trpc.ts';
import { QueryView } from '~/components/query-view.tsx';
import { formatAge, ticketCategoryLabel, ticketStatusLabel } from '~/components/support/format.ts';
import { TicketRow } from '~/components/support/ticket-parts.tsx';
import { LEVELS } from '~/shared/constants.ts';
import { formatDateTime, fullName, stateLabel } from '~/shared/format.ts';
import { TICKET_CATEGORIES, TICKET_STATUSES } from '~/shared/moderation.ts';
import { TICKET_CATEGORY_LABELS } from '~/shared/schemas/support.ts';
import { AdminPageHeader, Figure, FilterSelect } from './list-parts.tsx';
import { ListPager } from './pager.tsx';
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
      <AdminPageHeader current="Support" title="Support queue" description="Tickets from users, longest waiting for an answer first." />

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="support-summary">
        {(['open', 'in_progress', 'waiting_on_user'] as const).map((s) => (
          <Figure key={s} label={ticketStatusLabel(s, 'admin')}>
            {summary.data?.counts[s] ?? '—'}
          </Figure>
        ))}
        <Figure label="Unassigned">{summary.data?.unassigned ?? '—'}</Figure>
        <Figure label="Oldest unanswered" testId="oldest-unanswered" className="col-span-2 sm:col-span-1">
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
        </Figure>
      </dl>

      <form
        role="search"
        aria-label="Filter tickets"
        className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <FilterSelect
          id="support-status"
          label="Status"
          allLabel="Active (not resolved or closed)"
          value={search.status === 'active' ? undefined : search.status}
          options={[['all', 'All'], ...TICKET_STATUSES.map((s): [string, string] => [s, ticketStatusLabel(s, 'admin')])]}
          onChange={(status) => filter({ status: status as SupportSearch['status'] })}
        />
        <FilterSelect
          id="support-category"
          label="Category"
          allLabel="All categories"
          value={search.category}
          options={TICKET_CATEGORIES.map((c) => [c, TICKET_CATEGORY_LABELS[c]])}
          onChange={(category) => filter({ category: category as SupportSearch['category'] })}
        />
        <FilterSelect
          id="support-priority"
          label="Priority"
          allLabel="All priorities"
          value={search.priority}
          options={LEVELS.map((l) => [l, stateLabel(l)])}
          onChange={(priority) => filter({ priority: priority as SupportSearch['priority'] })}
        />
        <FilterSelect
          id="support-assignee"
          label="Assignee"
          allLabel="Anyone"
          value={search.assignee}
          options={[['me', 'Assigned to me'], ['unassigned', 'Unassigned'], ...(assignees.data ?? []).map((a): [string, string] => [a.id, fullName(a)])]}
          onChange={(assignee) => filter({ assignee })}
        />
      </form>

      <section aria-labelledby="ticket-list-title" className="mt-6 rounded-box border border-base-300 bg-base-100 shadow-sm">
        <h2 id="ticket-list-title" className="px-5 pt-5 text-lg font-semibold">
          Tickets
        </h2>
        <QueryView
          query={list}
          what="the tickets"
          isEmpty={(page) => page.items.length === 0}
          empty={<p className="px-5 py-10 text-center text-base-content/70">No tickets match these filters</p>}
        >
          {(page) => (
            <ul className="divide-y divide-base-300" aria-busy={list.isFetching}>
              {page.items.map((t) => (
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
        </QueryView>
        <div className="px-5 pb-4">
          <ListPager label="Tickets" list={list} onPage={(cursor, dir) => setSearch({ ...search, cursor, dir })} />
        </div>
      </section>
    </div>
  );
}
