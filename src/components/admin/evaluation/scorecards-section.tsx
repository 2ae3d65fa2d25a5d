// The submitted scorecards under the visibility rule (src/server/domain/views/evaluation-view.ts).
import { stateLabel, countOf } from '~/shared/format.ts';
import { SCORE_FIELD_NAMES } from '~/shared/schemas/evaluation.ts';
import { type Evaluation, SCORE_LABELS, figure } from './score-fields.tsx';
import { SectionCard } from '~/components/list-card.tsx';

const SHOWN = [...SCORE_FIELD_NAMES, 'confidence'] as const;

export function ScorecardsSection({ evaluation: e }: { evaluation: Evaluation }) {
  return (
    <SectionCard titleId="scorecards-title" title={<>Scorecards ({e.scorecardCount})</>}>
      {!e.viewer.canSeeScorecards ? (
        <p className="mt-2 text-sm text-base-content/70">{countOf(e.scorecardCount, 'scorecard')} submitted. Submit yours to see them.</p>
      ) : e.scorecards.length === 0 ? (
        <p className="mt-2 text-sm text-base-content/70">No scorecards yet.</p>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-4 lg:grid-cols-2">
          {e.scorecards.map((card) => (
            <li key={card.id} className="rounded-box border border-base-200 p-4" aria-label={`Scorecard of ${card.reviewerName}`}>
              <p className="font-medium">
                {card.reviewerName}
                {card.formerReviewer && <span className="badge badge-ghost badge-sm ml-2">Former reviewer</span>}
                {card.excludedForConflict && <span className="badge badge-warning badge-sm ml-2">Conflict of interest: not counted</span>}
                {card.staleSince && <span className="badge badge-outline badge-sm ml-2">Stale: awaits confirmation</span>}
              </p>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                {SHOWN.map((field) => (
                  <div key={field} className="contents">
                    <dt className="text-base-content/70">{SCORE_LABELS[field]}</dt>
                    <dd>{typeof card[field] === 'number' ? figure(field, card[field]) : stateLabel(String(card[field]))}</dd>
                  </div>
                ))}
              </dl>
              <h3 className="mt-3 text-xs font-medium uppercase tracking-wide text-base-content/70">Strengths</h3>
              <p className="whitespace-pre-line text-sm">{card.strengths || '—'}</p>
              <h3 className="mt-2 text-xs font-medium uppercase tracking-wide text-base-content/70">Concerns</h3>
              <p className="whitespace-pre-line text-sm">{card.concerns || '—'}</p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
