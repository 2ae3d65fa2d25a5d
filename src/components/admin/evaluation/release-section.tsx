// The release of an evaluation to the seller (issue 14, point 7). Offered only once the workflow
// allows it (after a decision), and the final scores only once the lead has recorded them; otherwise
// the button is disabled with the rule's reason (issue 34, point 6).
import { useState } from 'react';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { DialogActions, ModalDialog } from '~/components/modal-dialog.tsx';
import { formatDate } from '~/shared/format.ts';
import { releaseRefusal } from '~/shared/prototype-workflow.ts';
import { releaseForm } from '~/shared/schemas/evaluation.ts';
import { GuardedButton } from '../guarded-button.tsx';
import type { Evaluation } from './score-fields.tsx';
import { useEvaluationFeedback } from './use-evaluation-feedback.ts';
import { SectionCard } from '~/components/list-card.tsx';

const finalRecorded = (e: Evaluation) => e.final.technicalFeasibility !== null;

export function ReleaseSection({ evaluation: e }: { evaluation: Evaluation }) {
  const [open, setOpen] = useState(false);
  const latest = e.latestRelease;
  return (
    <SectionCard titleId="release-title" title="Release to the seller">
      {latest ? (
        <p className="mt-2 text-sm">
          Last released {formatDate(latest.releasedAt)} {latest.includeScores ? 'with the final scores' : 'without scores'}: “{latest.summary}”
        </p>
      ) : (
        <p className="mt-2 text-sm text-base-content/70">Nothing released yet. The seller sees no scorecard; a release shows them a summary.</p>
      )}
      <div className="mt-3 self-start">
        <GuardedButton
          refusal={releaseRefusal({ status: e.status, finalRecorded: finalRecorded(e) })}
          className="btn-secondary btn-sm"
          onClick={() => setOpen(true)}
          testId="release-action"
        >
          Release evaluation…
        </GuardedButton>
      </div>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Release evaluation"
        description="The seller will see this summary on their prototype page."
      >
        {open && <ReleaseForm evaluation={e} onClose={() => setOpen(false)} />}
      </ModalDialog>
    </SectionCard>
  );
}

function ReleaseForm({ evaluation: e, onClose }: { evaluation: Evaluation; onClose: () => void }) {
  const form = useZodForm(releaseForm, { summary: '', strengths: '', concerns: '', includeScores: false as boolean });
  const release = trpc.evaluation.release.useMutation(useEvaluationFeedback(e.id, 'Evaluation released', onClose));
  const scoresRefusal = releaseRefusal({ status: e.status, finalRecorded: finalRecorded(e) }, true);
  const submit = form.submit((input) => release.mutate({ id: e.id, ...input }));
  const field = (name: 'summary' | 'strengths' | 'concerns') => ({
    ...form.field(name),
    id: `release-${name}`,
    'aria-describedby': form.errors[name] ? `release-${name}-error` : undefined,
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field name="release-summary" label="Summary" error={form.errors.summary}>
        <textarea {...field('summary')} className="textarea textarea-bordered w-full" rows={4} />
      </Field>
      <Field name="release-strengths" label="Strengths (optional)" error={form.errors.strengths}>
        <textarea {...field('strengths')} className="textarea textarea-bordered w-full" rows={3} />
      </Field>
      <Field name="release-concerns" label="Concerns (optional)" error={form.errors.concerns}>
        <textarea {...field('concerns')} className="textarea textarea-bordered w-full" rows={3} />
      </Field>
      <div className="flex flex-col gap-1">
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={Boolean(form.values.includeScores)}
            disabled={scoresRefusal !== null}
            aria-describedby={scoresRefusal ? 'release-scores-refusal' : undefined}
            onChange={(ev) => form.setValue('includeScores', ev.target.checked)}
          />
          Include final scores
        </label>
        {scoresRefusal && (
          <p id="release-scores-refusal" className="text-xs text-base-content/70">
            {scoresRefusal}
          </p>
        )}
      </div>
      <DialogActions onCancel={onClose} submitLabel="Release" pending={release.isPending} />
    </form>
  );
}
