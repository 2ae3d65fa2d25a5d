// A prototype's one admin page (issue 14, points 3, 6, 7; issue 34, point 7): its state and due dates,
// every action, reviewers and lead, the caller's own scorecard, the others' scorecards once the
// caller's is in, the lead's final evaluation, and the release to the seller. "Back" returns to where
// the admin came from: the pipeline board or the prototype list.
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { trpc } from '~/client/trpc.ts';
import { ReportButton } from '~/components/reports/report-button.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { formatDate, stateLabel } from '~/shared/format.ts';
import { ConfidentialSection } from './confidential-section.tsx';
import { FinalForm } from './final-form.tsx';
import { PrototypeActions } from './prototype-actions.tsx';
import { ReleaseSection } from './release-section.tsx';
import { ReviewersSection } from './reviewers-section.tsx';
import { PrototypeScreening } from '~/components/admin/compliance/prototype-screening.tsx';
import type { Evaluation } from './score-fields.tsx';
import { ScorecardForm } from './scorecard-form.tsx';
import { IntegritySection } from './integrity-section.tsx';
import { ScorecardsSection } from './scorecards-section.tsx';
import { loadFailed } from '~/client/errors.ts';
import { SectionCard } from '~/components/list-card.tsx';

export type EvaluationOrigin = 'board' | 'list';

export function EvaluationPage({ id, from }: { id: number; from: EvaluationOrigin | undefined }) {
  const query = trpc.evaluation.evaluation.useQuery({ id }, { retry: false });
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <BackLink from={from} />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Evaluation: {query.data?.prototypeName ?? `prototype #${id}`}</h1>
        {query.data && (
          <ReportButton flag targetType="prototype" targetId={id} targetLabel={`"${query.data.prototypeName}"`} className="btn btn-outline btn-sm" />
        )}
      </div>
      {query.isError ? (
        <p role="alert" className="alert alert-error mt-6">
          {loadFailed('the evaluation', query.error)}
        </p>
      ) : !query.data ? (
        <Spinner label="Loading the evaluation" className="py-16" />
      ) : (
        <Workbench evaluation={query.data} />
      )}
    </div>
  );
}

/**
 * Back to the board or the list. Opened from one of them in this tab, it goes back in history, so
 * the filters and page the admin left are still there; otherwise it opens the board or the list.
 */
function BackLink({ from }: { from: EvaluationOrigin | undefined }) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const back = (event: MouseEvent) => {
    if (!from || !canGoBack || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.history.back();
  };
  return (
    <Link
      to="/admin-panel"
      search={from === 'board' ? { tab: 'prototypes', view: 'board' } : { tab: 'prototypes' }}
      className="link link-hover text-sm"
      onClick={back}
    >
      ← {from === 'board' ? 'Pipeline board' : 'Prototype Management'}
    </Link>
  );
}

function Workbench({ evaluation: e }: { evaluation: Evaluation }) {
  return (
    <div className="mt-6 flex flex-col gap-6">
      <Overview evaluation={e} />
      <ConfidentialSection id={e.id} />
      <PrototypeActions evaluation={e} />
      <PrototypeScreening prototypeId={e.id} />
      <ReviewersSection evaluation={e} />
      {e.viewer.isReviewer && <ScorecardForm key={`${e.id}-${e.ownScorecard?.updatedAt.toString() ?? 'new'}`} evaluation={e} />}
      <IntegritySection evaluation={e} />
      <ScorecardsSection evaluation={e} />
      {e.viewer.isLead && <FinalForm key={`final-${e.id}`} evaluation={e} />}
      <ReleaseSection evaluation={e} />
    </div>
  );
}

/** A due date and, once met, when. */
const dueText = (due: { dueAt: Date; metAt: Date | null }) => `${formatDate(due.dueAt)}${due.metAt ? ` (met ${formatDate(due.metAt)})` : ''}`;

function Overview({ evaluation: e }: { evaluation: Evaluation }) {
  const facts: { label: string; value: string; testId?: string }[] = [
    { label: 'Status', value: stateLabel(e.status), testId: 'evaluation-status' },
    { label: 'Stage', value: stateLabel(e.stage), testId: 'evaluation-stage' },
    { label: 'Initial review due', value: dueText(e.dueDates.initialReview) },
    { label: 'Feedback due', value: dueText(e.dueDates.feedback) },
  ];
  return (
    <SectionCard titleId="overview-title" title="Overview">
      <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-4">
        {facts.map(({ label, value, testId }) => (
          <div key={label}>
            <dt className="text-base-content/70">{label}</dt>
            <dd className="font-medium" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
