// The review promise on the seller's prototype page (issue 14, point 4): when the initial review
// and the feedback are expected, and once met, when they were.
import { formatDate } from '~/shared/format.ts';
import { FEEDBACK_WINDOW, INITIAL_REVIEW_WINDOW } from '~/components/review-window.ts';
import { SectionCard } from '~/components/list-card.tsx';

type DateValue = Date | string;
interface DueDateView {
  dueAt: DateValue;
  metAt: DateValue | null;
}

function line(due: DueDateView, expected: string, done: string) {
  return due.metAt ? `${done} ${formatDate(due.metAt)}` : `${expected} ${formatDate(due.dueAt)}`;
}

export function ReviewPromise({ dueDates }: { dueDates: { initialReview: DueDateView; feedback: DueDateView } }) {
  const items = [
    {
      key: 'initial-review',
      met: !!dueDates.initialReview.metAt,
      text: line(dueDates.initialReview, 'Initial review expected by', 'Initial review completed on'),
    },
    { key: 'feedback', met: !!dueDates.feedback.metAt, text: line(dueDates.feedback, 'Feedback expected by', 'Feedback given on') },
  ];
  return (
    <SectionCard titleId="review-promise-title" title="Review timeline" testId="review-promise">
      <p className="mt-1 text-sm text-base-content/70">{`Initial review within ${INITIAL_REVIEW_WINDOW}, detailed feedback and next steps within ${FEEDBACK_WINDOW}.`}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.key} className="flex items-start gap-2" data-testid={`due-${item.key}`}>
            <span aria-hidden="true" className={`mt-1.5 inline-block size-2 shrink-0 rounded-full ${item.met ? 'bg-success' : 'bg-info'}`} />
            <span>{item.text}</span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
