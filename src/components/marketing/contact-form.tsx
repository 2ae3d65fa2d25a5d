import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { loadDataLayer } from '~/client/data/load.ts';
import { Options } from '~/components/forms/options.tsx';
import { toast } from '~/components/toast/toast-store.ts';
import { CONTACT_SUBJECTS, CONTACT_SUBJECT_LABELS } from '~/shared/constants.ts';
import { type ContactInput, contactInput } from '~/shared/schemas/contact.ts';
import { SendIcon } from './icons.tsx';

type FieldName = keyof ContactInput;
type FormValues = Record<FieldName, string>;
type FieldErrors = Partial<Record<FieldName, string>>;

const FIELD_ORDER: readonly FieldName[] = ['name', 'email', 'subject', 'message'];

export const CONTACT_SUCCESS = {
  title: 'Message Sent!',
  description: "Thank you for contacting us. We'll get back to you soon.",
} as const;
export const CONTACT_FAILURE_FALLBACK = 'Failed to send message. Please try again.';

/** Runs the shared schema over the form and returns either the parsed input or the first message per field. */
function validate(values: FormValues): { data: ContactInput; errors: FieldErrors } | { data: null; errors: FieldErrors } {
  const result = contactInput.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const fieldErrors = result.error.flatten().fieldErrors;
  const errors: FieldErrors = {};
  for (const field of FIELD_ORDER) {
    const message = fieldErrors[field]?.[0];
    if (message) errors[field] = message;
  }
  return { data: null, errors };
}

/**
 * What the fields hold now. They are uncontrolled, so React never writes their values: what a visitor
 * typed into the pre-rendered form before the app's code arrived is what gets sent (ADR 0007).
 */
function readForm(form: HTMLFormElement): FormValues {
  const value = (field: FieldName) => {
    const element = form.elements.namedItem(field);
    return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement ? element.value : '';
  };
  return { name: value('name'), email: value('email'), subject: value('subject'), message: value('message') };
}

/**
 * Focus an invalid field with its label and message in view: centred, so the sticky navigation bar
 * never covers it on a phone (a plain focus() scrolls it to the very top, under the bar).
 */
function focusBelowHeader(field: HTMLElement | null) {
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
}

/** The contact form: validated with the same zod schema as the API, sent through tRPC. */
export function ContactForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const [sending, setSending] = useState(false);

  // The data layer (tRPC) loads when the first message is sent: a guest reading the page never needs it.
  const send = async (input: ContactInput) => {
    setSending(true);
    try {
      const { trpcClient } = await loadDataLayer();
      await trpcClient.contact.submit.mutate(input);
      toast(CONTACT_SUCCESS);
      formRef.current?.reset();
      setErrors({});
      setAttempted(false);
    } catch (error) {
      // A message only counts as the server's when the server answered (a network failure has no data).
      const answered = typeof error === 'object' && error !== null && 'data' in error && Boolean(error.data);
      const serverMessage = answered && error instanceof Error ? error.message.trim() : '';
      toast({
        title: 'Error',
        description: serverMessage && !serverMessage.startsWith('[') ? serverMessage : CONTACT_FAILURE_FALLBACK,
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };

  // After a first submit attempt, errors follow the input as the user corrects it.
  const revalidate = (event: FormEvent<HTMLFormElement>) => {
    if (attempted) setErrors(validate(readForm(event.currentTarget)).errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setAttempted(true);
    const result = validate(readForm(form));
    setErrors(result.errors);
    if (!result.data) {
      const first = FIELD_ORDER.find((f) => result.errors[f]);
      if (first) focusBelowHeader(form.querySelector<HTMLElement>(`[name="${first}"]`));
      return;
    }
    void send(result.data);
  };

  const fieldProps = (field: FieldName) => ({
    id: `contact-${field}`,
    name: field,
    defaultValue: '',
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
  });

  return (
    // method="post": should the form ever be sent as plain HTML, the message stays out of the address.
    // Before the app is live, a click on Send is held and replayed once it is (data-replay-click, app-shell.ts).
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} onChange={revalidate} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field field="name" label="Full Name" error={errors.name}>
          <input {...fieldProps('name')} type="text" autoComplete="name" className={`input w-full ${errors.name ? 'input-error' : ''}`} />
        </Field>
        <Field field="email" label="Email Address" error={errors.email}>
          <input {...fieldProps('email')} type="email" autoComplete="email" inputMode="email" className={`input w-full ${errors.email ? 'input-error' : ''}`} />
        </Field>
      </div>
      <Field field="subject" label="Subject" error={errors.subject}>
        <select {...fieldProps('subject')} className={`select w-full ${errors.subject ? 'select-error' : ''}`}>
          <option value="" disabled>
            Select a subject
          </option>
          <Options values={CONTACT_SUBJECTS} label={(subject) => CONTACT_SUBJECT_LABELS[subject]} />
        </select>
      </Field>
      <Field field="message" label="Message" error={errors.message}>
        <textarea {...fieldProps('message')} rows={6} className={`textarea w-full ${errors.message ? 'textarea-error' : ''}`} />
      </Field>
      <button type="submit" className="btn btn-primary btn-lg w-full gap-2 sm:w-auto" disabled={sending} data-replay-click="">
        {sending ? (
          <>
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Sending...
          </>
        ) : (
          <>
            Send Message
            <SendIcon className="size-5" />
          </>
        )}
      </button>
    </form>
  );
}

function Field({ field, label, error, children }: { field: FieldName; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={`contact-${field}`} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      {children}
      {error && (
        <p id={`contact-${field}-error`} className="mt-1.5 text-sm font-medium text-error">
          {error}
        </p>
      )}
    </div>
  );
}
