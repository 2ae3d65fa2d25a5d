// Dialogs of the Prototype Management tab: Reject (reason), Reject Quote (the final reject, with an
// optional reason category), Provide Quote (amount and notes) and Manage (priority, reviewer, comments).
import { type FormEvent, useState } from 'react';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { Options } from '~/components/forms/options.tsx';
import { LEVELS, type Level, quoteForm, rejectForm } from '~/shared/schemas/admin.ts';
import { fullName, stateLabel } from '~/shared/format.ts';
import { ModalDialog, DialogActions } from '~/components/modal-dialog.tsx';
import { DECLINE_CATEGORIES, DECLINE_REASONS, type DeclineCategory, isDeclineCategory } from '~/shared/decline-reasons.ts';
import { useAdminFeedback } from './admin-toasts.ts';

export interface PrototypeTarget {
  id: number;
  prototypeName: string;
  priority: Level;
  assignedTo: string | null;
  assigneeName: string | null;
  reviewerComments: string | null;
}

export function RejectDialog({ prototype, onClose }: { prototype: PrototypeTarget | null; onClose: () => void }) {
  const feedback = useAdminFeedback();
  const reject = trpc.admin.reject.useMutation(feedback('reject', onClose));
  const form = useZodForm(rejectForm, { reason: '' });
  const [category, setCategory] = useState<DeclineCategory | ''>('');
  const submit = form.submit((input) => {
    if (prototype) reject.mutate({ id: prototype.id, reason: input.reason, ...(category ? { reasonCategory: category } : {}) });
  });
  return (
    <ModalDialog
      open={!!prototype}
      onClose={onClose}
      title="Reject Prototype"
      description={prototype && <>Reject “{prototype.prototypeName}”. The seller will see the reason.</>}
    >
      <form onSubmit={submit} noValidate>
        <Field name="reason" label="Reason for rejection" error={form.errors.reason}>
          <textarea {...form.field('reason')} className="textarea textarea-bordered w-full" rows={4} autoFocus />
        </Field>
        <DeclineCategorySelect value={category} onChange={setCategory} />
        <DialogActions onCancel={onClose} submitLabel="Reject" pending={reject.isPending} danger />
      </form>
    </ModalDialog>
  );
}

/** Reject Quote, the final reject (issue 33, point 6): optionally with a reason category for the report. */
export function RejectQuoteDialog({ prototype, onClose }: { prototype: Pick<PrototypeTarget, 'id' | 'prototypeName'> | null; onClose: () => void }) {
  const feedback = useAdminFeedback();
  const [category, setCategory] = useState<DeclineCategory | ''>('');
  const cancel = () => {
    setCategory('');
    onClose();
  };
  const rejectQuote = trpc.admin.rejectQuote.useMutation(feedback('rejectQuote', cancel));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (prototype) rejectQuote.mutate({ id: prototype.id, status: 'rejected', ...(category ? { reasonCategory: category } : {}) });
  };
  return (
    <ModalDialog
      open={!!prototype}
      onClose={cancel}
      title="Reject Quote"
      description={prototype && <>Reject the quote for “{prototype.prototypeName}”: the prototype is declined for good.</>}
    >
      <form onSubmit={submit} noValidate>
        <DeclineCategorySelect value={category} onChange={setCategory} />
        <DialogActions onCancel={cancel} submitLabel="Reject Quote" pending={rejectQuote.isPending} danger />
      </form>
    </ModalDialog>
  );
}

/** The optional reason category (issue 33, point 6): the seller reads it in plain words with a next step. */
function DeclineCategorySelect({ value, onChange }: { value: DeclineCategory | ''; onChange: (value: DeclineCategory | '') => void }) {
  return (
    <div className="mt-3 flex flex-col gap-1">
      <label htmlFor="decline-category" className="text-sm font-medium">
        Reason category (optional)
      </label>
      <select
        id="decline-category"
        className="select select-bordered w-full"
        value={value}
        onChange={(e) => onChange(isDeclineCategory(e.target.value) ? e.target.value : '')}
        aria-describedby="decline-category-hint"
      >
        <option value="">No category</option>
        <Options values={DECLINE_CATEGORIES} label={(c) => DECLINE_REASONS[c].label} />
      </select>
      <p id="decline-category-hint" className="text-xs text-base-content/70">
        {value ? `The seller reads: “${DECLINE_REASONS[value].sellerText}” and what they could do next.` : 'The seller then sees your reason alone.'}
      </p>
    </div>
  );
}

export function QuoteDialog({ prototype, onClose }: { prototype: PrototypeTarget | null; onClose: () => void }) {
  const feedback = useAdminFeedback();
  const quote = trpc.admin.quote.useMutation(feedback('quote', onClose));
  const form = useZodForm(quoteForm, { amount: '', notes: '' });
  const submit = form.submit((input) => {
    // Sent as a number (spec section 5); the server re-checks precision on the exact value.
    if (prototype) quote.mutate({ id: prototype.id, atomixQuote: Number(input.amount), quoteNotes: input.notes, status: 'quoted' });
  });
  return (
    <ModalDialog open={!!prototype} onClose={onClose} title="Provide Quote" description={prototype && <>Quote for “{prototype.prototypeName}”.</>}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field name="amount" label="Quote amount (USD)" error={form.errors.amount}>
          <input {...form.field('amount')} className="input input-bordered w-full" inputMode="decimal" placeholder="e.g. 25000" autoFocus />
        </Field>
        <Field name="notes" label="Notes (optional)" error={form.errors.notes}>
          <textarea {...form.field('notes')} className="textarea textarea-bordered w-full" rows={3} />
        </Field>
        <DialogActions onCancel={onClose} submitLabel="Provide Quote" pending={quote.isPending} />
      </form>
    </ModalDialog>
  );
}

/** Priority, reviewer and reviewer comments: each saved on its own when it changed. */
export function ManageDialog({ prototype, onClose }: { prototype: PrototypeTarget | null; onClose: () => void }) {
  return (
    <ModalDialog open={!!prototype} onClose={onClose} title="Manage Review" description={prototype && <>“{prototype.prototypeName}”</>}>
      {prototype && <ManageForm prototype={prototype} onClose={onClose} />}
    </ModalDialog>
  );
}

function ManageForm({ prototype, onClose }: { prototype: PrototypeTarget; onClose: () => void }) {
  const feedback = useAdminFeedback();
  const admins = trpc.admin.admins.useQuery();
  const setPriority = trpc.admin.setPriority.useMutation();
  const assign = trpc.admin.assign.useMutation();
  const comments = trpc.admin.setReviewerComments.useMutation();
  const [priority, setPriorityValue] = useState<Level>(prototype.priority);
  const [assignee, setAssignee] = useState(prototype.assignedTo ?? '');
  const [text, setText] = useState(prototype.reviewerComments ?? '');
  const [pending, setPending] = useState(false);
  const handlers = feedback('manage', onClose);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      if (priority !== prototype.priority) await setPriority.mutateAsync({ id: prototype.id, priority });
      if (assignee !== (prototype.assignedTo ?? '')) await assign.mutateAsync({ id: prototype.id, assignedTo: assignee || null });
      if (text.trim() !== (prototype.reviewerComments ?? '')) await comments.mutateAsync({ id: prototype.id, reviewerComments: text });
      handlers.onSuccess();
    } catch {
      handlers.onError();
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <Field name="priority" label="Priority">
        <select id="priority" className="select select-bordered w-full" value={priority} onChange={(e) => setPriorityValue(e.target.value as Level)}>
          <Options values={LEVELS} label={stateLabel} />
        </select>
      </Field>
      <Field name="assignee" label="Assigned reviewer">
        <select id="assignee" className="select select-bordered w-full" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
          <option value="">Unassigned</option>
          {/* A lead no longer on the team is not offered again, but is shown while assigned. */}
          {prototype.assignedTo && admins.data && !admins.data.some((admin) => admin.id === prototype.assignedTo) && (
            <option value={prototype.assignedTo}>{prototype.assigneeName ?? 'A former administrator'} (no longer on the team)</option>
          )}
          {admins.data?.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {fullName(admin)} ({admin.email})
            </option>
          ))}
        </select>
      </Field>
      <Field name="reviewerComments" label="Reviewer comments">
        <textarea id="reviewerComments" className="textarea textarea-bordered w-full" rows={4} value={text} onChange={(e) => setText(e.target.value)} />
      </Field>
      <DialogActions onCancel={onClose} submitLabel="Save" pending={pending} />
    </form>
  );
}
