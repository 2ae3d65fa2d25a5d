// The fields of an account that several forms ask for (register, the admin invitation and its
// acceptance, a new password by link, the profile): one label, autocomplete and hint each.
import type { FormFields } from '~/client/forms/use-zod-form.ts';
import { MIN_PASSWORD_LENGTH } from '~/shared/constants.ts';
import { Field } from './field.tsx';
import { PasswordInput } from './password-input.tsx';

/**
 * First and last name side by side (stacked on a phone), at the form's own spacing. `ownName`: the
 * person typing is the one named (the browser may fill them in); off when an admin names someone else.
 */
export function NameFields({ form, ownName = true }: { form: FormFields<'firstName' | 'lastName'>; ownName?: boolean }) {
  return (
    <div className="grid gap-[inherit] sm:grid-cols-2">
      <Field name="firstName" label="First name" error={form.errors.firstName}>
        <input {...form.field('firstName')} autoComplete={ownName ? 'given-name' : 'off'} className="input input-bordered w-full" required />
      </Field>
      <Field name="lastName" label="Last name" error={form.errors.lastName}>
        <input {...form.field('lastName')} autoComplete={ownName ? 'family-name' : 'off'} className="input input-bordered w-full" required />
      </Field>
    </div>
  );
}

/** An e-mail address; `autoComplete` off when an admin types someone else's. */
export function EmailField({ form, autoComplete = 'email' }: { form: FormFields<'email'>; autoComplete?: 'email' | 'off' }) {
  return (
    <Field name="email" label="Email" error={form.errors.email}>
      <input {...form.field('email')} type="email" autoComplete={autoComplete} className="input input-bordered w-full" required />
    </Field>
  );
}

/** A password being chosen, with the length rule as its hint. */
export function NewPasswordField({ form, label = 'Password' }: { form: FormFields<'password'>; label?: string }) {
  return (
    <Field name="password" label={label} error={form.errors.password} hint={`At least ${MIN_PASSWORD_LENGTH} characters`}>
      <PasswordInput {...form.field('password')} autoComplete="new-password" required />
    </Field>
  );
}

/** A password being chosen and typed again (the schema checks that both match). */
export function NewPasswordFields({
  form,
  label = 'Password',
  confirmLabel = 'Confirm password',
}: {
  form: FormFields<'password' | 'confirmPassword'>;
  label?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <NewPasswordField form={form} label={label} />
      <Field name="confirmPassword" label={confirmLabel} error={form.errors.confirmPassword}>
        <PasswordInput {...form.field('confirmPassword')} autoComplete="new-password" required />
      </Field>
    </>
  );
}
