// The reports queue's URL: its filters and page. No data layer here: route options load with the first page.
import { compact, oneOf, text } from '~/client/search-params.ts';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES, type ReportReason, type ReportStatus, type ReportTargetType } from '~/shared/moderation.ts';

export interface ReportsSearch {
  status?: ReportStatus;
  reason?: ReportReason;
  target?: ReportTargetType;
  cursor?: string;
  dir?: 'next' | 'prev';
}

export function parseReportsSearch(input: Record<string, unknown>): ReportsSearch {
  return compact({
    status: oneOf(REPORT_STATUSES, input.status),
    reason: oneOf(REPORT_REASONS, input.reason),
    target: oneOf(REPORT_TARGET_TYPES, input.target),
    cursor: text(input.cursor, 500),
    dir: oneOf(['next', 'prev'] as const, input.dir),
  });
}

export const reportsQueueInput = (search: ReportsSearch) =>
  compact({ status: search.status, reason: search.reason, targetType: search.target, cursor: search.cursor, direction: search.dir });
