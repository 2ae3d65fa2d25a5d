// Dialogs of the User Management tab (spec sections 2 and 5): Restrict, Ban, Delete, Reset
// Password and Message.
import { type FormEvent, useState } from 'react';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { PasswordInput } from '~/components/forms/password-input.tsx';
import { DELETE_CONFIRMATION_WORD, MIN_PASSWORD_LENGTH } from '~/shared/constants.ts';
import { adminMessageForm, banForm } from '~/shared/schemas/admin.ts';
import { ModalDialog, DialogActions } from '~/components/modal-dialog.tsx';
import { useAdminFeedback } from './admin-toasts.ts';
import { generateRandomPassword } from '~/shared/generate-password.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { RESTRICTION_END_IN_PAST, isAfter } from '~/shared/schemas/future-dates.ts';

export interface UserTarget {
  id: string;
  email: string;
  name: string;
  status: 'active' | 'restricted' | 'banned';
  restrictedUntil: Date | null;
  adminNotes: string | null;
}

interface DialogProps {
  user: UserTarget | null;
  onClose: () => void;
}

/** "2026-05-01T14:30" in local time, the value format of <input type="datetime-local">. */
function toLocalInput(date: Date | null): string {
  if (!date) return '';
  const d = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

export function RestrictDialog({ user, onClose }: DialogProps) {
  return (
    <ModalDialog
      open={!!user}
      onClose={onClose}
      title="Restrict User"
      description={
        user && (
          <>
            Change the status of {user.name} ({user.email}).
          </>
        )
      }
    >
      {user && <RestrictForm user={user} onClose={onClose} />}
    </ModalDialog>
  );
}

function RestrictForm({ user, onClose }: { user: UserTarget; onClose: () => void }) {
  const feedback = useAdminFeedback();
  const update = trpc.admin.updateUserStatus.useMutation(feedback('userStatus', onClose));
  const [status, setStatus] = useState<'restricted' | 'active'>('restricted');
  const [until, setUntil] = useState(toLocalInput(user.restrictedUntil));
  const [notes, setNotes] = useState(user.adminNotes ?? '');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const restrictedUntil = status === 'restricted' && until ? new Date(until) : null;
    if (restrictedUntil && !isAfter(restrictedUntil)) {
      setError(RESTRICTION_END_IN_PAST);
      return;
    }
    update.mutate({ id: user.id, status, banReason: null, restrictedUntil, adminNotes: notes });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Status</legend>
        {(['restricted', 'active'] as const).map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-2">
            <input type="radio" name="status" className="radio radio-sm" value={value} checked={status === value} onChange={() => setStatus(value)} />
            <span className="capitalize">{value}</span>
          </label>
        ))}
      </fieldset>
      {status === 'restricted' && (
        <Field name="restrictedUntil" label="Restricted until (optional)" error={error} hint="Leave empty for no end date.">
          <input
            id="restrictedUntil"
            type="datetime-local"
            className="input input-bordered w-full"
            value={until}
            onChange={(e) => {
              setUntil(e.target.value);
              setError(undefined);
            }}
          />
        </Field>
      )}
      <Field name="adminNotes" label="Admin notes (optional)">
        <textarea id="adminNotes" className="textarea textarea-bordered w-full" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>
      <DialogActions onCancel={onClose} submitLabel="Update Status" pending={update.isPending} />
    </form>
  );
}

export function BanDialog({ user, onClose }: DialogProps) {
  return (
    <ModalDialog
      open={!!user}
      onClose={onClose}
      title="Ban User"
      description={
        user && (
          <>
            Ban {user.name} ({user.email}). They are signed out at once.
          </>
        )
      }
    >
      {user && <BanForm user={user} onClose={onClose} />}
    </ModalDialog>
  );
}

function BanForm({ user, onClose }: { user: UserTarget; onClose: () => void }) {
  const feedback = useAdminFeedback();
  const update = trpc.admin.updateUserStatus.useMutation(feedback('userStatus', onClose));
  const form = useZodForm(banForm, { banReason: '' });
  const [notes, setNotes] = useState(user.adminNotes ?? '');
  const submit = form.submit((input) => update.mutate({ id: user.id, status: 'banned', banReason: input.banReason, restrictedUntil: null, adminNotes: notes }));
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field name="banReason" label="Ban reason" error={form.errors.banReason}>
        <textarea {...form.field('banReason')} className="textarea textarea-bordered w-full" rows={3} autoFocus required />
      </Field>
      <Field name="banNotes" label="Admin notes (optional)">
        <textarea id="banNotes" className="textarea textarea-bordered w-full" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>
      <DialogActions onCancel={onClose} submitLabel="Ban User" pending={update.isPending} danger />
    </form>
  );
}

export function DeleteDialog({ user, onClose }: DialogProps) {
  const feedback = useAdminFeedback();
  const remove = trpc.admin.deleteUser.useMutation(feedback('deleteUser', onClose));
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onClose();
  };
  const confirmed = typed === DELETE_CONFIRMATION_WORD;
  return (
    <ModalDialog
      open={!!user}
      onClose={close}
      title="Delete User"
      description={
        user && (
          <p>
            This permanently deletes {user.name} ({user.email}) and removes the user's prototypes, bids, messages and transaction history. This cannot be
            undone.
          </p>
        )
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (user && confirmed) remove.mutate({ id: user.id }, { onSuccess: () => setTyped('') });
        }}
      >
        <Field name="deleteConfirmation" label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}>
          <input
            id="deleteConfirmation"
            className="input input-bordered w-full"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoFocus
          />
        </Field>
        <DialogActions onCancel={close} submitLabel="Delete User" pending={remove.isPending} disabled={!confirmed} danger />
      </form>
    </ModalDialog>
  );
}

export function ResetPasswordDialog({ user, onClose }: DialogProps) {
  return (
    <ModalDialog
      open={!!user}
      onClose={onClose}
      title="Reset Password"
      description={
        user && (
          <>
            Set a new password for {user.name} ({user.email}). Their sessions end.
          </>
        )
      }
    >
      {user && <ResetPasswordForm user={user} onClose={onClose} />}
    </ModalDialog>
  );
}

function ResetPasswordForm({ user, onClose }: { user: UserTarget; onClose: () => void }) {
  const feedback = useAdminFeedback();
  const reset = trpc.admin.resetPassword.useMutation(feedback('password', onClose));
  const [password, setPassword] = useState('');
  const longEnough = password.length >= MIN_PASSWORD_LENGTH;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (longEnough) reset.mutate({ id: user.id, newPassword: password });
      }}
      className="flex flex-col gap-3"
    >
      <Field name="newPassword" label="New password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        <PasswordInput id="newPassword" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" autoFocus />
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setPassword(generateRandomPassword())}>
          Generate Random
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={!password}
          onClick={() =>
            void navigator.clipboard.writeText(password).then(
              () => toast({ title: 'Password copied' }),
              () => toastError('Could not copy the password'),
            )
          }
        >
          Copy password
        </button>
      </div>
      <DialogActions onCancel={onClose} submitLabel="Change Password" pending={reset.isPending} disabled={!longEnough} />
    </form>
  );
}

export function MessageDialog({ user, onClose }: DialogProps) {
  return (
    <ModalDialog
      open={!!user}
      onClose={onClose}
      title="Send Message"
      description={
        user && (
          <>
            To {user.name} ({user.email}).
          </>
        )
      }
    >
      {user && <MessageForm user={user} onClose={onClose} />}
    </ModalDialog>
  );
}

function MessageForm({ user, onClose }: { user: UserTarget; onClose: () => void }) {
  const feedback = useAdminFeedback();
  const send = trpc.admin.sendMessage.useMutation(feedback('message', onClose));
  const form = useZodForm(adminMessageForm, { subject: '', content: '' });
  return (
    <form onSubmit={form.submit((input) => send.mutate({ userId: user.id, ...input }))} noValidate className="flex flex-col gap-3">
      <Field name="subject" label="Subject" error={form.errors.subject}>
        <input {...form.field('subject')} className="input input-bordered w-full" autoFocus />
      </Field>
      <Field name="content" label="Message" error={form.errors.content}>
        <textarea {...form.field('content')} className="textarea textarea-bordered w-full" rows={5} />
      </Field>
      <DialogActions onCancel={onClose} submitLabel="Send Message" pending={send.isPending} />
    </form>
  );
}
