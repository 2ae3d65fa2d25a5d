// A small form state hook driven by the shared zod schemas: the same rules and messages as the server.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ZodType, ZodTypeDef } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** The first message for each top-level field of a failed parse (a form shows one per field). */
export function firstMessages(error: { issues: { path: PropertyKey[]; message: string }[] }): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) messages[String(issue.path[0] ?? '')] ??= issue.message;
  return messages;
}

/** What an <input>/<textarea>/<select> bound to a string field receives. */
export interface BoundField {
  id: string;
  name: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The part of a form that shared fields use: the named fields' props and messages. */
export interface FormFields<Name extends string> {
  errors: Partial<Record<Name, string>>;
  field(name: Name): BoundField;
}

export function useZodForm<Values extends Record<string, string | boolean>, Output>(schema: ZodType<Output, ZodTypeDef, unknown>, initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  const setValue = useCallback(<K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A corrected field loses its message at once; the others keep theirs until the next submit.
    setErrors((e) => ({ ...e, [name]: undefined }));
  }, []);

  // After a refused submit, focus goes to the first field with a message, as on the contact form.
  const refusedForm = useRef<HTMLFormElement | null>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    const first = refusedForm.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    // Centred, so a sticky navigation bar never covers it on a phone.
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [refusals]);

  /**
   * Validates everything; returns the parsed output or null (and shows the first message per field).
   * Given the submit event, a refusal also moves the focus to the first field with a message.
   */
  const validate = useCallback(
    (submitted?: { currentTarget?: EventTarget | null }): Output | null => {
      const result = schema.safeParse(values);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      setErrors(firstMessages(result.error) as FieldErrors<Values>);
      if (submitted?.currentTarget instanceof HTMLFormElement) {
        refusedForm.current = submitted.currentTarget;
        setRefusals((count) => count + 1);
      }
      return null;
    },
    [schema, values],
  );

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  /** A form's onSubmit: validates (see validate), then hands the parsed values to `send` (nothing is sent while a field is wrong). */
  const submit = (send: (values: Output) => void) => (event: { preventDefault(): void; currentTarget?: EventTarget | null }) => {
    event.preventDefault();
    const parsed = validate(event);
    if (parsed) send(parsed);
  };

  /** Props for an <input>/<textarea>/<select> bound to a string field. */
  const field = (name: keyof Values & string): BoundField => ({
    id: name,
    name,
    value: String(values[name] ?? ''),
    onChange: (e: { target: { value: string } }) => setValue(name, e.target.value as Values[typeof name]),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  });

  return { values, errors, setValue, setErrors, validate, submit, reset, field };
}
