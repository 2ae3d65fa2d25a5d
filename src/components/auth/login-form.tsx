import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { dashboardFor } from '~/client/auth/after-sign-in.ts';
import { serverMessage } from '~/client/errors.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { EmailField } from '~/components/forms/account-fields.tsx';
import { BusyButton } from '~/components/forms/busy-button.tsx';
import { Field } from '~/components/forms/field.tsx';
import { PasswordInput } from '~/components/forms/password-input.tsx';
import { toast } from '~/components/toast/toast-store.ts';
import type { CurrentUser } from '~/client/auth/current-user.ts';
import { REDIRECT_AFTER_LOGIN_MS } from '~/shared/constants.ts';
import { safeRedirect } from '~/shared/safe-redirect.ts';
import { loginInput } from '~/shared/schemas/auth.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

const initial = { email: '', password: '' };

/** `redirectTo`: where the visitor was going when sent here (from /login's search, already checked). */
export function LoginForm({ redirectTo }: { redirectTo?: string | undefined }) {
  const form = useZodForm(loginInput, initial);
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  // An account with two-factor sign-in answers the password with a second step instead of a session.
  const [needsCode, setNeedsCode] = useState(false);
  const signedIn = (user: CurrentUser) => {
    utils.auth.me.setData(undefined, user);
    toast({ title: 'Logged in successfully!' });
    // Back where they were going (checked again: this is where the redirect is followed); otherwise
    // spec section 6: admins to the admin panel, everyone else to the seller dashboard. After 100 ms.
    const destination = safeRedirect(redirectTo) ?? dashboardFor(user);
    setTimeout(() => void navigate({ href: destination, replace: true }), REDIRECT_AFTER_LOGIN_MS);
  };
  const login = trpc.auth.login.useMutation({
    onSuccess: (result) => ('user' in result ? signedIn(result.user) : setNeedsCode(true)),
    onError: (error) => {
      // The right password of a suspended or banned account: the server left a proof that opens the
      // account status page (ADR 0035), which says what happened and takes the appeal.
      const refused = () => {
        toast({ title: 'Login Failed', description: serverMessage(error, 'Invalid credentials'), variant: 'destructive' });
      };
      if (error.data?.code !== 'FORBIDDEN') return refused();
      void utils.moderation.standing
        .fetch({}, { staleTime: 0 })
        .then((standing) => (standing ? void navigate({ to: '/appeal' }) : refused()))
        .catch(refused);
    },
  });

  if (needsCode) {
    return (
      <TwoFactorStep
        onSignedIn={signedIn}
        onRestart={() => {
          form.setValue('password', '');
          setNeedsCode(false);
        }}
      />
    );
  }
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.submit((input) => login.mutate(input))}>
      <EmailField form={form} />
      <Field name="password" label="Password" error={form.errors.password}>
        <PasswordInput {...form.field('password')} autoComplete="current-password" required />
      </Field>
      <Link to="/forgot-password" className="link link-primary -mt-2 self-end text-sm">
        Forgot password?
      </Link>
      <BusyButton type="submit" className="btn btn-primary mt-2" pending={login.isPending}>
        Sign In
      </BusyButton>
      <p className="text-center text-sm text-base-content/70">
        Don&apos;t have an account?{' '}
        <Link to="/register" search={redirectTo ? { redirect: redirectTo } : {}} className="link link-primary">
          Create one
        </Link>
      </p>
    </form>
  );
}
