// An appeal's decision (issue 15, ADR 0016): upheld or reversed (the measure is lifted), with the
// resolution the user reads. Placed in the admin ticket page and the user page's moderation history.
import { type FormEvent, useId, useState } from 'react';
import { Field, controlOf } from '~/components/forms/field.tsx';
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { toast } from '~/components/toast/toast-store.ts';
import { formatDateTime } from '~/shared/format.ts';
import type { AppealOutcome, MeasureType } from '~/shared/moderation.ts';
import { MODERATION_TEXT_MAX, appealDecisionForm } from '~/shared/schemas/moderation.ts';

export interface AppealInfo {
  measureType: MeasureType;
  measureId: number;
  outcome: AppealOutcome | null;
  resolution: string | null;
  resolvedAt: Date | null;
}

export function AppealDecision({ ticketId, appeal, onDecided }: { ticketId: number; appeal: AppealInfo; onDecided?: () => void }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [outcome, setOutcome] = useState<AppealOutcome>('upheld');
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = trpc.moderation.decideAppeal.useMutation({
    onSuccess: async (result) => {
      toast({ title: result.outcome === 'reversed' ? 'Appeal accepted: measure lifted' : 'Appeal upheld', description: 'The user has been notified.' });
      await utils.invalidate();
      onDecided?.();
    },
    onError: (e) => setError(serverMessage(e, 'Could not record the decision.')),
  });

  if (appeal.outcome) {
    return (
      <p className="text-sm" data-testid="appeal-decided">
        <span className="font-medium">{appeal.outcome === 'reversed' ? 'Reversed' : 'Upheld'}</span>
        {appeal.resolvedAt ? ` on ${formatDateTime(appeal.resolvedAt)}` : ''}
        {appeal.resolution ? `: ${appeal.resolution}` : ''}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = appealDecisionForm.safeParse({ outcome, resolution });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Resolution is required');
      return;
    }
    setError(null);
    decide.mutate({ id: ticketId, ...parsed.data });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label={`Decide the appeal against ${appeal.measureType} #${appeal.measureId}`}>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">Decision</legend>
        {(
          [
            ['upheld', 'Uphold (the measure stays)'],
            ['reversed', 'Reverse (lift the measure)'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="radio" name={`${id}-outcome`} className="radio radio-sm" checked={outcome === value} onChange={() => setOutcome(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      <Field name={`${id}-resolution`} label="Resolution (the user reads it)" error={error}>
        <textarea
          className="textarea textarea-bordered w-full"
          rows={3}
          maxLength={MODERATION_TEXT_MAX}
          value={resolution}
          {...controlOf(`${id}-resolution`, error)}
          onChange={(e) => {
            setResolution(e.target.value);
            setError(null);
          }}
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-sm self-start" disabled={decide.isPending} aria-busy={decide.isPending}>
        Record decision
      </button>
    </form>
  );
}
