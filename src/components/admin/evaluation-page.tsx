// The evaluation workbench of one prototype (issue 14, points 3, 6, 7): reviewers and lead, the
// caller's own scorecard, the others' scorecards once the caller's is in, the lead's final evaluation
// beside the reviewers' mean and spread, the development milestone, and the release to the seller.
import { ReportButton } from '~/components/reports/report-button.tsx';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { ZodType, ZodTypeDef } from 'zod';
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { DialogActions, ModalDialog } from '~/components/modal-dialog.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { toast } from '~/components/toast/toast-store.ts';
import type { AppRouter } from '~/server/routers/_app.ts';
import { LEVELS } from '~/shared/constants.ts';
import { formatDate, formatNumber, formatWholeUsd, fullName, stateLabel } from '~/shared/format.ts';
import { MILESTONE_MAX, NUMERIC_SCORE_FIELDS, type NumericScoreField, finalForm, releaseForm, scorecardForm } from '~/shared/schemas/evaluation.ts';

type Evaluation = inferRouterOutputs<AppRouter>['evaluation']['evaluation'];
type Values = Record<string, string>;
type Errors = Record<string, string | undefined>;

const LABELS: Record<string, string> = {
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
const NUMERIC = new Set<string>(NUMERIC_SCORE_FIELDS);

/** Form values (strings) to the schema's input: numbers where numeric, blank → undefined. */
function toInput(values: Values) {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      NUMERIC.has(key) ? (value.trim() === '' ? undefined : Number(value)) : value === '' ? undefined : value,
    ]),
  );
}

function check<T>(schema: ZodType<T, ZodTypeDef, unknown>, input: unknown, setErrors: (e: Errors) => void): T | null {
  const result = schema.safeParse(input);
  if (result.success) {
    setErrors({});
    return result.data;
  }
  const next: Errors = {};
  for (const issue of result.error.issues) next[String(issue.path[0] ?? 'form')] ??= issue.message;
  setErrors(next);
  return null;
}

const describedBy = (name: string, errors: Errors) => (errors[name] ? `${name}-error` : undefined);

function useEvaluationMutationHandlers(id: number, success: string, after?: () => void) {
  const utils = trpc.useUtils();
  return {
    onSuccess: (data: Evaluation) => {
      utils.evaluation.evaluation.setData({ id }, data);
      toast({ title: success });
      after?.();
    },
    onError: (error: unknown) => toast({ title: 'Error', description: serverMessage(error, 'The evaluation could not be saved'), variant: 'destructive' }),
  };
}

export function EvaluationPage({ id }: { id: number }) {
  const query = trpc.evaluation.evaluation.useQuery({ id }, { retry: false });
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link to="/admin-panel" className="link link-hover text-sm">
        ← Prototype Management
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Evaluation: {query.data?.prototypeName ?? `prototype #${id}`}</h1>
        {query.data && (
          <ReportButton flag targetType="prototype" targetId={id} targetLabel={`"${query.data.prototypeName}"`} className="btn btn-outline btn-sm" />
        )}
      </div>
      {query.isError ? (
        <p role="alert" className="alert alert-error mt-6">
          The evaluation could not be loaded. {query.error.message}
        </p>
      ) : !query.data ? (
        <Spinner label="Loading the evaluation" className="py-16" />
      ) : (
        <Workbench evaluation={query.data} />
      )}
    </div>
  );
}

function Workbench({ evaluation: e }: { evaluation: Evaluation }) {
  return (
    <div className="mt-6 flex flex-col gap-6">
      <section aria-labelledby="overview-title" className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
        <h2 id="overview-title" className="text-lg font-semibold">
          Overview
        </h2>
        <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-base-content/70">Status</dt>
            <dd className="font-medium">{stateLabel(e.status)}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">Stage</dt>
            <dd className="font-medium">{stateLabel(e.stage)}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">Initial review due</dt>
            <dd className="font-medium">
              {formatDate(e.dueDates.initialReview.dueAt)}
              {e.dueDates.initialReview.metAt && ` (met ${formatDate(e.dueDates.initialReview.metAt)})`}
            </dd>
          </div>
          <div>
            <dt className="text-base-content/70">Feedback due</dt>
            <dd className="font-medium">
              {formatDate(e.dueDates.feedback.dueAt)}
              {e.dueDates.feedback.metAt && ` (met ${formatDate(e.dueDates.feedback.metAt)})`}
            </dd>
          </div>
        </dl>
      </section>
      <Reviewers evaluation={e} />
      {e.viewer.isReviewer && <ScorecardForm key={`${e.id}-${e.ownScorecard?.updatedAt.toString() ?? 'new'}`} evaluation={e} />}
      <Scorecards evaluation={e} />
      {e.viewer.isLead && <FinalForm key={`final-${e.id}`} evaluation={e} />}
      <Release evaluation={e} />
    </div>
  );
}

function Reviewers({ evaluation: e }: { evaluation: Evaluation }) {
  const admins = trpc.admin.admins.useQuery();
  const [chosen, setChosen] = useState<string[]>(e.reviewers.map((r) => r.id));
  const [lead, setLead] = useState(e.leadId ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = trpc.evaluation.setReviewers.useMutation(useEvaluationMutationHandlers(e.id, 'Reviewers saved'));
  const toggle = (adminId: string, on: boolean) => {
    setChosen((list) => (on ? [...list, adminId] : list.filter((x) => x !== adminId)));
    if (!on && lead === adminId) setLead('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setError('Choose at least one reviewer');
    if (!chosen.includes(lead)) return setError('Choose the lead among the reviewers');
    setError(undefined);
    save.mutate({ id: e.id, reviewerIds: chosen, leadId: lead });
  };
  return (
    <section aria-labelledby="reviewers-title" className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <h2 id="reviewers-title" className="text-lg font-semibold">
        Reviewers
      </h2>
      {e.reviewers.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Current reviewers">
          {e.reviewers.map((r) => (
            <li key={r.id} className="badge badge-outline gap-1 py-3">
              {r.name}
              {r.lead && <span className="badge badge-primary badge-sm">Lead</span>}
              <span className="sr-only">{r.submitted ? ', scorecard submitted' : ', no scorecard yet'}</span>
              <span aria-hidden="true">{r.submitted ? '✓' : '…'}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-base-content/70">No reviewers assigned yet.</p>
      )}
      <form onSubmit={submit} className="mt-4" noValidate>
        <fieldset>
          <legend className="text-sm font-medium">Assign reviewers (administrators) and choose the lead</legend>
          {admins.data === undefined ? (
            <Spinner label="Loading administrators" className="py-4" />
          ) : (
            <ul className="mt-2 flex flex-col gap-2">
              {admins.data.map((admin) => {
                const name = fullName(admin);
                return (
                  <li key={admin.id} className="flex flex-wrap items-center gap-4">
                    <label className="flex cursor-pointer items-center gap-2">
                      <input
                        type="checkbox"
                        className="checkbox checkbox-sm"
                        checked={chosen.includes(admin.id)}
                        onChange={(ev) => toggle(admin.id, ev.target.checked)}
                      />
                      <span>
                        {name} <span className="text-xs text-base-content/70">{admin.email}</span>
                      </span>
                    </label>
                    <label className="flex cursor-pointer items-center gap-1 text-sm">
                      <input
                        type="radio"
                        name="lead"
                        className="radio radio-sm"
                        checked={lead === admin.id}
                        disabled={!chosen.includes(admin.id)}
                        onChange={() => setLead(admin.id)}
                        aria-label={`Lead: ${name}`}
                      />
                      Lead
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
        {error && (
          <p className="mt-2 text-sm text-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-sm mt-3" disabled={save.isPending} aria-busy={save.isPending}>
          Save reviewers
        </button>
      </form>
    </section>
  );
}

function LevelSelect({
  name,
  values,
  setValue,
  errors,
  idPrefix = '',
}: {
  name: string;
  values: Values;
  setValue: (n: string, v: string) => void;
  errors: Errors;
  idPrefix?: string;
}) {
  const id = `${idPrefix}${name}`;
  return (
    <Field name={id} label={LABELS[name] ?? name} error={errors[name]}>
      <select
        id={id}
        className="select select-bordered w-full"
        value={values[name]}
        onChange={(ev) => setValue(name, ev.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-error` : undefined}
      >
        <option value="">Choose…</option>
        {LEVELS.map((level) => (
          <option key={level} value={level}>
            {stateLabel(level)}
          </option>
        ))}
      </select>
    </Field>
  );
}

function NumberField({
  name,
  values,
  setValue,
  errors,
  min,
  max,
  slider,
  idPrefix = '',
}: {
  name: string;
  values: Values;
  setValue: (n: string, v: string) => void;
  errors: Errors;
  min: number;
  max: number;
  slider?: boolean;
  idPrefix?: string;
}) {
  const id = `${idPrefix}${name}`;
  return (
    <Field name={id} label={LABELS[name] ?? name} error={errors[name]}>
      <div className="flex items-center gap-3">
        {slider && (
          <input
            type="range"
            className="range range-sm flex-1"
            min={min}
            max={max}
            value={values[name] === '' ? min : values[name]}
            onChange={(ev) => setValue(name, ev.target.value)}
            aria-label={`${LABELS[name] ?? name} slider`}
          />
        )}
        <input
          id={id}
          type="number"
          inputMode="numeric"
          className={`input input-bordered ${slider ? 'w-24' : 'w-full'}`}
          min={min}
          max={max}
          step={1}
          value={values[name]}
          onChange={(ev) => setValue(name, ev.target.value)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${id}-error` : undefined}
        />
      </div>
    </Field>
  );
}

function ScorecardForm({ evaluation: e }: { evaluation: Evaluation }) {
  const own = e.ownScorecard;
  const [values, setValues] = useState<Values>({
    technicalFeasibility: String(own?.technicalFeasibility ?? 50),
    commercialViability: String(own?.commercialViability ?? 50),
    riskLevel: own?.riskLevel ?? '',
    marketPotential: own?.marketPotential ?? '',
    trl: String(own?.trl ?? ''),
    estimatedValue: String(own?.estimatedValue ?? ''),
    investmentRequired: String(own?.investmentRequired ?? ''),
    timelineWeeks: String(own?.timelineWeeks ?? ''),
    confidence: own?.confidence ?? '',
    strengths: own?.strengths ?? '',
    concerns: own?.concerns ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const setValue = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((x) => ({ ...x, [name]: undefined }));
  };
  const save = trpc.evaluation.submitScorecard.useMutation(useEvaluationMutationHandlers(e.id, own ? 'Scorecard updated' : 'Scorecard submitted'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = check(scorecardForm, toInput(values), setErrors);
    if (input) save.mutate({ id: e.id, ...input });
  };
  const props = { values, setValue, errors };
  return (
    <section aria-labelledby="scorecard-title" className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <h2 id="scorecard-title" className="text-lg font-semibold">
        Your scorecard
      </h2>
      <p className="text-sm text-base-content/70">
        {own ? `Submitted ${formatDate(own.submittedAt)}; you may revise it.` : "You will see the other reviewers' scorecards once yours is in."}
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Your scorecard">
        <NumberField name="technicalFeasibility" min={0} max={100} slider {...props} />
        <NumberField name="commercialViability" min={0} max={100} slider {...props} />
        <LevelSelect name="riskLevel" {...props} />
        <LevelSelect name="marketPotential" {...props} />
        <NumberField name="trl" min={1} max={9} {...props} />
        <LevelSelect name="confidence" {...props} />
        <NumberField name="estimatedValue" min={0} max={2_147_483_647} {...props} />
        <NumberField name="investmentRequired" min={0} max={2_147_483_647} {...props} />
        <NumberField name="timelineWeeks" min={0} max={520} {...props} />
        <div className="hidden md:block" />
        {(['strengths', 'concerns'] as const).map((name) => (
          <Field key={name} name={name} label={LABELS[name]!} error={errors[name]}>
            <textarea
              id={name}
              className="textarea textarea-bordered w-full"
              rows={4}
              value={values[name]}
              onChange={(ev) => setValue(name, ev.target.value)}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={describedBy(name, errors)}
            />
          </Field>
        ))}
        <div className="md:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
            {own ? 'Update scorecard' : 'Submit scorecard'}
          </button>
        </div>
      </form>
    </section>
  );
}

function figure(field: string, value: number) {
  if (field === 'estimatedValue' || field === 'investmentRequired') return formatWholeUsd(value);
  return formatNumber(value, Number.isInteger(value) ? 0 : 2);
}

function Scorecards({ evaluation: e }: { evaluation: Evaluation }) {
  return (
    <section aria-labelledby="scorecards-title" className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <h2 id="scorecards-title" className="text-lg font-semibold">
        Scorecards ({e.scorecardCount})
      </h2>
      {!e.viewer.canSeeScorecards ? (
        <p className="mt-2 text-sm text-base-content/70">
          {e.scorecardCount} scorecard{e.scorecardCount === 1 ? '' : 's'} submitted. Submit yours to see them.
        </p>
      ) : e.scorecards.length === 0 ? (
        <p className="mt-2 text-sm text-base-content/70">No scorecards yet.</p>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-4 lg:grid-cols-2">
          {e.scorecards.map((card) => (
            <li key={card.id} className="rounded-box border border-base-200 p-4" aria-label={`Scorecard of ${card.reviewerName}`}>
              <p className="font-medium">
                {card.reviewerName}
                {card.formerReviewer && <span className="badge badge-ghost badge-sm ml-2">Former reviewer</span>}
              </p>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                {(
                  [
                    'technicalFeasibility',
                    'commercialViability',
                    'riskLevel',
                    'marketPotential',
                    'trl',
                    'estimatedValue',
                    'investmentRequired',
                    'timelineWeeks',
                    'confidence',
                  ] as const
                ).map((field) => (
                  <div key={field} className="contents">
                    <dt className="text-base-content/70">{LABELS[field]}</dt>
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
    </section>
  );
}

const FINAL_LIMITS: Record<NumericScoreField, [number, number]> = {
  technicalFeasibility: [0, 100],
  commercialViability: [0, 100],
  trl: [1, 9],
  estimatedValue: [0, 2_147_483_647],
  investmentRequired: [0, 2_147_483_647],
  timelineWeeks: [0, 520],
};

function FinalForm({ evaluation: e }: { evaluation: Evaluation }) {
  const f = e.final;
  const [values, setValues] = useState<Values>({
    technicalFeasibility: String(f.technicalFeasibility ?? ''),
    commercialViability: String(f.commercialViability ?? ''),
    riskLevel: f.riskLevel,
    marketPotential: f.marketPotential,
    trl: String(f.trl ?? ''),
    estimatedValue: String(f.estimatedValue ?? ''),
    investmentRequired: String(f.investmentRequired ?? ''),
    timelineWeeks: String(f.timelineWeeks ?? ''),
    nextMilestone: f.nextMilestone ?? '',
    milestoneDate: f.milestoneDate ? new Date(f.milestoneDate).toISOString().slice(0, 10) : '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const setValue = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((x) => ({ ...x, [name]: undefined }));
  };
  const save = trpc.evaluation.finalise.useMutation(useEvaluationMutationHandlers(e.id, 'Final evaluation saved'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { nextMilestone, milestoneDate, ...rest } = values;
    const input = check(
      finalForm,
      { ...toInput(rest), nextMilestone: nextMilestone ?? '', milestoneDate: milestoneDate ? `${milestoneDate}T00:00:00.000Z` : null },
      setErrors,
    );
    if (input) save.mutate({ id: e.id, ...input });
  };
  const props = { values, setValue, errors, idPrefix: 'final-' };
  return (
    <section aria-labelledby="final-title" className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <h2 id="final-title" className="text-lg font-semibold">
        Final evaluation (lead)
      </h2>
      <p className="text-sm text-base-content/70">Recorded on the prototype. The reviewers&apos; mean and spread are beside each figure.</p>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4" aria-label="Final evaluation">
        {errors.form && (
          <p className="text-sm text-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {NUMERIC_SCORE_FIELDS.map((field) => {
            const spread = e.aggregate?.[field];
            return (
              <div key={field} className="flex flex-col gap-1">
                <NumberField name={field} min={FINAL_LIMITS[field][0]} max={FINAL_LIMITS[field][1]} {...props} />
                <p className="text-xs text-base-content/70" data-testid={`spread-${field}`}>
                  {spread
                    ? `Reviewers: mean ${figure(field, spread.mean)}, range ${figure(field, spread.min)}–${figure(field, spread.max)}, SD ${figure(field, spread.stdDev)}`
                    : 'Reviewers: no scorecards visible yet'}
                </p>
              </div>
            );
          })}
          <LevelSelect name="riskLevel" {...props} />
          <LevelSelect name="marketPotential" {...props} />
        </div>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field name="nextMilestone" label="Next milestone" error={errors.nextMilestone} hint="Shown to the seller once the prototype is in development">
            <input
              id="nextMilestone"
              className="input input-bordered w-full"
              maxLength={MILESTONE_MAX}
              value={values.nextMilestone}
              onChange={(ev) => setValue('nextMilestone', ev.target.value)}
            />
          </Field>
          <Field name="milestoneDate" label="Milestone date" error={errors.milestoneDate}>
            <input
              id="milestoneDate"
              type="date"
              className="input input-bordered w-full"
              value={values.milestoneDate}
              onChange={(ev) => setValue('milestoneDate', ev.target.value)}
            />
          </Field>
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
            Save final evaluation
          </button>
        </div>
      </form>
    </section>
  );
}

function Release({ evaluation: e }: { evaluation: Evaluation }) {
  const [open, setOpen] = useState(false);
  const latest = e.latestRelease;
  return (
    <section aria-labelledby="release-title" className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <h2 id="release-title" className="text-lg font-semibold">
        Release to the seller
      </h2>
      {latest ? (
        <p className="mt-2 text-sm">
          Last released {formatDate(latest.releasedAt)} {latest.includeScores ? 'with the final scores' : 'without scores'}: “{latest.summary}”
        </p>
      ) : (
        <p className="mt-2 text-sm text-base-content/70">Nothing released yet. The seller sees no scorecard; a release shows them a summary.</p>
      )}
      <button type="button" className="btn btn-secondary btn-sm mt-3" onClick={() => setOpen(true)}>
        Release evaluation…
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Release evaluation"
        description="The seller will see this summary on their prototype page."
      >
        {open && <ReleaseForm evaluation={e} onClose={() => setOpen(false)} />}
      </ModalDialog>
    </section>
  );
}

function ReleaseForm({ evaluation: e, onClose }: { evaluation: Evaluation; onClose: () => void }) {
  const [values, setValues] = useState({ summary: '', strengths: '', concerns: '' });
  const [includeScores, setIncludeScores] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const release = trpc.evaluation.release.useMutation(useEvaluationMutationHandlers(e.id, 'Evaluation released', onClose));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = check(releaseForm, { ...values, includeScores }, setErrors);
    if (input) release.mutate({ id: e.id, ...input });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {(['summary', 'strengths', 'concerns'] as const).map((name) => (
        <Field key={name} name={`release-${name}`} label={name === 'summary' ? 'Summary' : `${LABELS[name]} (optional)`} error={errors[name]}>
          <textarea
            id={`release-${name}`}
            className="textarea textarea-bordered w-full"
            rows={name === 'summary' ? 4 : 3}
            value={values[name]}
            onChange={(ev) => {
              const value = ev.target.value;
              setValues((v) => ({ ...v, [name]: value }));
            }}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `release-${name}-error` : undefined}
          />
        </Field>
      ))}
      <label className="flex cursor-pointer items-center gap-2">
        <input type="checkbox" className="checkbox checkbox-sm" checked={includeScores} onChange={(ev) => setIncludeScores(ev.target.checked)} />
        Include final scores
      </label>
      <DialogActions onCancel={onClose} submitLabel="Release" pending={release.isPending} />
    </form>
  );
}
