// The lead's final evaluation (issue 14, point 3) beside the reviewers' mean and spread, and the
// development milestone. "Give all final figures together" is said once, at the form, naming the
// figures still missing (issue 34).
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { isoDay } from '~/shared/format.ts';
import { evaluationRefusal } from '~/shared/prototype-workflow.ts';
import { MILESTONE_MAX, NUMERIC_SCORE_FIELDS, SCORE_FIELD_NAMES, finalForm } from '~/shared/schemas/evaluation.ts';
import { type Evaluation, LevelSelect, NumberField, SCORE_LABELS, figure, prefixed, toScoreInput } from './score-fields.tsx';
import { useEvaluationFeedback } from './use-evaluation-feedback.ts';
import { SectionCard } from '~/components/list-card.tsx';

const ALL_TOGETHER = 'Give all final figures together';
const schema = z.preprocess((values) => {
  const { nextMilestone, milestoneDate, ...scores } = values as Record<string, string>;
  return { ...toScoreInput(scores), nextMilestone: nextMilestone ?? '', milestoneDate: milestoneDate ? `${milestoneDate}T00:00:00.000Z` : null };
}, finalForm);
const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function FinalForm({ evaluation: e }: { evaluation: Evaluation }) {
  const f = e.final;
  const form = useZodForm(schema, {
    technicalFeasibility: text(f.technicalFeasibility),
    commercialViability: text(f.commercialViability),
    riskLevel: f.riskLevel ?? '',
    marketPotential: f.marketPotential ?? '',
    trl: text(f.trl),
    estimatedValue: text(f.estimatedValue),
    investmentRequired: text(f.investmentRequired),
    timelineWeeks: text(f.timelineWeeks),
    nextMilestone: f.nextMilestone ?? '',
    milestoneDate: f.milestoneDate ? isoDay(f.milestoneDate) : '',
  });
  const [formError, setFormError] = useState<string | undefined>();
  const save = trpc.evaluation.finalise.useMutation(useEvaluationFeedback(e.id, 'Final evaluation saved'));
  const closed = evaluationRefusal(e);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate(event);
    if (input) {
      setFormError(undefined);
      return save.mutate({ id: e.id, ...input });
    }
    // One message for the figures that must come together, naming the ones still missing.
    const issues = schema.safeParse(form.values).error?.issues ?? [];
    const missing = SCORE_FIELD_NAMES.filter((name) => issues.some((i) => i.path[0] === name && i.message === ALL_TOGETHER));
    setFormError(
      missing.length > 0
        ? `${ALL_TOGETHER}: ${missing.map((name) => SCORE_LABELS[name]).join(', ')} still missing`
        : issues.find((i) => i.path.length === 0)?.message,
    );
    if (missing.length > 0) form.setErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== ALL_TOGETHER)));
  };
  const err = form.errors;
  const bind = (name: keyof typeof form.values & string) => prefixed(form.field(name), 'final-', err[name]);
  return (
    <SectionCard titleId="final-title" title="Final evaluation (lead)">
      <p className="text-sm text-base-content/70">Recorded on the prototype. The reviewers&apos; mean and spread are beside each figure.</p>
      <form
        onSubmit={submit}
        noValidate
        className="mt-4 flex flex-col gap-4"
        aria-label="Final evaluation"
        aria-describedby={formError ? 'final-form-error' : undefined}
      >
        {formError && (
          <p id="final-form-error" className="text-sm text-error" role="alert" data-testid="final-form-error">
            {formError}
          </p>
        )}
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {NUMERIC_SCORE_FIELDS.map((field) => {
            const spread = e.aggregate?.[field];
            return (
              <div key={field} className="flex flex-col gap-1">
                <NumberField bound={bind(field)} error={err[field]} />
                <p className="text-xs text-base-content/70" data-testid={`spread-${field}`}>
                  {spread
                    ? `Reviewers: mean ${figure(field, spread.mean)}, range ${figure(field, spread.min)}–${figure(field, spread.max)}, SD ${figure(field, spread.stdDev)}`
                    : 'Reviewers: no scorecards visible yet'}
                </p>
              </div>
            );
          })}
          <LevelSelect bound={bind('riskLevel')} error={err.riskLevel} />
          <LevelSelect bound={bind('marketPotential')} error={err.marketPotential} />
        </div>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field name="nextMilestone" label="Next milestone" error={err.nextMilestone} hint="Shown to the seller once the prototype is in development">
            <input {...form.field('nextMilestone')} className="input input-bordered w-full" maxLength={MILESTONE_MAX} />
          </Field>
          <Field name="milestoneDate" label="Milestone date" error={err.milestoneDate}>
            <input {...form.field('milestoneDate')} type="date" className="input input-bordered w-full" />
          </Field>
        </div>
        <div className="flex flex-col items-start gap-1">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={save.isPending || closed !== null}
            aria-busy={save.isPending}
            aria-describedby={closed ? 'final-closed' : undefined}
          >
            Save final evaluation
          </button>
          {closed && (
            <p id="final-closed" className="text-xs text-base-content/70">
              {closed}
            </p>
          )}
        </div>
      </form>
    </SectionCard>
  );
}
