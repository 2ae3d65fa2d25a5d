// The admin user page's Permissions section (issue 15, point 6; ADR 0019): what the user may do and
// why (role default or override), every override with its reason, end and author, a form to grant or
// revoke one capability, and removal of an override. The server enforces every rule.
import { type FormEvent, useId, useState } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { QueryView } from '~/components/query-view.tsx';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { type AdminRoleTarget, RemoveAdminRoleDialog } from '~/components/admin/admin-team-section.tsx';
import { fullName } from '~/shared/format.ts';
import { formatUntil } from '~/components/permissions/format.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { ADMIN_ONLY_CAPABILITIES, CAPABILITIES, CAPABILITY_LABELS, type Capability } from '~/shared/capabilities.ts';
import { PERMISSION_REASON_MAX, permissionChangeInput } from '~/shared/schemas/permissions.ts';

export function PermissionsSection({ userId }: { userId: string }) {
  const permissions = trpc.permissions.forUser.useQuery({ id: userId });
  const headingId = useId();
  return (
    <section className="rounded-box border border-base-300 p-5 sm:p-6" aria-labelledby={headingId} data-testid="permissions-section">
      <h2 id={headingId} className="text-lg font-semibold">
        Permissions
      </h2>
      <QueryView query={permissions} what="permissions" isEmpty={() => false} empty="">
        {(data) => (
          <>
            <EffectiveTable capabilities={data.capabilities} />
            <OverrideList userId={userId} overrides={data.overrides} />
            <ChangeForm userId={userId} isAdmin={data.role === 'admin'} />
            {data.role === 'admin' && <AdminRoleRemoval userId={userId} />}
          </>
        )}
      </QueryView>
    </section>
  );
}

type PermissionsData = RouterOutputs['permissions']['forUser'];

/** Another administrator's role can be removed here (ADR 0039); one's own never. */
function AdminRoleRemoval({ userId }: { userId: string }) {
  const me = useCurrentUser().user;
  const user = trpc.moderation.user.useQuery({ id: userId }, { retry: false });
  const [target, setTarget] = useState<AdminRoleTarget | null>(null);
  if (!me || me.id === userId || !user.data) return null;
  const name = fullName(user.data);
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-base-300 pt-4">
      <p className="text-sm text-base-content/80">Administrator role: the account stays, as a seller&apos;s, if it goes.</p>
      <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setTarget({ id: userId, email: user.data.email, name })}>
        Remove admin role
      </button>
      <RemoveAdminRoleDialog user={target} onClose={() => setTarget(null)} />
    </div>
  );
}

function EffectiveTable({ capabilities }: { capabilities: PermissionsData['capabilities'] }) {
  return (
    // Focusable so that a keyboard can scroll the table sideways on a phone (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard
    <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="Effective capabilities table (scrolls sideways)">
      <table className="table table-sm">
        <caption className="sr-only">Effective capabilities</caption>
        <thead>
          <tr className="text-base-content/85">
            <th scope="col">Capability</th>
            <th scope="col">Allowed</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {capabilities.map((c) => (
            <tr key={c.permission} data-testid={`capability-${c.permission}`}>
              <td>
                {c.label} <code className="text-xs text-base-content/70">{c.permission}</code>
              </td>
              <td>{c.allowed ? <span className="badge badge-success badge-sm">Yes</span> : <span className="badge badge-error badge-sm">No</span>}</td>
              <td className="text-sm">{c.source === 'role' ? 'Role default' : `Override${c.until ? ` until ${formatUntil(c.until)}` : ''}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OverrideList({ userId, overrides }: { userId: string; overrides: PermissionsData['overrides'] }) {
  const utils = trpc.useUtils();
  const remove = trpc.permissions.remove.useMutation({
    onSuccess: async () => {
      toast({ title: 'Override removed' });
      await utils.permissions.forUser.invalidate({ id: userId });
    },
    onError: (error) => toastError('Failed to remove the override', error),
  });
  return (
    <>
      <h3 className="mt-6 font-semibold">Overrides</h3>
      {overrides.length === 0 ? (
        <p className="mt-2 text-sm text-base-content/70">No overrides: the role's defaults apply.</p>
      ) : (
        <ul className="mt-2 divide-y divide-base-300">
          {overrides.map((o) => (
            <li key={o.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="permission-override">
              <div className={o.expired ? 'text-base-content/60' : undefined}>
                <p className="font-medium">
                  {o.granted ? 'Granted' : 'Revoked'} <code>{o.permission}</code>
                  {o.expired && <span className="badge badge-ghost badge-sm ml-2 align-middle">Expired</span>}
                  {o.deciding && <span className="badge badge-info badge-sm ml-2 align-middle">In effect</span>}
                </p>
                <p className="text-sm">
                  {o.expiresAt ? `Until ${formatUntil(o.expiresAt)}` : 'No end'} · by {o.grantedByName ?? 'a former administrator'} on{' '}
                  {formatUntil(o.createdAt)}
                </p>
                {o.reason && <p className="text-sm text-base-content/80">Reason: {o.reason}</p>}
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Remove the override ${o.granted ? 'granting' : 'revoking'} ${o.permission}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id: o.id })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ChangeForm({ userId, isAdmin }: { userId: string; isAdmin: boolean }) {
  const ids = useId();
  const choices = CAPABILITIES.filter((c) => isAdmin || !(ADMIN_ONLY_CAPABILITIES as readonly string[]).includes(c));
  const [permission, setPermission] = useState<Capability>(choices[0]!);
  const [granted, setGranted] = useState(false);
  const [reason, setReason] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const change = trpc.permissions.change.useMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = permissionChangeInput.safeParse({ id: userId, permission, granted, reason, expiresAt: expiresAt ? new Date(expiresAt) : null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid input');
      return;
    }
    setError(null);
    try {
      await change.mutateAsync(parsed.data);
      toast({ title: granted ? 'Permission granted' : 'Permission revoked', description: `${CAPABILITY_LABELS[permission]}: the user has been notified.` });
      setReason('');
      setExpiresAt('');
      await utils.permissions.forUser.invalidate({ id: userId });
    } catch (failure) {
      setError(serverMessage(failure, 'Failed to change the permission'));
    }
  }

  return (
    <form className="mt-6 grid gap-3 sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="font-semibold sm:col-span-2">
        Grant or revoke a capability
      </h3>
      <div className="form-control">
        <label htmlFor={`${ids}-permission`} className="label-text">
          Capability
        </label>
        <select
          id={`${ids}-permission`}
          className="select select-bordered"
          value={permission}
          onChange={(e) => setPermission(e.target.value as Capability)}
          name="permission"
        >
          {choices.map((c) => (
            <option key={c} value={c}>
              {CAPABILITY_LABELS[c]} ({c})
            </option>
          ))}
        </select>
      </div>
      <fieldset className="form-control">
        <legend className="label-text">Change</legend>
        <div className="flex gap-4 pt-2">
          <label className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" name={`${ids}-granted`} checked={!granted} onChange={() => setGranted(false)} />
            Revoke
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" name={`${ids}-granted`} checked={granted} onChange={() => setGranted(true)} />
            Grant
          </label>
        </div>
      </fieldset>
      <label className="form-control sm:col-span-2">
        <span className="label-text">Reason (required; the user sees it)</span>
        <textarea
          className="textarea textarea-bordered"
          rows={2}
          name="reason"
          maxLength={PERMISSION_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error !== null && reason.trim() === ''}
        />
      </label>
      <label className="form-control">
        <span className="label-text">Until (optional, your local time)</span>
        <input type="datetime-local" className="input input-bordered" name="expiresAt" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
      </label>
      <div className="flex items-end justify-end">
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {granted ? 'Grant' : 'Revoke'}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-error sm:col-span-2">
          {error}
        </p>
      )}
    </form>
  );
}
