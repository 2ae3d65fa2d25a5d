// /admin/reports: the concern reports queue (issue 15, point 5; ADR 0018). Filters live in the URL;
// newest first; each open report can be marked reviewed, resolved or dismissed (with the outcome the
// reporter is told).
import { type FormEvent, useId, useState } from 'react';
import { Field, controlOf } from '~/components/forms/field.tsx';
import { trpc } from '~/client/trpc.ts';
import { QueryView } from '~/components/query-view.tsx';
import { type AdminReport, ReportSummary } from '~/components/reports/report-list.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { stateInSentence, stateLabel } from '~/shared/format.ts';
import { OPEN_REPORT_STATUSES, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES, type ReportStatus } from '~/shared/moderation.ts';
import { REPORT_REASON_LABELS, REPORT_TARGET_LABELS, REPORT_TEXT_MAX } from '~/shared/schemas/reports.ts';
import { AdminPageHeader, Figure, FilterBar, bindFilters } from './list-parts.tsx';
import { ListCard } from '~/components/list-card.tsx';
import { ListPager } from './pager.tsx';
import { type ReportsSearch, reportsQueueInput } from './reports-search.ts';
import { DeclineReasonsTable } from './decline-reasons-table.tsx';
import { NoMatches } from '~/components/no-matches.tsx';
import { keepPreviousData } from '@tanstack/react-query';

export function ReportsQueue({ search, setSearch }: { search: ReportsSearch; setSearch: (next: ReportsSearch) => void }) {
  const counts = trpc.reports.counts.useQuery();
  const list = trpc.reports.queue.useQuery(reportsQueueInput(search), { placeholderData: keepPreviousData });
  const filter = (patch: Partial<ReportsSearch>) => setSearch({ ...search, ...patch, cursor: undefined, dir: undefined });
  const select = bindFilters(search, filter);
  const filtered = search.status !== undefined || search.reason !== undefined || search.target !== undefined;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <AdminPageHeader current="Reports" title="Concern reports" description="What users reported and what admins flagged, newest first." />

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="report-counts">
        {REPORT_STATUSES.map((s) => (
          <Figure key={s} label={stateLabel(s)}>
            {counts.data?.[s] ?? '—'}
          </Figure>
        ))}
      </dl>

      <FilterBar
        label="Filter reports"
        className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3"
        filters={[
          select('status', 'reports-status', 'Status', 'All statuses', REPORT_STATUSES, stateLabel),
          select('reason', 'reports-reason', 'Reason', 'All reasons', REPORT_REASONS, REPORT_REASON_LABELS),
          select('target', 'reports-target', 'Target', 'Everything', REPORT_TARGET_TYPES, REPORT_TARGET_LABELS),
        ]}
      />

      <ListCard titleId="reports-title" title="Reports" className="mt-6">
        <QueryView
          query={list}
          what="the reports"
          empty={<NoMatches message={filtered ? 'No reports match these filters.' : 'No reports yet.'} onClear={filtered ? () => setSearch({}) : undefined} />}
        >
          {(page) => (
            <ul className="mt-3 flex flex-col divide-y divide-base-200" aria-busy={list.isFetching} data-testid="report-list">
              {page.items.map((report) => (
                <li key={report.id} className="flex flex-col gap-3 py-4" data-testid="report-row">
                  <ReportSummary report={report} />
                  {OPEN_REPORT_STATUSES.includes(report.status) && <ReportDecision report={report} />}
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        <ListPager label="Report" list={list} onPage={(cursor, dir) => setSearch({ ...search, cursor, dir })} />
      </ListCard>

      <DeclineReasonsTable />
    </div>
  );
}

/** Reviewed (still open), or resolved / dismissed with the outcome the reporter reads. */
function ReportDecision({ report }: { report: AdminReport }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | undefined>();
  const update = trpc.reports.update.useMutation({
    onSuccess: async (row) => {
      toast({ title: `Report ${stateInSentence(row.status)}`, description: row.status === 'reviewed' ? undefined : 'The reporter has been told.' });
      await utils.reports.invalidate();
    },
    onError: (e) => toastError('The report could not be updated.', e),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const status = (submitter?.value ?? 'resolved') as ReportStatus;
    const resolution = String(new FormData(event.currentTarget).get('resolution') ?? '').trim();
    if (status !== 'reviewed' && !resolution) return setError('Resolution is required to resolve or dismiss a report');
    setError(undefined);
    update.mutate({ id: report.id, status, ...(resolution ? { resolution } : {}) });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 rounded-box bg-base-200/60 p-3" aria-label={`Decide report #${report.id}`}>
      <Field name={`${id}-resolution`} label="Outcome (the reporter reads it)" error={error}>
        <textarea
          name="resolution"
          rows={2}
          maxLength={REPORT_TEXT_MAX}
          className="textarea textarea-bordered w-full"
          {...controlOf(`${id}-resolution`, error)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        {report.status === 'pending' && (
          <button type="submit" value="reviewed" className="btn btn-ghost btn-sm" disabled={update.isPending}>
            Mark reviewed
          </button>
        )}
        <button type="submit" value="resolved" className="btn btn-primary btn-sm" disabled={update.isPending}>
          Resolve
        </button>
        <button type="submit" value="dismissed" className="btn btn-outline btn-sm" disabled={update.isPending}>
          Dismiss
        </button>
      </div>
    </form>
  );
}
