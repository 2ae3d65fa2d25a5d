// The fields a scorecard and the final evaluation share: their labels, the number and level inputs
// (bound through useZodForm's field()), and form strings turned into the shared schemas' input.
import { Field } from '~/components/forms/field.tsx';
import { Options } from '~/components/forms/options.tsx';
import type { RouterOutputs } from '~/client/trpc.ts';
import { LEVELS } from '~/shared/constants.ts';
import { formatNumber, formatWholeUsd, stateLabel } from '~/shared/format.ts';
import { NUMERIC_SCORE_FIELDS, type NumericScoreField } from '~/shared/schemas/evaluation.ts';

export type Evaluation = RouterOutputs['evaluation']['evaluation'];

export const SCORE_LABELS: Record<string, string> = {
  technicalFeasibility: 'Technical feasibility (0–100)',
  commercialViability: 'Commercial viability (0–100)',
  riskLevel: 'Risk level',
  marketPotential: 'Market potential',
  trl: 'Technology readiness level (TRL 1–9)',
  estimatedValue: 'Estimated value (USD)',
  investmentRequired: 'Investment required (USD)',
  timelineWeeks: 'Timeline (weeks)',
  confidence: 'Confidence',
  strengths: 'Strengths',
  concerns: 'Concerns',
};

export const SCORE_LIMITS: Record<NumericScoreField, [number, number]> = {
  technicalFeasibility: [0, 100],
  commercialViability: [0, 100],
  trl: [1, 9],
  estimatedValue: [0, 2_147_483_647],
  investmentRequired: [0, 2_147_483_647],
  timelineWeeks: [0, 520],
};

const NUMERIC = new Set<string>(NUMERIC_SCORE_FIELDS);

/** Form strings to the schema's input: numbers where numeric, blank → undefined. */
export function toScoreInput(values: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values as Record<string, unknown>).map(([key, value]) => {
      if (typeof value !== 'string') return [key, value];
      if (NUMERIC.has(key)) return [key, value.trim() === '' ? undefined : Number(value)];
      return [key, value === '' ? undefined : value];
    }),
  );
}

/** A figure as the page shows it: whole dollars for money, up to two decimals otherwise. */
export function figure(field: string, value: number) {
  if (field === 'estimatedValue' || field === 'investmentRequired') return formatWholeUsd(value);
  return formatNumber(value, Number.isInteger(value) ? 0 : 2);
}

/** What useZodForm's field() gives an input, with the id the field is rendered under. */
export interface BoundField {
  id: string;
  name: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/** Binds a form field under a prefixed id (two forms on one page), its error message linked. */
export function prefixed(bound: BoundField, prefix: string, error: string | undefined): BoundField {
  const id = `${prefix}${bound.name}`;
  return { ...bound, id, 'aria-describedby': error ? `${id}-error` : undefined };
}

export function LevelSelect({ bound, error }: { bound: BoundField; error: string | undefined }) {
  return (
    <Field name={bound.id} label={SCORE_LABELS[bound.name] ?? bound.name} error={error}>
      <select {...bound} className="select select-bordered w-full">
        <option value="">Choose…</option>
        <Options values={LEVELS} label={stateLabel} />
      </select>
    </Field>
  );
}

export function NumberField({ bound, error, slider, hint }: { bound: BoundField; error: string | undefined; slider?: boolean; hint?: string }) {
  const label = SCORE_LABELS[bound.name] ?? bound.name;
  const [min, max] = SCORE_LIMITS[bound.name as NumericScoreField] ?? [0, 2_147_483_647];
  return (
    <Field name={bound.id} label={label} error={error} {...(hint ? { hint } : {})}>
      <div className="flex items-center gap-3">
        {slider && (
          <input
            type="range"
            className="range range-sm flex-1"
            min={min}
            max={max}
            value={bound.value === '' ? min : bound.value}
            onChange={bound.onChange}
            aria-label={`${label} slider`}
          />
        )}
        <input {...bound} type="number" inputMode="numeric" className={`input input-bordered ${slider ? 'w-24' : 'w-full'}`} min={min} max={max} step={1} />
      </div>
    </Field>
  );
}
