// The review promise in the admin list (issue 14, points 4 and 7): the next open due date, "Overdue"
// once it has passed, and "Milestone overdue" for a development milestone past its date.
import { formatDate } from '~/shared/format.ts';
import { type DueState, dueState } from '~/shared/review-promise.ts';

type DateValue = Date | string;
interface DueDateView {
  dueAt: DateValue;
  metAt: DateValue | null;
}

const toDate = (value: DateValue) => (value instanceof Date ? value : new Date(value));
/** A due date's badge colour by where it stands, here and on the pipeline board. */
export const DUE_STATE_CLASSES: Record<DueState, string> = {
  open: 'badge-ghost',
  due_soon: 'badge-warning',
  overdue: 'badge-error badge-outline',
  met: 'badge-success badge-outline',
  met_late: 'badge-ghost',
};
/** The two promises by name, here and on the pipeline board. */
export const PROMISE_LABELS = { initial_review: 'Initial review', feedback: 'Feedback' } as const;

export function DueBadges({
  dueDates,
  milestoneOverdue,
  now = new Date(),
}: {
  dueDates: { initialReview: DueDateView; feedback: DueDateView };
  milestoneOverdue: boolean;
  now?: Date;
}) {
  const open = (
    [
      [PROMISE_LABELS.initial_review, dueDates.initialReview],
      [PROMISE_LABELS.feedback, dueDates.feedback],
    ] as const
  )
    .map(([label, due]) => ({
      label,
      dueAt: toDate(due.dueAt),
      state: dueState({ dueAt: toDate(due.dueAt), metAt: due.metAt ? toDate(due.metAt) : null }, now),
    }))
    .filter((d) => d.state === 'open' || d.state === 'due_soon' || d.state === 'overdue');
  const next = open[0];
  const overdue = open.some((d) => d.state === 'overdue');
  if (!next && !milestoneOverdue) return null;
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid="due-badges">
      {overdue && <span className="badge badge-sm badge-error whitespace-nowrap">Overdue</span>}
      {next && (
        <span className={`badge badge-sm whitespace-nowrap ${DUE_STATE_CLASSES[next.state]}`}>
          {next.label} due {formatDate(next.dueAt)}
        </span>
      )}
      {milestoneOverdue && <span className="badge badge-sm badge-error whitespace-nowrap">Milestone overdue</span>}
    </span>
  );
}
