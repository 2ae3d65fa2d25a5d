// The caller's own scorecard (issue 14, point 3): every figure, strengths and concerns, checked by
// the shared schema before it is sent.
import { z } from 'zod';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { formatDate } from '~/shared/format.ts';
import { scorecardForm } from '~/shared/schemas/evaluation.ts';
import { type Evaluation, LevelSelect, NumberField, SCORE_LABELS, toScoreInput } from './score-fields.tsx';
import { useEvaluationFeedback } from './use-evaluation-feedback.ts';
import { SectionCard } from '~/components/list-card.tsx';

const schema = z.preprocess(toScoreInput, scorecardForm);
const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function ScorecardForm({ evaluation: e }: { evaluation: Evaluation }) {
  const own = e.ownScorecard;
  const form = useZodForm(schema, {
    technicalFeasibility: text(own?.technicalFeasibility ?? 50),
    commercialViability: text(own?.commercialViability ?? 50),
    riskLevel: own?.riskLevel ?? '',
    marketPotential: own?.marketPotential ?? '',
    trl: text(own?.trl),
    estimatedValue: text(own?.estimatedValue),
    investmentRequired: text(own?.investmentRequired),
    timelineWeeks: text(own?.timelineWeeks),
    confidence: own?.confidence ?? '',
    strengths: own?.strengths ?? '',
    concerns: own?.concerns ?? '',
  });
  const save = trpc.evaluation.submitScorecard.useMutation(useEvaluationFeedback(e.id, own ? 'Scorecard updated' : 'Scorecard submitted'));
  const submit = form.submit((input) => save.mutate({ id: e.id, ...input }));
  const f = form.field;
  const err = form.errors;
  return (
    <SectionCard titleId="scorecard-title" title="Your scorecard">
      <p className="text-sm text-base-content/70">
        {own ? `Submitted ${formatDate(own.submittedAt)}; you may revise it.` : "You will see the other reviewers' scorecards once yours is in."}
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Your scorecard">
        <NumberField bound={f('technicalFeasibility')} error={err.technicalFeasibility} slider />
        <NumberField bound={f('commercialViability')} error={err.commercialViability} slider />
        <LevelSelect bound={f('riskLevel')} error={err.riskLevel} />
        <LevelSelect bound={f('marketPotential')} error={err.marketPotential} />
        <NumberField bound={f('trl')} error={err.trl} />
        <LevelSelect bound={f('confidence')} error={err.confidence} />
        <NumberField bound={f('estimatedValue')} error={err.estimatedValue} />
        <NumberField bound={f('investmentRequired')} error={err.investmentRequired} />
        <NumberField bound={f('timelineWeeks')} error={err.timelineWeeks} />
        <div className="hidden md:block" />
        {(['strengths', 'concerns'] as const).map((name) => (
          <Field key={name} name={name} label={SCORE_LABELS[name]!} error={err[name]}>
            <textarea {...f(name)} className="textarea textarea-bordered w-full" rows={4} />
          </Field>
        ))}
        <div className="md:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
            {own ? 'Update scorecard' : 'Submit scorecard'}
          </button>
        </div>
      </form>
    </SectionCard>
  );
}
