// The appeal message form, shared by the dashboard dialog and the public /appeal page.
import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '~/components/forms/busy-button.tsx';
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
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-message`} className="text-sm font-medium">
          Why should this measure be lifted?
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          maxLength={MODERATION_TEXT_MAX}
          className="textarea textarea-bordered w-full"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={() => setError(null)}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </div>
      <FormActions onCancel={onCancel} submitLabel={submitLabel} pending={pending} />
    </form>
  );
}
