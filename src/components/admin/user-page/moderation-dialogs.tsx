// Warn and Suspend dialogs of the admin user page (issue 15, ADR 0016), driven by the shared schemas.
import { type FormEvent, useState } from 'react';
import { trpc } from '~/client/trpc.ts';
import { firstMessages } from '~/client/forms/use-zod-form.ts';
import { Field } from '~/components/forms/field.tsx';
import { DialogActions, ModalDialog } from '~/components/modal-dialog.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { stateLabel } from '~/shared/format.ts';
import { WARNING_SEVERITIES, WARNING_TYPES } from '~/shared/moderation.ts';
import { MODERATION_REASON_MAX, MODERATION_TEXT_MAX, TITLE_MAX, liftSuspensionForm, suspensionForm, warningForm } from '~/shared/schemas/moderation.ts';
import { Options } from '~/components/forms/options.tsx';
import { EXPIRY_IN_PAST, SUSPENSION_END_IN_PAST, isAfter } from '~/shared/schemas/future-dates.ts';

interface Target {
  id: string;
  name: string;
}
type Errors = Partial<Record<string, string>>;

function useModerationMutation(onDone: () => void, title: string) {
  const utils = trpc.useUtils();
  return {
    onSuccess: async () => {
      toast({ title, description: 'The user has been notified.' });
      await utils.invalidate();
      onDone();
    },
    onError: (error: unknown) => toastError('The action failed.', error),
  };
}

export function WarnDialog({ user, open, onClose }: { user: Target; open: boolean; onClose: () => void }) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Warn user"
      description={`Warn ${user.name}. They are notified and see it on their dashboard.`}
      testId="warn-dialog"
    >
      {open && <WarnForm user={user} onClose={onClose} />}
    </ModalDialog>
  );
}

function WarnForm({ user, onClose }: { user: Target; onClose: () => void }) {
  const warn = trpc.moderation.warn.useMutation(useModerationMutation(onClose, 'Warning issued'));
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const expires = String(data.get('expiresAt') ?? '');
    const parsed = warningForm.safeParse({
      warningType: data.get('warningType'),
      severity: data.get('severity'),
      title: data.get('title'),
      description: data.get('description'),
      expiresAt: expires ? new Date(expires) : null,
    });
    if (!parsed.success) return setErrors(firstMessages(parsed.error));
    if (parsed.data.expiresAt && !isAfter(parsed.data.expiresAt)) return setErrors({ expiresAt: EXPIRY_IN_PAST });
    setErrors({});
    warn.mutate({ id: user.id, ...parsed.data });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field name="warningType" label="Type" error={errors.warningType}>
          <select id="warningType" name="warningType" className="select select-bordered w-full" defaultValue="conduct">
            <Options values={WARNING_TYPES} label={stateLabel} />
          </select>
        </Field>
        <Field name="severity" label="Severity" error={errors.severity}>
          <select id="severity" name="severity" className="select select-bordered w-full" defaultValue="medium">
            <Options values={WARNING_SEVERITIES} label={stateLabel} />
          </select>
        </Field>
      </div>
      <Field name="title" label="Title" error={errors.title}>
        <input id="title" name="title" className="input input-bordered w-full" maxLength={TITLE_MAX} aria-invalid={errors.title ? true : undefined} />
      </Field>
      <Field name="description" label="Description" error={errors.description}>
        <textarea
          id="description"
          name="description"
          rows={4}
          className="textarea textarea-bordered w-full"
          maxLength={MODERATION_TEXT_MAX}
          aria-invalid={errors.description ? true : undefined}
        />
      </Field>
      <Field name="expiresAt" label="Expires (optional)" error={errors.expiresAt} hint="Leave empty for no expiry.">
        <input id="expiresAt" name="expiresAt" type="datetime-local" className="input input-bordered w-full" />
      </Field>
      <DialogActions onCancel={onClose} submitLabel="Issue warning" pending={warn.isPending} />
    </form>
  );
}

export function SuspendDialog({ user, open, onClose }: { user: Target; open: boolean; onClose: () => void }) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Suspend user"
      description={`Suspend ${user.name} until a date. They are signed out at once and cannot sign in until then.`}
      testId="suspend-dialog"
    >
      {open && <SuspendForm user={user} onClose={onClose} />}
    </ModalDialog>
  );
}

function SuspendForm({ user, onClose }: { user: Target; onClose: () => void }) {
  const suspend = trpc.moderation.suspend.useMutation(useModerationMutation(onClose, 'User suspended'));
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const end = String(data.get('endDate') ?? '');
    if (!end) return setErrors({ endDate: 'End date is required' });
    const parsed = suspensionForm.safeParse({ reason: data.get('reason'), endDate: new Date(end), notes: data.get('notes') });
    if (!parsed.success) return setErrors(firstMessages(parsed.error));
    if (!isAfter(parsed.data.endDate)) return setErrors({ endDate: SUSPENSION_END_IN_PAST });
    setErrors({});
    suspend.mutate({ id: user.id, ...parsed.data });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field name="reason" label="Reason (the user reads it)" error={errors.reason}>
        <input
          id="reason"
          name="reason"
          className="input input-bordered w-full"
          maxLength={MODERATION_REASON_MAX}
          aria-invalid={errors.reason ? true : undefined}
        />
      </Field>
      <Field name="endDate" label="Suspended until" error={errors.endDate}>
        <input id="endDate" name="endDate" type="datetime-local" className="input input-bordered w-full" aria-invalid={errors.endDate ? true : undefined} />
      </Field>
      <Field name="notes" label="Notes (admins only, optional)" error={errors.notes}>
        <textarea id="notes" name="notes" rows={3} className="textarea textarea-bordered w-full" maxLength={MODERATION_TEXT_MAX} />
      </Field>
      <DialogActions onCancel={onClose} submitLabel="Suspend" pending={suspend.isPending} danger />
    </form>
  );
}

/** Lifting a suspension early asks why: the user reads the reason, and an open appeal against it is closed as decided. */
export function LiftSuspensionDialog({ user, suspensionId, open, onClose }: { user: Target; suspensionId: number; open: boolean; onClose: () => void }) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Lift suspension"
      description={`${user.name} can sign in again at once and is told your reason. An open appeal against this suspension is closed as accepted.`}
      testId="lift-suspension-dialog"
    >
      {open && <LiftSuspensionForm suspensionId={suspensionId} onClose={onClose} />}
    </ModalDialog>
  );
}

function LiftSuspensionForm({ suspensionId, onClose }: { suspensionId: number; onClose: () => void }) {
  const lift = trpc.moderation.liftSuspension.useMutation(useModerationMutation(onClose, 'Suspension lifted'));
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = liftSuspensionForm.safeParse({ reason: new FormData(event.currentTarget).get('reason') });
    if (!parsed.success) return setErrors(firstMessages(parsed.error));
    setErrors({});
    lift.mutate({ id: suspensionId, reason: parsed.data.reason });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field name="lift-reason" label="Reason (the user reads it)" error={errors.reason}>
        <textarea
          id="lift-reason"
          name="reason"
          rows={3}
          className="textarea textarea-bordered w-full"
          maxLength={MODERATION_REASON_MAX}
          aria-invalid={errors.reason ? true : undefined}
        />
      </Field>
      <DialogActions onCancel={onClose} submitLabel="Lift suspension" pending={lift.isPending} />
    </form>
  );
}
