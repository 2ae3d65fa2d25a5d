// The admin user page's concern reports: about the user (or their prototypes and messages) and by them.
import { trpc } from '~/client/trpc.ts';
import { QueryView } from '~/components/query-view.tsx';
import { ReportSummary } from '~/components/reports/report-list.tsx';
import { SectionCard } from '~/components/list-card.tsx';

export function ReportsSection({ userId }: { userId: string }) {
  const reports = trpc.reports.forUser.useQuery({ userId });
  return (
    <SectionCard titleId="user-reports-title" title="Concern reports">
      <QueryView query={reports} what="the reports" empty="No reports about or by this user.">
        {(rows) => (
          <ul className="mt-3 flex flex-col divide-y divide-base-200">
            {rows.map((report) => (
              <li key={report.id} className="py-3">
                <ReportSummary report={report} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </SectionCard>
  );
}
