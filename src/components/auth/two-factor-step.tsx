// Sign-in, second step: the code from the authenticator app, or one of the recovery codes.
import { useEffect, useRef } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { BusyButton } from '~/components/forms/busy-button.tsx';
import { Field } from '~/components/forms/field.tsx';
import { toast } from '~/components/toast/toast-store.ts';
import type { CurrentUser } from '~/client/auth/current-user.ts';
import { twoFactorCodeInput } from '~/shared/schemas/security.ts';

const initial = { code: '' };

export function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn: (user: CurrentUser) => void; onRestart: () => void }) {
  const form = useZodForm(twoFactorCodeInput, initial);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const verify = trpc.auth.verifyTwoFactor.useMutation({
    onSuccess: ({ user }) => onSignedIn(user),
    onError: (error) => {
      form.setValue('code', '');
      toast({ title: 'Login Failed', description: serverMessage(error, 'Invalid authentication code'), variant: 'destructive' });
      // The challenge has ended: the password must be entered again.
      if (error.data?.httpStatus === 401 && /expired/i.test(error.message)) onRestart();
    },
  });
  return (
    <form noValidate className="flex flex-col gap-4" aria-labelledby="two-factor-heading" onSubmit={form.submit((parsed) => verify.mutate(parsed))}>
      <h2 id="two-factor-heading" className="text-lg font-semibold">
        Two-factor authentication
      </h2>
      <p className="text-sm text-base-content/70">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <Field name="code" label="Authentication code" error={form.errors.code}>
        <input
          {...form.field('code')}
          ref={input}
          inputMode="text"
          autoComplete="one-time-code"
          spellCheck={false}
          className="input input-bordered w-full font-mono tracking-widest"
          required
        />
      </Field>
      <BusyButton type="submit" className="btn btn-primary mt-2" pending={verify.isPending}>
        Verify
      </BusyButton>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRestart}>
        Use a different account
      </button>
    </form>
  );
}
