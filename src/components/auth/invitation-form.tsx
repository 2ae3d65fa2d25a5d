// /invitation#token=...: the invitee of an administrator invitation (ADR 0039) checks the name they
// were invited under, chooses a password and arrives signed in as an administrator, or at the
// two-factor enrolment step when the site requires it.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { useFragmentToken } from '~/client/use-fragment-token.ts';
import { NameFields, NewPasswordFields } from '~/components/forms/account-fields.tsx';
import { BusyButton } from '~/components/forms/busy-button.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { formatDateTime } from '~/shared/format.ts';
import { INVITATION_LINK_INVALID, acceptInvitationForm } from '~/shared/schemas/admin-team.ts';
import { authScreen } from './auth-card.tsx';

type Invitation = RouterOutputs['adminTeam']['invitation'];

function InvalidLink({ message }: { message: string }) {
  return (
    <p role="alert" className="alert alert-error text-sm" data-testid="invitation-invalid">
      {message}
    </p>
  );
}

function InvitationBody() {
  const token = useFragmentToken();
  // Asked once (each look-up counts against the link limit), in a POST body: the token is in no URL.
  const invitation = trpc.adminTeam.invitation.useMutation();
  const { mutate } = invitation;
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    mutate({ token });
  }, [token, mutate]);
  if (token === undefined) return null;
  if (!token) return <InvalidLink message={INVITATION_LINK_INVALID} />;
  if (invitation.isError) return <InvalidLink message={serverMessage(invitation.error, INVITATION_LINK_INVALID)} />;
  if (!invitation.data) return <Spinner label="Checking your invitation" className="py-8" />;
  return <AcceptForm token={token} invitation={invitation.data} />;
}

function AcceptForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const form = useZodForm(acceptInvitationForm, { firstName: invitation.firstName, lastName: invitation.lastName, password: '', confirmPassword: '' });
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);
  const accept = trpc.adminTeam.accept.useMutation({
    onSuccess: async ({ user }) => {
      utils.auth.me.setData(undefined, user);
      toast({ title: 'Welcome to the admin team' });
      await utils.invalidate();
      // With ADMIN_REQUIRE_2FA the admin area opens only after two-factor sign-in is on.
      if (user.twoFactorSetupRequired) await navigate({ to: '/profile', hash: 'security', replace: true });
      else await navigate({ to: '/admin-panel', replace: true });
    },
    onError: (error) => {
      const message = serverMessage(error, 'Failed to accept the invitation');
      // A spent or revoked link, or an address taken meanwhile: the form cannot help any more.
      if (error.data?.httpStatus === 400 && message === INVITATION_LINK_INVALID) setFailed(message);
      else if (error.data?.httpStatus === 409) setFailed(message);
      toastError(message);
    },
  });

  if (failed) return <InvalidLink message={failed} />;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.submit((values) => accept.mutate({ token, password: values.password, firstName: values.firstName, lastName: values.lastName }))}
    >
      <p className="text-sm">
        You were invited as <strong className="break-all">{invitation.email}</strong>. The invitation is valid until {formatDateTime(invitation.expiresAt)}.
      </p>
      <NameFields form={form} />
      {/* The address the account will have, for password managers. */}
      <input type="email" name="email" value={invitation.email} autoComplete="username" readOnly hidden />
      <NewPasswordFields form={form} />
      <BusyButton type="submit" className="btn btn-primary mt-2" pending={accept.isPending}>
        Join the admin team
      </BusyButton>
    </form>
  );
}

/** /invitation: the card and its form. */
export const InvitationScreen = authScreen('Join the admin team', 'Choose your password to accept the invitation', InvitationBody);
