// The audit trail (issue 5): who did what to which target, from where; filter by user and action,
// export as CSV.
import { keepPreviousData } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { trpc } from '~/client/trpc.ts';
import { toastError } from '~/components/toast/toast-store.ts';
import { BusyButton } from '~/components/forms/busy-button.tsx';
import { QueryView } from '~/components/query-view.tsx';
import { type AdminSearch, type SetSearch, activityQueryInput } from './admin-search.ts';
import { downloadText } from './download.ts';
import { AccessRecordCheck } from './access-record-check.tsx';
import { ListPager } from './pager.tsx';
import { FilterSelect } from './list-parts.tsx';
import { datedFileName, formatDateTime } from '~/shared/format.ts';
import { NoMatches, clearListFilters } from '~/components/no-matches.tsx';
import { useSearchText } from './use-search-text.ts';

export function ActivityPanel({ search, setSearch }: { search: AdminSearch; setSearch: SetSearch }) {
  const input = activityQueryInput(search);
  const list = trpc.admin.activity.useQuery(input, { placeholderData: keepPreviousData });
  const actions = trpc.admin.activityActions.useQuery();
  const [text, setText] = useSearchText(search.auser);
  const exporter = trpc.admin.exportActivityCsv.useMutation();
  const exporting = exporter.isPending;
  const apply = (patch: Partial<AdminSearch>) => setSearch({ ...patch, acursor: undefined, adir: undefined });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ auser: text.trim() || undefined });
  };
  const exportCsv = async () => {
    try {
      downloadText(datedFileName('activity'), await exporter.mutateAsync({ user: input.user, action: input.action }));
    } catch {
      toastError('Failed to export the activity log');
    }
  };

  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="sr-only">
        Activity
      </h2>
      <AccessRecordCheck />
      <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 md:flex-row md:items-end">
        <form role="search" onSubmit={submit} className="flex flex-1 items-end gap-2">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor="activity-user" className="text-xs font-medium text-base-content/70">
              User (email or id)
            </label>
            <input id="activity-user" type="search" className="input input-bordered input-sm w-full" value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <button type="submit" className="btn btn-primary btn-sm">
            Filter
          </button>
        </form>
        <div className="md:w-56">
          <FilterSelect
            id="activity-action"
            label="Action"
            value={search.aaction}
            options={(actions.data ?? []).map((a) => [a, a])}
            onChange={(v) => apply({ aaction: v })}
          />
        </div>
        <BusyButton type="button" className="btn btn-outline btn-sm" onClick={exportCsv} pending={exporting}>
          Export CSV
        </BusyButton>
      </div>
      <QueryView
        query={list}
        what="activity"
        empty={<NoMatches message="No activity matches these filters." onClear={clearListFilters('activity', search, setSearch)} />}
      >
        {(page) => (
          <ol className="mt-4 flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-busy={list.isFetching}>
            {page.items.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-1 p-3 text-sm md:flex-row md:items-baseline md:gap-4" data-testid="activity-row">
                <time className="shrink-0 text-base-content/70 md:w-52" dateTime={entry.createdAt.toISOString()}>
                  {formatDateTime(entry.createdAt, { seconds: true })}
                </time>
                <span className="badge badge-sm badge-outline shrink-0 font-mono">{entry.action}</span>
                <span className="min-w-0 flex-1 break-words">
                  {entry.actorEmail ?? (entry.userId ? 'deleted user' : 'guest')}
                  {entry.targetType && (
                    <span className="text-base-content/70">
                      {' '}
                      → {entry.targetType} {entry.targetId}
                    </span>
                  )}
                  {entry.details !== null && <span className="block truncate font-mono text-xs text-base-content/75">{JSON.stringify(entry.details)}</span>}
                </span>
                <span className="shrink-0 text-xs text-base-content/75">{entry.ipAddress ?? ''}</span>
              </li>
            ))}
          </ol>
        )}
      </QueryView>
      <ListPager label="Activity" list={list} onPage={(acursor, adir) => setSearch({ acursor, adir })} />
    </section>
  );
}
