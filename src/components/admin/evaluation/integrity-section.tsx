// Review integrity on the evaluation page (issue 33, points 4 and 5; ADR 0048): which scorecards went
// stale when the seller answered, the caller's Confirm, and the split decision with the lead's
// internal discussion note.
import { type FormEvent, useState } from 'react';
import { trpc } from '~/client/trpc.ts';
import { formatDateTime } from '~/shared/format.ts';
import { DISCUSSION_NOTE_MAX, DISCUSSION_NOTE_REQUIRED } from '~/shared/review-integrity.ts';
import type { Evaluation } from './score-fields.tsx';
import { useEvaluationFeedback } from './use-evaluation-feedback.ts';
import { SectionCard } from '~/components/list-card.tsx';

export function IntegritySection({ evaluation: e }: { evaluation: Evaluation }) {
  const confirm = trpc.evaluation.confirmScorecard.useMutation(useEvaluationFeedback(e.id, 'Scorecard confirmed'));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const discuss = trpc.evaluation.discuss.useMutation(useEvaluationFeedback(e.id, 'Discussion note recorded', () => setNote('')));
  const stale = e.scorecards.filter((card) => card.staleSince !== null);
  const ownStale = e.ownScorecard?.staleSince ?? null;
  if (e.staleCount === 0 && !e.split && e.discussionNotes.length === 0 && !ownStale) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return setError(DISCUSSION_NOTE_REQUIRED);
    setError(null);
    discuss.mutate({ id: e.id, note });
  };

  return (
    <SectionCard titleId="integrity-title" title="Review integrity" testId="review-integrity">
      {e.staleCount > 0 && (
        <div className="mt-3 text-sm" data-testid="stale-scorecards">
          <p className="font-medium">
            {e.staleCount} scorecard{e.staleCount === 1 ? ' was' : 's were'} submitted before the seller answered an information request. Release waits until
            each is confirmed or changed.
          </p>
          {stale.length > 0 && (
            <ul className="mt-1 list-inside list-disc">
              {stale.map((card) => (
                <li key={card.id}>
                  {card.reviewerName}: stale since <time dateTime={new Date(card.staleSince!).toISOString()}>{formatDateTime(card.staleSince!)}</time>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {ownStale && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm">Your scorecard predates the seller&apos;s answer. Confirm it as it is, or change it above.</p>
          <button type="button" className="btn btn-primary btn-sm" disabled={confirm.isPending} onClick={() => confirm.mutate({ id: e.id })}>
            {confirm.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Confirm my scorecard
          </button>
        </div>
      )}
      {e.split && (
        <div className="mt-4 text-sm" data-testid="split-decision">
          <p className="font-medium">
            {e.split.resolved ? 'The scorecards disagree widely; a discussion note resolves it.' : 'The scorecards disagree widely:'}{' '}
            {e.split.reasons.join('; ')}.
          </p>
          {!e.split.resolved && <p>Approve, quote and release wait until the lead records how it was resolved.</p>}
        </div>
      )}
      {e.discussionNotes.length > 0 && (
        <>
          <h3 className="mt-4 text-xs font-medium uppercase tracking-wide text-base-content/70">Discussion notes (internal)</h3>
          <ul className="mt-1 flex flex-col gap-2 text-sm">
            {e.discussionNotes.map((n) => (
              <li key={n.id}>
                <p className="whitespace-pre-line">{n.note}</p>
                <p className="text-base-content/70">
                  {n.authorName}, <time dateTime={new Date(n.createdAt).toISOString()}>{formatDateTime(n.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      {e.viewer.isLead && e.split && (
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-2">
          <label htmlFor="discussion-note" className="text-sm font-medium">
            How was the disagreement resolved? (internal, never shown to the seller)
          </label>
          <textarea
            id="discussion-note"
            className="textarea textarea-bordered w-full"
            rows={3}
            maxLength={DISCUSSION_NOTE_MAX}
            value={note}
            onChange={(ev) => setNote(ev.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'discussion-note-error' : undefined}
          />
          {error && (
            <p id="discussion-note-error" className="text-sm text-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-sm self-end" disabled={discuss.isPending}>
            {discuss.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Record discussion note
          </button>
        </form>
      )}
    </SectionCard>
  );
}
