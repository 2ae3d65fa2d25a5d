// The reply form (spec section 5: subject, message), used in the seller's Reply dialog and inline
// in the admin inbox. Validation comes from the shared schema.
import { useEffect, useMemo, useRef } from 'react';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { FormActions } from '~/components/forms/busy-button.tsx';
import { Field } from '~/components/forms/field.tsx';
import { MESSAGE_MAX, SUBJECT_MAX, replyForm } from '~/shared/schemas/messages.ts';
import { replySubject } from './format.ts';

export function ReplyForm({
  subject,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
  idPrefix = 'reply',
  isReply = true,
}: {
  /** The subject answered ("Re: " is added), or with isReply false the new message's own. */
  subject: string;
  isReply?: boolean;
  pending: boolean;
  submitLabel: string;
  onSubmit: (values: { subject: string; message: string }, reset: () => void) => void;
  onCancel?: () => void;
  idPrefix?: string;
}) {
  const initial = useMemo(() => ({ subject: isReply ? replySubject(subject) : subject, message: '' }), [subject, isReply]);
  const form = useZodForm(replyForm, initial);
  // A newer message to answer (the conversation moved on while the form was open) brings its subject,
  // unless the person has written their own; what they typed stays.
  const offeredSubject = useRef(initial.subject);
  const { values, setValue } = form;
  useEffect(() => {
    if (offeredSubject.current === initial.subject) return;
    if (values.subject === offeredSubject.current) setValue('subject', initial.subject);
    offeredSubject.current = initial.subject;
  }, [initial.subject, values.subject, setValue]);
  const bind = (name: 'subject' | 'message') => ({
    ...form.field(name),
    id: `${idPrefix}-${name}`,
    'aria-describedby': form.errors[name] ? `${idPrefix}-${name}-error` : undefined,
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.submit((values) => onSubmit(values, form.reset))}>
      <Field name={`${idPrefix}-subject`} label="Subject" error={form.errors.subject}>
        <input {...bind('subject')} className="input input-bordered w-full" maxLength={SUBJECT_MAX} />
      </Field>
      <Field name={`${idPrefix}-message`} label="Message" error={form.errors.message}>
        <textarea {...bind('message')} className="textarea textarea-bordered min-h-32 w-full" maxLength={MESSAGE_MAX} />
      </Field>
      <FormActions onCancel={onCancel} submitLabel={submitLabel} pending={pending} />
    </form>
  );
}
