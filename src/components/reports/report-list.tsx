// Reports as admins read them: target (linked), reason, reporter, status and outcome. Used by the
// reports queue and the admin user page.
import type { RouterOutputs } from '~/client/trpc.ts';
import { formatDateTime, stateInSentence, stateLabel } from '~/shared/format.ts';
import { REPORT_REASON_LABELS, REPORT_TARGET_LABELS } from '~/shared/schemas/reports.ts';

export type AdminReport = RouterOutputs['reports']['queue']['items'][number];

const STATUS_CLASS: Record<AdminReport['status'], string> = {
  pending: 'badge-warning',
  reviewed: 'badge-info',
  resolved: 'badge-success',
  dismissed: 'badge-ghost',
};

export function ReportSummary({ report }: { report: AdminReport }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className="flex flex-wrap items-center gap-2">
        <span className={`badge badge-sm ${STATUS_CLASS[report.status]}`}>{stateLabel(report.status)}</span>
        <span className="font-medium">{REPORT_REASON_LABELS[report.reason]}</span>
        <span className="text-sm text-base-content/70">
          {REPORT_TARGET_LABELS[report.targetType]}:{' '}
          {report.target.href ? (
            <a href={report.target.href} className="link link-primary">
              {report.target.label}
            </a>
          ) : (
            report.target.label
          )}
        </span>
      </p>
      <p className="whitespace-pre-wrap break-words text-sm">{report.description}</p>
      <p className="text-xs text-base-content/70">
        By {report.reporter ? `${report.reporter.name} (${report.reporter.email})` : 'a deleted account'} · {formatDateTime(report.createdAt)}
        {report.reviewer && ` · ${stateInSentence(report.status)} by ${report.reviewer.name}`}
      </p>
      {report.resolution && <p className="text-sm">Outcome: {report.resolution}</p>}
    </div>
  );
}
