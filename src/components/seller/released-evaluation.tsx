// The seller's share of the evaluation (issue 14, points 6 and 7): the released evaluation summary
// (with the final scores only when the team released them) and the next development milestone.
// Nothing here exists before a release: the server sends evaluation null until then.
import { formatDate, formatNumber, formatWholeUsd, stateLabel } from '~/shared/format.ts';
import { SectionCard } from '~/components/list-card.tsx';
import { milestoneOverdue } from '~/shared/review-promise.ts';
import type { PrototypeDetail } from './types.ts';

type Scores = NonNullable<NonNullable<PrototypeDetail['evaluation']>['scores']>;

function ScoreList({ scores }: { scores: Scores }) {
  // Any figure may be missing from a release (null): it reads "—".
  const shown = <T,>(value: T | null | undefined, format: (value: T) => string) => (value === null || value === undefined ? '—' : format(value));
  const rows: [string, string][] = [
    ['Technical feasibility', shown(scores.technicalFeasibility, (v) => `${v} / 100`)],
    ['Commercial viability', shown(scores.commercialViability, (v) => `${v} / 100`)],
    ['Risk level', shown(scores.riskLevel, stateLabel)],
    ['Market potential', shown(scores.marketPotential, stateLabel)],
    ['Technology readiness (TRL)', shown(scores.trl, (v) => `${v} / 9`)],
    ['Estimated value', shown(scores.estimatedValue, formatWholeUsd)],
    ['Investment required', shown(scores.investmentRequired, formatWholeUsd)],
    ['Timeline', shown(scores.timelineWeeks, (v) => `${formatNumber(v)} weeks`)],
  ];
  return (
    <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 border-b border-base-200 pb-1">
          <dt className="min-w-0 text-base-content/70">{label}</dt>
          <dd className="whitespace-nowrap text-right font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ReleasedEvaluation({ prototype }: { prototype: Pick<PrototypeDetail, 'evaluation'> }) {
  const evaluation = prototype.evaluation;
  if (!evaluation) return null;
  return (
    <SectionCard titleId="evaluation-title" title="Released evaluation" testId="released-evaluation">
      <p className="text-xs text-base-content/70">Released {formatDate(evaluation.releasedAt)}</p>
      <p className="mt-3 whitespace-pre-line">{evaluation.summary}</p>
      {evaluation.strengths && (
        <>
          <h3 className="mt-4 text-xs font-medium uppercase tracking-wide text-base-content/70">Strengths</h3>
          <p className="mt-1 whitespace-pre-line">{evaluation.strengths}</p>
        </>
      )}
      {evaluation.concerns && (
        <>
          <h3 className="mt-4 text-xs font-medium uppercase tracking-wide text-base-content/70">Concerns</h3>
          <p className="mt-1 whitespace-pre-line">{evaluation.concerns}</p>
        </>
      )}
      {evaluation.scores && <ScoreList scores={evaluation.scores} />}
    </SectionCard>
  );
}

/** The next milestone, its day (a calendar day, so shown in UTC) and an "Overdue" cue once it has passed. */
export function NextMilestone({ prototype }: { prototype: Pick<PrototypeDetail, 'status' | 'nextMilestone' | 'milestoneDate'> }) {
  if (!prototype.nextMilestone) return null;
  const overdue = milestoneOverdue(prototype, new Date());
  return (
    <SectionCard
      titleId="milestone-title"
      title="Next milestone"
      testId="next-milestone"
      headerClassName="flex flex-wrap items-center gap-2"
      aside={overdue && <span className="badge badge-sm badge-error whitespace-nowrap">Overdue</span>}
    >
      <p className="mt-2">{prototype.nextMilestone}</p>
      {prototype.milestoneDate && (
        <p className={`text-sm ${overdue ? 'font-medium text-error' : 'text-base-content/70'}`}>
          Expected by {formatDate(prototype.milestoneDate, { timeZone: 'UTC' })}
          {overdue && ': this date has passed and no new date has been set yet.'}
        </p>
      )}
    </SectionCard>
  );
}
