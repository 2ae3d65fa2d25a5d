// Two-factor sign-in: set up (QR code or key, then a code to confirm), recovery codes shown once,
// new recovery codes or turning it off with the password and a current code (ADR 0038).
import { Fragment, useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { PasswordInput } from '~/components/forms/password-input.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { currentPasswordInput, passwordAndCodeInput, totpCodeInput } from '~/shared/schemas/security.ts';
import { formatDateTime, countOf } from '~/shared/format.ts';
import { QrCode } from './qr-code.tsx';
import { loadFailed } from '~/client/errors.ts';

const fail = (fallback: string) => (error: unknown) => toastError(fallback, error);

export function TwoFactorCard() {
  const status = trpc.security.twoFactorStatus.useQuery();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.security.twoFactorStatus.invalidate(), utils.auth.me.invalidate()]);
  // Set-up asks for the password first, so a borrowed session cannot tie the account to another device.
  const [askPassword, setAskPassword] = useState(false);
  const start = trpc.security.startTwoFactorSetup.useMutation({
    onSuccess: (started) => {
      setAskPassword(false);
      setSetup(started);
    },
    onError: fail('Could not start the set-up'),
  });

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (!status.data) {
    body = status.isError ? (
      <p role="alert" className="alert alert-error mt-4">
        {loadFailed('two-factor sign-in', status.error)}
      </p>
    ) : (
      <Spinner label="Loading" className="py-6" />
    );
  } else if (status.data.enabled) {
    body = <EnabledState enabledAt={status.data.enabledAt} codesLeft={status.data.recoveryCodesLeft} onCodes={setRecoveryCodes} onChanged={refresh} />;
  } else if (setup) {
    body = (
      <ConfirmSetup
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
          toast({ title: 'Two-factor authentication is on' });
          void refresh();
        }}
      />
    );
  } else {
    body = (
      <>
        <p className="mt-2 text-sm text-base-content/70">
          Protect your account with a code from an authenticator app (such as Google Authenticator, 1Password or Aegis) each time you sign in.
        </p>
        {askPassword ? (
          <PasswordConfirm
            submitLabel="Continue"
            pending={start.isPending}
            onCancel={() => setAskPassword(false)}
            onSubmit={({ password }) => start.mutate({ password })}
          />
        ) : (
          <button type="button" className="btn btn-primary btn-sm mt-4" onClick={() => setAskPassword(true)}>
            Set up two-factor authentication
          </button>
        )}
      </>
    );
  }
  return (
    <section className="mt-6 rounded-box border border-base-300 p-5 sm:p-6" aria-labelledby="two-factor-heading" data-testid="two-factor-card">
      <h3 id="two-factor-heading" className="text-lg font-semibold">
        Two-factor authentication
      </h3>
      {body}
    </section>
  );
}

function ConfirmSetup({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: { secret: string; uri: string };
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const form = useZodForm(totpCodeInput, { code: '' });
  const confirm = trpc.security.confirmTwoFactorSetup.useMutation({
    onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
    onError: fail('Could not turn on two-factor authentication'),
  });
  return (
    <div className="mt-4 grid gap-6 sm:grid-cols-[auto_1fr]">
      <QrCode value={setup.uri} label="QR code to add your Atomix Energy account to an authenticator app" />
      <div className="flex flex-col gap-3">
        <p className="text-sm">1. Scan the QR code with your authenticator app, or enter this key by hand:</p>
        {/* Groups of four that wrap only between groups, so a phone never splits one. */}
        <code className="rounded bg-base-200 px-3 py-2 font-mono text-sm tracking-wider" data-testid="totp-secret">
          {(setup.secret.match(/.{1,4}/g) ?? []).map((group, index) => (
            <Fragment key={index}>
              {index > 0 && ' '}
              <span className="inline-block whitespace-nowrap">{group}</span>
            </Fragment>
          ))}
        </code>
        <p className="text-sm">2. Enter the 6-digit code the app shows.</p>
        <form noValidate className="flex flex-col gap-3" onSubmit={form.submit((parsed) => confirm.mutate(parsed))}>
          <Field name="code" label="Code from your app" error={form.errors.code}>
            <input
              {...form.field('code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              className="input input-bordered w-full max-w-xs font-mono tracking-widest"
            />
          </Field>
          <SubmitOrCancel submitLabel="Turn on" pending={confirm.isPending} onCancel={onCancel} />
        </form>
      </div>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="mt-4" data-testid="recovery-codes">
      <p role="status" className="alert alert-info">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ol className="mt-4 grid grid-cols-1 gap-2 font-mono text-sm whitespace-nowrap sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-base-200 px-3 py-1">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() =>
            void navigator.clipboard.writeText(codes.join('\n')).then(() => toast({ title: 'Recovery codes copied' }), fail('Could not copy the codes'))
          }
        >
          Copy codes
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

function EnabledState({
  enabledAt,
  codesLeft,
  onCodes,
  onChanged,
}: {
  enabledAt: Date | null;
  codesLeft: number;
  onCodes: (codes: string[]) => void;
  onChanged: () => Promise<unknown>;
}) {
  const [action, setAction] = useState<'disable' | 'codes' | null>(null);
  const disable = trpc.security.disableTwoFactor.useMutation({
    onSuccess: () => {
      setAction(null);
      toast({ title: 'Two-factor authentication is off' });
      void onChanged();
    },
    onError: fail('Could not turn off two-factor authentication'),
  });
  const regenerate = trpc.security.regenerateRecoveryCodes.useMutation({
    onSuccess: ({ recoveryCodes }) => {
      setAction(null);
      onCodes(recoveryCodes);
      void onChanged();
    },
    onError: fail('Could not create new recovery codes'),
  });
  return (
    <>
      <p className="mt-2 text-sm">
        <span className="badge badge-success badge-sm mr-2 align-middle">On</span>
        {enabledAt ? `Since ${formatDateTime(enabledAt)}. ` : ''}
        {countOf(codesLeft, 'recovery code')} left.
      </p>
      {action ? (
        <>
          <p className="mt-4 text-sm">
            {action === 'disable' ? 'To turn it off' : 'For new recovery codes'}, enter your password and a current code from your authenticator app (or a
            recovery code). Your other signed-in devices will be signed out.
          </p>
          <PasswordConfirm
            withCode
            submitLabel={action === 'disable' ? 'Turn off' : 'Create new codes'}
            pending={disable.isPending || regenerate.isPending}
            onCancel={() => setAction(null)}
            onSubmit={(input) => (action === 'disable' ? disable.mutate(input) : regenerate.mutate(input))}
          />
        </>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setAction('codes')}>
            New recovery codes
          </button>
          <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setAction('disable')}>
            Turn off
          </button>
        </div>
      )}
    </>
  );
}

/**
 * The password, and with `withCode` a current code from the app (or a recovery code): what setting up
 * asks for, and what turning off or new recovery codes need.
 */
function PasswordConfirm({
  submitLabel,
  pending,
  onCancel,
  onSubmit,
  withCode = false,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (input: { password: string; code: string }) => void;
  withCode?: boolean;
}) {
  const form = useZodForm(withCode ? passwordAndCodeInput : currentPasswordInput.extend({ code: z.string() }), { password: '', code: '' });
  return (
    <form noValidate className="mt-4 flex max-w-sm flex-col gap-3" onSubmit={form.submit((parsed) => onSubmit(parsed))}>
      <Field name="password" label="Your password" error={form.errors.password}>
        <PasswordInput {...form.field('password')} autoComplete="current-password" />
      </Field>
      {withCode && (
        <Field name="code" label="Authentication code" error={form.errors.code}>
          <input {...form.field('code')} autoComplete="one-time-code" className="input input-bordered w-full max-w-xs font-mono tracking-widest" />
        </Field>
      )}
      <SubmitOrCancel submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}

/** A two-factor form's submit button (disabled while it runs) and its Cancel. */
function SubmitOrCancel({ submitLabel, pending, onCancel }: { submitLabel: string; pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex gap-2">
      <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
        {submitLabel}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
