import { Link, useNavigate } from '@tanstack/react-router';
import { serverMessage } from '~/client/errors.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { EmailField, NameFields, NewPasswordField } from '~/components/forms/account-fields.tsx';
import { BusyButton } from '~/components/forms/busy-button.tsx';
import { Field } from '~/components/forms/field.tsx';
import { toast } from '~/components/toast/toast-store.ts';
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
    <form noValidate className="flex flex-col gap-4" onSubmit={form.submit((input) => register.mutate(input))}>
      <NameFields form={form} />
      <EmailField form={form} />
      <NewPasswordField form={form} />
      <Field name="businessName" label="Business name (optional)" error={form.errors.businessName}>
        <input {...form.field('businessName')} autoComplete="organization" className="input input-bordered w-full" />
      </Field>
      <Field name="phoneNumber" label="Phone (optional)" error={form.errors.phoneNumber}>
        <input {...form.field('phoneNumber')} type="tel" autoComplete="tel" className="input input-bordered w-full" />
      </Field>
      <BusyButton type="submit" className="btn btn-primary mt-2" pending={register.isPending}>
        Create Account
      </BusyButton>
      <p className="text-center text-sm text-base-content/70">
        Already have an account?{' '}
        <Link to="/login" search={redirectTo ? { redirect: redirectTo } : {}} className="link link-primary">
          Sign in
        </Link>
      </p>
    </form>
  );
}
