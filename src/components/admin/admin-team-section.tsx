// The admin team (issue 30, point 9; ADR 0039), on the User Management tab for admins with
// permissions.manage: invite a person by e-mail, see every invitation and its state, revoke a
// pending one. Removing an administrator's role is a dialog here too, opened from the users list and
// the user page. The server enforces every rule; these screens only spare a refused click.
import { useId, useState } from 'react';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { useCapability } from '~/client/use-capability.ts';
import { EmailField, NameFields } from '~/components/forms/account-fields.tsx';
import { ConfirmDialog, DialogActions, ModalDialog } from '~/components/modal-dialog.tsx';
import { QueryView } from '~/components/query-view.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { formatDateTime, fullName } from '~/shared/format.ts';
import { INVITATION_VALID_DAYS, invitationInput } from '~/shared/schemas/admin-team.ts';

type Invitation = RouterOutputs['adminTeam']['invitations'][number];

const STATUS_BADGES: Record<Invitation['status'], { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'badge-info' },
  accepted: { label: 'Accepted', className: 'badge-success' },
  revoked: { label: 'Revoked', className: 'badge-ghost' },
  expired: { label: 'Expired', className: 'badge-ghost' },
};

/** Shown only to those who may manage permissions (the server refuses everyone else). */
export function AdminTeamSection() {
  const manages = useCapability('permissions.manage').allowed;
  if (manages !== true) return null;
  return <AdminTeam />;
}

function AdminTeam() {
  const invitations = trpc.adminTeam.invitations.useQuery();
  const [inviting, setInviting] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-4 rounded-box border border-base-300 bg-base-100 p-4" data-testid="admin-team">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-semibold">
            Admin team
          </h3>
          <p className="text-sm text-base-content/75">Administrators join by invitation; each link works once, for {INVITATION_VALID_DAYS} days.</p>
        </div>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setInviting(true)}>
          Invite an administrator
        </button>
      </div>
      <QueryView query={invitations} what="invitations" empty={<p className="mt-3 text-sm text-base-content/75">No invitations yet.</p>}>
        {(rows) => <InvitationList invitations={rows} />}
      </QueryView>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </section>
  );
}

function InvitationList({ invitations }: { invitations: Invitation[] }) {
  const pending = invitations.filter((invitation) => invitation.status === 'pending');
  const earlier = invitations.filter((invitation) => invitation.status !== 'pending');
  return (
    <>
      {pending.length === 0 ? (
        <p className="mt-3 text-sm text-base-content/75">No pending invitations.</p>
      ) : (
        <InvitationRows label="Pending invitations" invitations={pending} />
      )}
      {/* Accepted, revoked and expired ones stay folded: the users list below must not move. */}
      {earlier.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium">Earlier invitations ({earlier.length})</summary>
          <InvitationRows label="Earlier invitations" invitations={earlier} />
        </details>
      )}
    </>
  );
}

function InvitationRows({ label, invitations }: { label: string; invitations: Invitation[] }) {
  const utils = trpc.useUtils();
  const revoke = trpc.adminTeam.revokeInvitation.useMutation({
    onSuccess: () => toast({ title: 'Invitation revoked' }),
    onError: (error) => toastError('Failed to revoke the invitation', error),
    onSettled: () => utils.adminTeam.invitations.invalidate(),
  });
  return (
    <ul className="mt-2 divide-y divide-base-300" aria-label={label}>
      {invitations.map((invitation) => {
        const badge = STATUS_BADGES[invitation.status];
        const name = fullName(invitation);
        return (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="invitation-row" data-email={invitation.email}>
            <div className="min-w-0">
              <p className="font-medium">
                {name} <span className={`badge badge-sm ml-1 align-middle ${badge.className}`}>{badge.label}</span>
              </p>
              <p className="break-all text-sm text-base-content/75">{invitation.email}</p>
              <p className="text-xs text-base-content/75">
                Invited {invitation.invitedByName ? `by ${invitation.invitedByName} ` : ''}on {formatDateTime(invitation.createdAt)}
                {invitation.status === 'pending' && ` · valid until ${formatDateTime(invitation.expiresAt)}`}
                {invitation.acceptedAt && ` · accepted ${formatDateTime(invitation.acceptedAt)}`}
              </p>
            </div>
            {invitation.status === 'pending' && (
              <button
                type="button"
                className="btn btn-ghost btn-xs text-error"
                disabled={revoke.isPending}
                aria-label={`Revoke the invitation of ${invitation.email}`}
                onClick={() => revoke.mutate({ id: invitation.id })}
              >
                Revoke
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const emptyInvitation = { email: '', firstName: '', lastName: '' };

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Invite an administrator"
      description="They receive a link by e-mail to choose their password."
      testId="invite-dialog"
    >
      {open && <InviteForm onClose={onClose} />}
    </ModalDialog>
  );
}

function InviteForm({ onClose }: { onClose: () => void }) {
  const form = useZodForm(invitationInput, emptyInvitation);
  const utils = trpc.useUtils();
  const invite = trpc.adminTeam.invite.useMutation({
    onSuccess: (invitation) => {
      toast({ title: 'Invitation sent', description: `${invitation.email} has ${INVITATION_VALID_DAYS} days to accept.` });
      onClose();
    },
    // Shown inside the dialog (e.g. the 409 for an address that has a seller account).
    onError: (error) => toastError('Failed to send the invitation', error),
    onSettled: () => utils.adminTeam.invitations.invalidate(),
  });
  return (
    <form onSubmit={form.submit((input) => invite.mutate(input))} noValidate className="flex flex-col gap-3">
      <EmailField form={form} autoComplete="off" />
      <NameFields form={form} ownName={false} />
      <DialogActions onCancel={onClose} submitLabel="Send invitation" pending={invite.isPending} />
    </form>
  );
}

export interface AdminRoleTarget {
  id: string;
  email: string;
  name: string;
}

/** "Remove admin role": the account stays, as a seller's; their sessions end. */
export function RemoveAdminRoleDialog({ user, onClose }: { user: AdminRoleTarget | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.adminTeam.removeAdminRole.useMutation({
    onSuccess: () => {
      toast({ title: 'Administrator role removed' });
      onClose();
    },
    onError: (error) => toastError('Failed to remove the administrator role', error),
    onSettled: () => {
      void utils.admin.invalidate();
      void utils.moderation.invalidate();
      void utils.permissions.invalidate();
      void utils.adminTeam.invalidate();
    },
  });
  return (
    <ConfirmDialog
      open={!!user}
      onClose={onClose}
      onConfirm={() => user && remove.mutate({ id: user.id })}
      title="Remove administrator role"
      description={
        user && (
          <p>
            {user.name} ({user.email}) will no longer be an administrator: the account stays, as a seller&apos;s, and they are signed out at once. Their pending
            invitations are revoked.
          </p>
        )
      }
      confirmLabel="Remove role"
      pending={remove.isPending}
      danger
      testId="remove-admin-role-dialog"
    />
  );
}
