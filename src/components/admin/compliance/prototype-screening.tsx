// The seller's export screening answers on a prototype's admin page (issue 32, point 1; ADR 0050),
// with the compliance state. Compliance officers (compliance.manage) also see the classification on
// record with its history and record a new one here (classification-section.tsx).
import { trpc } from '~/client/trpc.ts';
import { useCapability } from '~/client/use-capability.ts';
import { Spinner } from '~/components/spinner.tsx';
import { COMPLIANCE_STATE_LABELS, KNOWN_CLASSIFICATION_LABELS, NOT_LEGAL_ADVICE, SCREENING_QUESTIONS, SCREENING_TRIGGERS } from '~/shared/export-control.ts';
import { formatDateTime } from '~/shared/format.ts';
import { ClassificationSection } from './classification-section.tsx';
import { loadFailed } from '~/client/errors.ts';
import { SectionCard } from '~/components/list-card.tsx';

export function PrototypeScreening({ prototypeId }: { prototypeId: number }) {
  const query = trpc.compliance.screening.useQuery({ id: prototypeId }, { retry: false });
  const data = query.data;
  const officer = useCapability('compliance.manage').allowed === true;
  return (
    <SectionCard
      titleId="export-screening-title"
      title="Export screening"
      testId="export-screening"
      aside={
        data && (
          <span className="badge badge-outline" data-testid="compliance-state">
            {COMPLIANCE_STATE_LABELS[data.state]}
          </span>
        )
      }
    >
      <p className="mt-1 text-xs text-base-content/70">{NOT_LEGAL_ADVICE}</p>
      {query.isError ? (
        <p role="alert" className="mt-3 text-sm text-error">
          {loadFailed('the screening answers', query.error)}
        </p>
      ) : !data ? (
        <Spinner label="Loading the screening answers" className="py-6" />
      ) : !data.screening ? (
        <p className="mt-3 text-sm">The seller has not answered the screening questions yet; they are asked to on their prototype page.</p>
      ) : (
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {SCREENING_TRIGGERS.map((trigger) => (
            <div key={trigger}>
              <dt className="text-base-content/70">{SCREENING_QUESTIONS[trigger].question}</dt>
              <dd className="font-medium">{data.screening?.[trigger] ? 'Yes' : 'No'}</dd>
            </div>
          ))}
          <div>
            <dt className="text-base-content/70">Classification the seller knows</dt>
            <dd className="font-medium">
              {KNOWN_CLASSIFICATION_LABELS[data.screening.knownClassification]}
              {data.screening.eccn ? `: ${data.screening.eccn}` : ''}
            </dd>
          </div>
          <div>
            <dt className="text-base-content/70">Answered</dt>
            <dd className="font-medium">{formatDateTime(data.screening.answeredAt)}</dd>
          </div>
        </dl>
      )}
      {officer && <ClassificationSection prototypeId={prototypeId} />}
    </SectionCard>
  );
}
