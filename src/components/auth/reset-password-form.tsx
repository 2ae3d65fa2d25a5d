import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { useFragmentToken } from '~/client/use-fragment-token.ts';
import { authScreen } from './auth-card.tsx';
import { NewPasswordFields } from '~/components/forms/account-fields.tsx';
import { BusyButton } from '~/components/forms/busy-button.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { RESET_LINK_INVALID, resetPasswordForm } from '~/shared/schemas/messages.ts';

const initial = { password: '', confirmPassword: '' };

function ResetPasswordForm() {
  const token = useFragmentToken();
  const form = useZodForm(resetPasswordForm, initial);
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);
  const reset = trpc.passwordReset.reset.useMutation({
    onSuccess: async () => {
      toast({ title: 'Password changed', description: 'Sign in with your new password.' });
      utils.auth.me.setData(undefined, null);
      await utils.invalidate();
      await navigate({ to: '/login' });
    },
    onError: (error) => {
      const message = serverMessage(error, 'Failed to change password');
      if (message === RESET_LINK_INVALID) setFailed(message);
      toastError(message);
    },
  });

  if (token === undefined) return null;
  if (!token || failed) {
    return (
      <div className="flex flex-col gap-4 text-center">
        <p role="alert" className="alert alert-error text-sm">
          {RESET_LINK_INVALID}
        </p>
        <Link to="/forgot-password" className="btn btn-primary">
          Get a new link
        </Link>
      </div>
    );
  }
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.submit((values) => reset.mutate({ token, password: values.password }))}>
      <NewPasswordFields form={form} label="New password" confirmLabel="Confirm new password" />
      <BusyButton type="submit" className="btn btn-primary mt-2" pending={reset.isPending}>
        Set new password
      </BusyButton>
    </form>
  );
}

/** /reset-password: the card and its form. */
export const ResetPasswordScreen = authScreen('Choose a new password', 'Every device signed in to your account will be signed out', ResetPasswordForm);
