// /admin/support: the support queue. Filters (status, category, priority, assignee) live in the
// URL; the heading shows the active tickets by status and how long the oldest unanswered one has
// waited. Longest-waiting first; a ticket opens on /admin/support/$ticketId.
import { Link } from '@tanstack/react-router';
import { trpc } from '~/client/trpc.ts';
import { QueryView } from '~/components/query-view.tsx';
import { formatAge, ticketCategoryLabel, ticketStatusLabel } from '~/components/support/format.ts';
import { TicketList } from '~/components/support/ticket-parts.tsx';
import { LEVELS } from '~/shared/constants.ts';
import { formatDateTime, fullName, stateLabel } from '~/shared/format.ts';
import { TICKET_CATEGORIES, TICKET_STATUSES, type TicketStatus } from '~/shared/moderation.ts';
import { ACTIVE_STATUSES } from '~/shared/ticket-workflow.ts';
import { TICKET_CATEGORY_LABELS } from '~/shared/schemas/support.ts';
import { AdminPageHeader, Figure, FilterBar, bindFilters } from './list-parts.tsx';
import { ListCard } from '~/components/list-card.tsx';
import { ListPager } from './pager.tsx';
import { type SupportSearch, queueInput } from './support-search.ts';
import { keepPreviousData } from '@tanstack/react-query';

const statusLabel = (status: TicketStatus | 'all') => (status === 'all' ? 'All' : ticketStatusLabel(status, 'admin'));

export function SupportQueue({ search, setSearch }: { search: SupportSearch; setSearch: (next: SupportSearch) => void }) {
  const summary = trpc.support.queueSummary.useQuery();
  const assignees = trpc.support.assignees.useQuery();
  const list = trpc.support.queue.useQuery(queueInput(search), { placeholderData: keepPreviousData });
  const filter = (patch: Partial<SupportSearch>) => setSearch({ ...search, ...patch, cursor: undefined, dir: undefined });
  const select = bindFilters(search, filter);
  const activeOr = search.status === 'active' ? undefined : search.status;
  const assigneeChoices: [string, string][] = [
    ['me', 'Assigned to me'],
    ['unassigned', 'Unassigned'],
    ...(assignees.data ?? []).map((a): [string, string] => [a.id, fullName(a)]),
  ];
  const oldest = summary.data?.oldestUnanswered;
  const counts: Partial<Record<TicketStatus, number>> | undefined = summary.data?.counts;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <AdminPageHeader current="Support" title="Support queue" description="Tickets from users, longest waiting for an answer first." />

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="support-summary">
        {ACTIVE_STATUSES.map((s) => (
          <Figure key={s} label={ticketStatusLabel(s, 'admin')}>
            {counts?.[s] ?? '—'}
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

      <FilterBar
        label="Filter tickets"
        className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        filters={[
          { ...select('status', 'support-status', 'Status', 'Active (not resolved or closed)', ['all', ...TICKET_STATUSES], statusLabel), value: activeOr },
          select('category', 'support-category', 'Category', 'All categories', TICKET_CATEGORIES, TICKET_CATEGORY_LABELS),
          select('priority', 'support-priority', 'Priority', 'All priorities', LEVELS, stateLabel),
          select('assignee', 'support-assignee', 'Assignee', 'Anyone', assigneeChoices),
        ]}
      />

      <ListCard titleId="ticket-list-title" title="Tickets" flush className="mt-6">
        <QueryView query={list} what="the tickets" empty={<p className="px-5 py-10 text-center text-base-content/70">No tickets match these filters</p>}>
          {(page) => (
            <TicketList
              tickets={page.items}
              side="admin"
              rowTestId="support-queue-row"
              busy={list.isFetching}
              details={(t) => (
                <>
                  <span className="text-xs text-base-content/70">
                    {t.user.name} · {ticketCategoryLabel(t.category)} · {t.assignee ? `assigned to ${t.assignee.name}` : 'unassigned'} · updated{' '}
                    {formatDateTime(t.lastUpdated)}
                  </span>
                  {t.awaitingReplySince && (
                    <span className="text-xs font-medium text-base-content/80">Waiting for an answer since {formatDateTime(t.awaitingReplySince)}</span>
                  )}
                </>
              )}
            />
          )}
        </QueryView>
        <div className="px-5 pb-4">
          <ListPager label="Tickets" list={list} onPage={(cursor, dir) => setSearch({ ...search, cursor, dir })} />
        </div>
      </ListCard>
    </div>
  );
}
