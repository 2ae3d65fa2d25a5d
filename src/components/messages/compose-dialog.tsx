// A new conversation from an admin: to a user, or to the seller of a prototype (the message links to it).
import { useState } from 'react';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { MESSAGE_MAX, SUBJECT_MAX, startThreadForm } from '~/shared/schemas/messages.ts';
import { fullName } from '~/shared/format.ts';
import { DialogActions, ModalDialog } from '~/components/modal-dialog.tsx';

type Target = { kind: 'prototype'; id: number; label: string } | { kind: 'user'; id: string; label: string };

export function ComposeDialog({
  open,
  prototypeId,
  userId,
  onClose,
  onSent,
}: {
  open: boolean;
  prototypeId?: number | undefined;
  userId?: string | undefined;
  onClose: () => void;
  onSent: (rootId: number) => void;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="New message"
      description="Start a conversation with a seller. They are notified at once."
      testId="compose-dialog"
    >
      {open && <ComposeForm initialPrototypeId={prototypeId} initialUserId={userId} onClose={onClose} onSent={onSent} />}
    </ModalDialog>
  );
}

function ComposeForm({
  initialPrototypeId,
  initialUserId,
  onClose,
  onSent,
}: {
  initialPrototypeId?: number | undefined;
  initialUserId?: string | undefined;
  onClose: () => void;
  onSent: (rootId: number) => void;
}) {
  const [kind, setKind] = useState<'prototype' | 'user'>(initialUserId ? 'user' : 'prototype');
  const [query, setQuery] = useState('');
  const [target, setTarget] = useState<Target | null>(null);
  const [targetError, setTargetError] = useState<string | undefined>();
  const form = useZodForm(startThreadForm, { subject: '', content: '' });
  const prototypes = trpc.admin.prototypes.useQuery({ search: query || undefined, limit: 10 }, { enabled: kind === 'prototype' });
  const users = trpc.admin.users.useQuery({ search: query || undefined, role: 'user', limit: 10 }, { enabled: kind === 'user' });
  const utils = trpc.useUtils();

  // Arriving with ?prototypeId= or ?userId= preselects the recipient.
  const preset: Target | null =
    target ??
    (kind === 'prototype' && initialPrototypeId
      ? { kind: 'prototype', id: initialPrototypeId, label: `Prototype #${initialPrototypeId}` }
      : kind === 'user' && initialUserId
        ? { kind: 'user', id: initialUserId, label: 'Selected user' }
        : null);

  const start = trpc.messages.start.useMutation({
    onSuccess: async (message) => {
      toast({ title: 'Message sent successfully' });
      await utils.messages.inbox.invalidate();
      onSent(message.id);
    },
    onError: (error) => toastError('Failed to send message', error),
  });

  const options =
    kind === 'prototype'
      ? (prototypes.data?.items ?? []).map((p) => ({ value: String(p.id), label: `#${p.id} ${p.prototypeName} (${p.inventorName})` }))
      : (users.data?.items ?? []).map((u) => ({ value: u.id, label: `${fullName(u)} · ${u.email}` }));

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = form.validate(e);
        if (!preset) setTargetError(kind === 'prototype' ? 'Choose a prototype' : 'Choose a recipient');
        if (!values || !preset) return;
        start.mutate(preset.kind === 'prototype' ? { ...values, prototypeId: preset.id } : { ...values, userId: preset.id });
      }}
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">Send to</legend>
        {(['prototype', 'user'] as const).map((k) => (
          <label key={k} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="compose-kind"
              className="radio radio-primary radio-sm"
              checked={kind === k}
              onChange={() => {
                setKind(k);
                setTarget(null);
                setQuery('');
              }}
            />
            {k === 'prototype' ? 'The seller of a prototype' : 'A user'}
          </label>
        ))}
      </fieldset>
      <Field name="compose-search" label={kind === 'prototype' ? 'Find a prototype' : 'Find a user'}>
        <input
          id="compose-search"
          type="search"
          className="input input-bordered w-full"
          value={query}
          placeholder={kind === 'prototype' ? 'Name, inventor or number' : 'Name or email'}
          onChange={(e) => setQuery(e.target.value)}
        />
      </Field>
      <Field name="compose-target" label={kind === 'prototype' ? 'Prototype' : 'Recipient'} error={targetError}>
        <select
          id="compose-target"
          className="select select-bordered w-full"
          value={preset ? String(preset.id) : ''}
          aria-invalid={targetError ? true : undefined}
          aria-describedby={targetError ? 'compose-target-error' : undefined}
          onChange={(e) => {
            const option = options.find((o) => o.value === e.target.value);
            setTargetError(undefined);
            setTarget(
              option
                ? kind === 'prototype'
                  ? { kind, id: Number(option.value), label: option.label }
                  : { kind, id: option.value, label: option.label }
                : null,
            );
          }}
        >
          <option value="">Choose…</option>
          {preset && !options.some((o) => o.value === String(preset.id)) && <option value={String(preset.id)}>{preset.label}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <Field name="subject" label="Subject" error={form.errors.subject}>
        <input {...form.field('subject')} className="input input-bordered w-full" maxLength={SUBJECT_MAX} />
      </Field>
      <Field name="content" label="Message" error={form.errors.content}>
        <textarea {...form.field('content')} className="textarea textarea-bordered min-h-32 w-full" maxLength={MESSAGE_MAX} />
      </Field>
      <DialogActions onCancel={onClose} submitLabel="Send Message" pending={start.isPending} />
    </form>
  );
}
