// The lifecycle after review (issue 14) in the admin panel: Revise Quote (prefilled, with the
// earlier versions), a confirmation before Start Development and Mark Deployed (neither can be
// undone from the panel), and the stage move buttons the stage table allows.
import { type FormEvent, useState } from 'react';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { DialogActions, ModalDialog } from '~/components/modal-dialog.tsx';
import { formatDateTime, formatUsd, stateLabel } from '~/shared/format.ts';
import { type PrototypeStage, neighbourStages, stageMoveRefusal } from '~/shared/prototype-stages.ts';
import type { PrototypeStatus } from '~/shared/constants.ts';
import { quoteForm } from '~/shared/schemas/admin.ts';
import { useAdminFeedback } from './admin-toasts.ts';
import { GuardedButton } from './guarded-button.tsx';

const STAGE_SET_BY_STATUS = 'The stage now follows the status: it changes with Start Development and Mark Deployed';

export interface QuotedTarget {
  id: number;
  prototypeName: string;
  atomixQuote: number | null;
  quoteNotes: string | null;
}

export function ReviseQuoteDialog({ prototype, onClose }: { prototype: QuotedTarget | null; onClose: () => void }) {
  return (
    <ModalDialog
      open={!!prototype}
      onClose={onClose}
      title="Revise Quote"
      description={prototype && <>A new quote for “{prototype.prototypeName}”. The seller is notified and answers the new amount.</>}
      testId="revise-quote-dialog"
    >
      {prototype && <ReviseQuoteForm prototype={prototype} onClose={onClose} />}
    </ModalDialog>
  );
}

function ReviseQuoteForm({ prototype, onClose }: { prototype: QuotedTarget; onClose: () => void }) {
  const feedback = useAdminFeedback();
  const revise = trpc.admin.reviseQuote.useMutation(feedback('reviseQuote', onClose));
  const versions = trpc.admin.quoteVersions.useQuery({ id: prototype.id });
  const form = useZodForm(quoteForm, { amount: prototype.atomixQuote ? String(prototype.atomixQuote) : '', notes: prototype.quoteNotes ?? '' });
  const submit = form.submit((input) => revise.mutate({ id: prototype.id, atomixQuote: input.amount, quoteNotes: input.notes }));
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field name="amount" label="New quote amount (USD)" error={form.errors.amount}>
        <input {...form.field('amount')} className="input input-bordered w-full" inputMode="decimal" autoFocus />
      </Field>
      <Field name="notes" label="Notes (optional)" error={form.errors.notes}>
        <textarea {...form.field('notes')} className="textarea textarea-bordered w-full" rows={3} />
      </Field>
      <section aria-labelledby={`versions-${prototype.id}`} className="rounded-box border border-base-300 p-3">
        <h3 id={`versions-${prototype.id}`} className="text-sm font-medium">
          Earlier quotes
        </h3>
        {versions.isLoading ? (
          <p className="mt-1 text-sm text-base-content/70">Loading…</p>
        ) : versions.isError ? (
          <p className="mt-1 text-sm text-error">Failed to load earlier quotes</p>
        ) : !versions.data?.length ? (
          <p className="mt-1 text-sm text-base-content/70">No earlier quotes recorded</p>
        ) : (
          <ol className="mt-1 flex flex-col gap-1 text-sm" data-testid="admin-quote-versions">
            {versions.data.map((v) => (
              <li key={v.id}>
                <span className="whitespace-nowrap font-semibold tabular-nums">{formatUsd(v.amount)}</span> · {formatDateTime(v.quotedAt)}
                {v.quotedByName && <> · {v.quotedByName}</>} ·{' '}
                {v.sellerResponse ? (
                  <span className={v.sellerResponse === 'accepted' ? 'text-success' : 'text-error'}>{stateLabel(v.sellerResponse)}</span>
                ) : (
                  <span className="text-base-content/70">no answer</span>
                )}
                {v.notes && <span className="block text-base-content/70">{v.notes}</span>}
              </li>
            ))}
          </ol>
        )}
      </section>
      <DialogActions onCancel={onClose} submitLabel="Revise Quote" pending={revise.isPending} />
    </form>
  );
}

export type ConfirmKind = 'startDevelopment' | 'markDeployed';

const CONFIRM_TEXT: Record<ConfirmKind, { title: string; body: string; submit: string }> = {
  startDevelopment: {
    title: 'Start Development',
    body: 'The prototype moves to In development (stage Development) and the seller is notified. This cannot be undone from the panel.',
    submit: 'Start Development',
  },
  markDeployed: {
    title: 'Mark Deployed',
    body: 'The prototype becomes Active (stage Deployment), is recorded as completed, and the seller is notified. This cannot be undone from the panel.',
    submit: 'Mark Deployed',
  },
};

/** A person confirms each irreversible step before it is sent. */
export function ConfirmTransitionDialog({
  kind,
  prototype,
  onClose,
}: {
  kind: ConfirmKind;
  prototype: { id: number; prototypeName: string } | null;
  onClose: () => void;
}) {
  const feedback = useAdminFeedback();
  const startDevelopment = trpc.admin.startDevelopment.useMutation(feedback('startDevelopment', onClose));
  const markDeployed = trpc.admin.markDeployed.useMutation(feedback('markDeployed', onClose));
  const mutation = kind === 'startDevelopment' ? startDevelopment : markDeployed;
  const text = CONFIRM_TEXT[kind];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (prototype) mutation.mutate({ id: prototype.id });
  };
  return (
    <ModalDialog open={!!prototype} onClose={onClose} title={text.title} description={prototype && <>“{prototype.prototypeName}”</>} testId={`confirm-${kind}`}>
      <form onSubmit={submit}>
        <p className="text-sm">{text.body}</p>
        <ConfirmActions onCancel={onClose} submitLabel={text.submit} pending={mutation.isPending} />
      </form>
    </ModalDialog>
  );
}

/** Like DialogActions, but the confirming button takes the focus (the dialog has no field). */
function ConfirmActions({ onCancel, submitLabel, pending }: { onCancel: () => void; submitLabel: string; pending: boolean }) {
  return (
    <div className="modal-action">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending} data-autofocus>
        {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {submitLabel}
      </button>
    </div>
  );
}

/**
 * "Move to <previous>" / "Move to <next>": the one-step moves of the stage table. In a list only the
 * moves allowed now; with `explain` (the evaluation page) each neighbouring move, disabled with the
 * stage table's reason when it is refused, or why the stage cannot be moved at all.
 */
export function StageMoveButtons({
  prototype,
  explain = false,
}: {
  prototype: { id: number; prototypeName: string; status: PrototypeStatus; stage: PrototypeStage };
  explain?: boolean;
}) {
  const feedback = useAdminFeedback();
  const [target, setTarget] = useState<PrototypeStage | null>(null);
  const move = trpc.admin.moveStage.useMutation({ ...feedback('moveStage'), onSettled: () => setTarget(null) });
  const { previous, next } = neighbourStages(prototype.stage);
  const moves = [previous, next]
    .filter((stage): stage is NonNullable<typeof stage> => !!stage)
    .map((stage) => ({ stage, refusal: stageMoveRefusal(prototype, stage) }))
    .filter((m) => explain || m.refusal === null);
  if (moves.length === 0) {
    if (!explain) return null;
    return (
      <GuardedButton refusal={stageMoveRefusal(prototype, 'initial_review') ?? STAGE_SET_BY_STATUS} className="btn-sm btn-outline" onClick={() => undefined}>
        Move stage
      </GuardedButton>
    );
  }
  return (
    <>
      {moves.map(({ stage, refusal }) => (
        <GuardedButton
          key={stage}
          refusal={refusal}
          className="btn-sm btn-outline"
          pending={move.isPending && target === stage}
          onClick={() => {
            setTarget(stage);
            move.mutate({ id: prototype.id, stage });
          }}
          label={`Move to ${stateLabel(stage)}: ${prototype.prototypeName}`}
          testId={`move-stage-${stage}`}
        >
          {stage === previous && <span aria-hidden="true">←</span>}
          Move to {stateLabel(stage)}
          {stage === next && <span aria-hidden="true">→</span>}
        </GuardedButton>
      ))}
    </>
  );
}
