// The export screening questions (issue 32, point 1; ADR 0050): yes/no for each trigger with a short
// help text, and the classification the seller knows. Used by the submission form and by the seller's
// prototype page when the answers are still missing.
import type { useZodForm } from '~/client/forms/use-zod-form.ts';
import { Field, controlOf } from '~/components/forms/field.tsx';
import { Options } from '~/components/forms/options.tsx';
import {
  CLASSIFICATION_HELP,
  CLASSIFICATION_QUESTION,
  KNOWN_CLASSIFICATIONS,
  KNOWN_CLASSIFICATION_LABELS,
  NOT_LEGAL_ADVICE,
  SCREENING_QUESTIONS,
  SCREENING_TRIGGERS,
} from '~/shared/export-control.ts';
import type { emptyScreeningForm } from '~/shared/schemas/export-control.ts';

type ScreeningForm = ReturnType<typeof useZodForm<typeof emptyScreeningForm, unknown>>;

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm text-error" role="alert">
      {error}
    </p>
  ) : null;
}

export function ScreeningFields({ form, idPrefix = 'screening' }: { form: ScreeningForm; idPrefix?: string }) {
  const { values, errors, setValue } = form;
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-box border border-base-300 p-4" aria-describedby={`${idPrefix}-intro`}>
      <legend className="px-1 text-base font-semibold">Export screening</legend>
      <p id={`${idPrefix}-intro`} className="text-sm text-base-content/80">
        Some energy technology is export-controlled. Your answers help our compliance officers decide who may see your documents. {NOT_LEGAL_ADVICE}
      </p>
      {SCREENING_TRIGGERS.map((trigger) => {
        const { question, help } = SCREENING_QUESTIONS[trigger];
        const errorId = `${idPrefix}-${trigger}-error`;
        const helpId = `${idPrefix}-${trigger}-help`;
        return (
          <fieldset
            key={trigger}
            className="flex flex-col gap-1"
            aria-describedby={[helpId, errors[trigger] ? errorId : null].filter(Boolean).join(' ')}
            aria-invalid={errors[trigger] ? true : undefined}
            data-field={trigger}
          >
            <legend className="text-sm font-medium">{question}</legend>
            <p id={helpId} className="text-xs text-base-content/70">
              {help}
            </p>
            <div className="flex gap-6">
              {(['yes', 'no'] as const).map((answer) => (
                <label key={answer} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="radio"
                    className="radio radio-sm"
                    name={`${idPrefix}-${trigger}`}
                    value={answer}
                    checked={values[trigger] === answer}
                    onChange={() => setValue(trigger, answer)}
                  />
                  {answer === 'yes' ? 'Yes' : 'No'}
                </label>
              ))}
            </div>
            <ErrorText id={errorId} error={errors[trigger]} />
          </fieldset>
        );
      })}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-knownClassification`} className="text-sm font-medium">
          {CLASSIFICATION_QUESTION}
        </label>
        <p id={`${idPrefix}-classification-help`} className="text-xs text-base-content/70">
          {CLASSIFICATION_HELP}
        </p>
        <select
          id={`${idPrefix}-knownClassification`}
          className="select select-bordered w-full"
          value={values.knownClassification}
          onChange={(e) => setValue('knownClassification', e.target.value)}
          aria-invalid={errors.knownClassification ? true : undefined}
          aria-describedby={`${idPrefix}-classification-help${errors.knownClassification ? ` ${idPrefix}-knownClassification-error` : ''}`}
        >
          <option value="" disabled>
            Choose one
          </option>
          <Options values={KNOWN_CLASSIFICATIONS} label={(value) => KNOWN_CLASSIFICATION_LABELS[value]} />
        </select>
        <ErrorText id={`${idPrefix}-knownClassification-error`} error={errors.knownClassification} />
      </div>
      {values.knownClassification === 'eccn' && (
        <Field name={`${idPrefix}-eccn`} label="ECCN" error={errors.eccn}>
          <input
            className="input input-bordered w-full sm:w-48"
            value={values.eccn}
            placeholder="1E201"
            onChange={(e) => setValue('eccn', e.target.value)}
            {...controlOf(`${idPrefix}-eccn`, errors.eccn)}
          />
        </Field>
      )}
    </fieldset>
  );
}
