import { Link, useNavigate } from '@tanstack/react-router';
import { serverMessage } from '~/client/errors.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { PasswordInput } from '~/components/forms/password-input.tsx';
import { toast } from '~/components/toast/toast-store.ts';
import { MIN_PASSWORD_LENGTH } from '~/shared/constants.ts';
import { safeRedirect } from '~/shared/safe-redirect.ts';
import { registerInput } from '~/shared/schemas/auth.ts';

const initial = { firstName: '', lastName: '', email: '', password: '', businessName: '', phoneNumber: '' };

/** `redirectTo`: where the visitor was going when sent to sign in (from the search, already checked). */
export function RegisterForm({ redirectTo }: { redirectTo?: string | undefined }) {
  const form = useZodForm(registerInput, initial);
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const register = trpc.auth.register.useMutation({
    onSuccess: ({ user }) => {
      utils.auth.me.setData(undefined, user);
      toast({ title: 'Account created successfully!' });
      // Back where they were going (checked again where it is followed), otherwise home (spec section 8).
      void navigate({ href: safeRedirect(redirectTo) ?? '/', replace: true });
    },
    onError: (error) =>
      toast({
        title: 'Registration Failed',
        description: serverMessage(error, 'Failed to create account'),
        variant: 'destructive',
      }),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const input = form.validate();
        if (input) register.mutate(input);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="firstName" label="First name" error={form.errors.firstName}>
          <input {...form.field('firstName')} autoComplete="given-name" className="input input-bordered w-full" required />
        </Field>
        <Field name="lastName" label="Last name" error={form.errors.lastName}>
          <input {...form.field('lastName')} autoComplete="family-name" className="input input-bordered w-full" required />
        </Field>
      </div>
      <Field name="email" label="Email" error={form.errors.email}>
        <input {...form.field('email')} type="email" autoComplete="email" className="input input-bordered w-full" required />
      </Field>
      <Field name="password" label="Password" error={form.errors.password} hint={`At least ${MIN_PASSWORD_LENGTH} characters`}>
        <PasswordInput {...form.field('password')} autoComplete="new-password" required />
      </Field>
      <Field name="businessName" label="Business name (optional)" error={form.errors.businessName}>
        <input {...form.field('businessName')} autoComplete="organization" className="input input-bordered w-full" />
      </Field>
      <Field name="phoneNumber" label="Phone (optional)" error={form.errors.phoneNumber}>
        <input {...form.field('phoneNumber')} type="tel" autoComplete="tel" className="input input-bordered w-full" />
      </Field>
      <button type="submit" className="btn btn-primary mt-2" disabled={register.isPending}>
        {register.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Create Account
      </button>
      <p className="text-center text-sm text-base-content/70">
        Already have an account?{' '}
        <Link to="/login" search={redirectTo ? { redirect: redirectTo } : {}} className="link link-primary">
          Sign in
        </Link>
      </p>
    </form>
  );
}
