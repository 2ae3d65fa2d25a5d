import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { authScreen } from './auth-card.tsx';
import { EmailField } from '~/components/forms/account-fields.tsx';
import { BusyButton } from '~/components/forms/busy-button.tsx';
import { toastError } from '~/components/toast/toast-store.ts';
import { forgotPasswordInput } from '~/shared/schemas/messages.ts';

const initial = { email: '' };

/** Always the same answer, whether or not the address has an account. */
function ForgotPasswordForm() {
  const form = useZodForm(forgotPasswordInput, initial);
  const [answer, setAnswer] = useState<string | null>(null);
  const request = trpc.passwordReset.request.useMutation({
    onSuccess: ({ message }) => setAnswer(message),
    onError: (error) => toastError('Failed to send the link. Please try again.', error),
  });
  return (
    <div className="flex flex-col gap-4">
      <div aria-live="polite">
        {answer && (
          <p role="status" className="alert alert-success text-sm" data-testid="forgot-password-answer">
            {answer}
          </p>
        )}
      </div>
      <form noValidate className="flex flex-col gap-4" onSubmit={form.submit((input) => request.mutate(input))}>
        <EmailField form={form} />
        <BusyButton type="submit" className="btn btn-primary" pending={request.isPending}>
          Send reset link
        </BusyButton>
      </form>
      <p className="text-center text-sm text-base-content/70">
        Remembered it?{' '}
        <Link to="/login" className="link link-primary">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}

/** /forgot-password: the card and its form. */
export const ForgotPasswordScreen = authScreen('Forgot your password?', 'Enter your email and we will send you a link to choose a new one', ForgotPasswordForm);
