// The reply box under a ticket's conversation (users and admins alike); the shared schema validates.
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { FormActions } from '~/components/forms/busy-button.tsx';
import { Field } from '~/components/forms/field.tsx';
import { TICKET_TEXT_MAX, ticketReplyForm } from '~/shared/schemas/support.ts';

const EMPTY = { body: '' };

export function TicketReplyForm({
  pending,
  label = 'Your reply',
  submitLabel = 'Send reply',
  onSubmit,
}: {
  pending: boolean;
  label?: string;
  submitLabel?: string;
  onSubmit: (body: string, reset: () => void) => void;
}) {
  const form = useZodForm(ticketReplyForm, EMPTY);
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={form.submit((values) => onSubmit(values.body, form.reset))}>
      <Field name="body" label={label} error={form.errors.body}>
        <textarea {...form.field('body')} className="textarea textarea-bordered min-h-28 w-full" maxLength={TICKET_TEXT_MAX} />
      </Field>
      <FormActions submitLabel={submitLabel} pending={pending} />
    </form>
  );
}
