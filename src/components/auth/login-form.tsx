import { Link, useNavigate } from '@tanstack/react-router';
import { serverMessage } from '~/client/errors.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { PasswordInput } from '~/components/forms/password-input.tsx';
import { toast } from '~/components/toast/toast-store.ts';
import { REDIRECT_AFTER_LOGIN_MS } from '~/shared/constants.ts';
import { loginInput } from '~/shared/schemas/auth.ts';

const initial = { email: '', password: '' };

export function LoginForm() {
  const form = useZodForm(loginInput, initial);
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const login = trpc.auth.login.useMutation({
    onSuccess: ({ user }) => {
      utils.auth.me.setData(undefined, user);
      toast({ title: 'Logged in successfully!' });
      // Spec section 6: admins go to the admin panel, everyone else to the seller dashboard, after 100 ms.
      setTimeout(() => {
        void navigate({ to: user.role === 'admin' ? '/admin-panel' : '/seller-dashboard' });
      }, REDIRECT_AFTER_LOGIN_MS);
    },
    onError: (error) =>
      toast({ title: 'Login Failed', description: serverMessage(error, 'Invalid credentials'), variant: 'destructive' }),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const input = form.validate();
        if (input) login.mutate(input);
      }}
    >
      <Field name="email" label="Email" error={form.errors.email}>
        <input {...form.field('email')} type="email" autoComplete="email" className="input input-bordered w-full" required />
      </Field>
      <Field name="password" label="Password" error={form.errors.password}>
        <PasswordInput {...form.field('password')} autoComplete="current-password" required />
      </Field>
      <Link to="/forgot-password" className="link link-primary -mt-2 self-end text-sm">Forgot password?</Link>
      <button type="submit" className="btn btn-primary mt-2" disabled={login.isPending}>
        {login.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Sign In
      </button>
      <p className="text-center text-sm text-base-content/70">
        Don&apos;t have an account?{' '}
        <Link to="/register" className="link link-primary">
          Create one
        </Link>
      </p>
    </form>
  );
}
