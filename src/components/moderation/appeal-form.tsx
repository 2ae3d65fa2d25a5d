// The appeal message form, shared by the dashboard dialog and the public /appeal page.
import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '~/components/forms/busy-button.tsx';
import { Field, controlOf } from '~/components/forms/field.tsx';
import { MODERATION_TEXT_MAX, appealForm } from '~/shared/schemas/moderation.ts';

export function AppealMessageForm({
  onSubmit,
  pending,
  submitLabel = 'Send appeal',
  onCancel,
}: {
  onSubmit: (message: string) => void;
  pending: boolean;
  submitLabel?: string;
  onCancel?: () => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the DOM: what was typed before the app's code arrived counts.
    const message = new FormData(event.currentTarget).get('message');
    const parsed = appealForm.safeParse({ message: typeof message === 'string' ? message : '' });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Message is required');
      return;
    }
    setError(null);
    onSubmit(parsed.data.message);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field name={`${id}-message`} label="Why should this measure be lifted?" error={error}>
        <textarea
          name="message"
          rows={5}
          maxLength={MODERATION_TEXT_MAX}
          className="textarea textarea-bordered w-full"
          {...controlOf(`${id}-message`, error)}
          onChange={() => setError(null)}
        />
      </Field>
      <FormActions onCancel={onCancel} submitLabel={submitLabel} pending={pending} />
    </form>
  );
}
