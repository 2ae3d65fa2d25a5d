// The admin user page's Permissions section (issue 15, point 6; ADR 0019): what the user may do and
// why (role default or override), every override with its reason, end and author, a form to grant or
// revoke one capability, and removal of an override. The server enforces every rule.
import { type FormEvent, useId, useState } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { BusyButton } from '~/components/forms/busy-button.tsx';
import { Field } from '~/components/forms/field.tsx';
import { Options } from '~/components/forms/options.tsx';
import { ScrollRegion, TableHead } from '~/components/list-card.tsx';
import { QueryView } from '~/components/query-view.tsx';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { type AdminRoleTarget, RemoveAdminRoleDialog } from '~/components/admin/admin-team-section.tsx';
import { formatUtcDateTime, fullName } from '~/shared/format.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { CAPABILITY_LABELS, type Capability, changeEffect, grantChoices, revokeChoices } from '~/shared/capabilities.ts';
import { PERMISSION_REASON_MAX, permissionChangeInput } from '~/shared/schemas/permissions.ts';
import { EXPIRY_IN_PAST, isAfter } from '~/shared/schemas/future-dates.ts';

export function PermissionsSection({ userId }: { userId: string }) {
  const permissions = trpc.permissions.forUser.useQuery({ id: userId });
  const headingId = useId();
  return (
    <section className="rounded-box border border-base-300 p-5 sm:p-6" aria-labelledby={headingId} data-testid="permissions-section">
      <h2 id={headingId} className="text-lg font-semibold">
        Permissions
      </h2>
      <QueryView query={permissions} what="permissions">
        {(data) => (
          <>
            <EffectiveTable capabilities={data.capabilities} />
            <OverrideList userId={userId} overrides={data.overrides} />
            <ChangeForm userId={userId} role={data.role} capabilities={data.capabilities} />
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
    <ScrollRegion className="mt-4" label="Effective capabilities table (scrolls sideways)">
      <table className="table table-sm">
        <caption className="sr-only">Effective capabilities</caption>
        <TableHead columns={['Capability', 'Allowed', 'From']} />
        <tbody>
          {capabilities.map((c) => (
            <tr key={c.permission} data-testid={`capability-${c.permission}`}>
              <td>
                {c.label} <code className="text-xs text-base-content/70">{c.permission}</code>
              </td>
              <td>{c.allowed ? <span className="badge badge-success badge-sm">Yes</span> : <span className="badge badge-error badge-sm">No</span>}</td>
              <td className="text-sm">{c.source === 'role' ? 'Role default' : `Override${c.until ? ` until ${formatUtcDateTime(c.until)}` : ''}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
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
                  {o.expiresAt ? `Until ${formatUtcDateTime(o.expiresAt)}` : 'No end'} · by {o.grantedByName ?? 'a former administrator'} on{' '}
                  {formatUtcDateTime(o.createdAt)}
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

type FieldErrors = Partial<Record<'permission' | 'reason' | 'expiresAt' | 'form', string>>;

/**
 * Grant or revoke one capability (issue 34, point 9; ADR 0036). Grant offers what this user's role
 * allows and they lack now (administrator capabilities only to administrators: the server's own
 * table, src/shared/capabilities.ts); revoke offers the role's capabilities. Under the choice, in
 * words, what the change does until when. Labels sit above their fields, each error under its own.
 */
function ChangeForm({ userId, role, capabilities }: { userId: string; role: 'user' | 'admin'; capabilities: PermissionsData['capabilities'] }) {
  const ids = useId();
  const [granted, setGranted] = useState(false);
  // compliance.manage only by its holders (ADR 0050): the caller's own capabilities decide what is offered.
  const mine = trpc.permissions.mine.useQuery(undefined, { staleTime: 30_000 });
  const actorHolds = (mine.data ?? []).filter((c) => c.allowed).map((c) => c.permission);
  const choices = granted ? grantChoices(role, capabilities, actorHolds) : revokeChoices(role, actorHolds);
  const [picked, setPicked] = useState<Capability | null>(null);
  const permission = picked !== null && choices.includes(picked) ? picked : (choices[0] ?? null);
  const [reason, setReason] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const utils = trpc.useUtils();
  const change = trpc.permissions.change.useMutation();

  const until = expiresAt ? new Date(expiresAt) : null;
  const current = capabilities.find((c) => c.permission === permission);
  const effect = current ? changeEffect(granted, current, until && !Number.isNaN(until.getTime()) ? until : null, formatUtcDateTime) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!permission) return;
    const parsed = permissionChangeInput.safeParse({ id: userId, permission, granted, reason, expiresAt: until });
    const found: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        const key: keyof FieldErrors = field === 'reason' || field === 'expiresAt' || field === 'permission' ? field : 'form';
        found[key] ??= issue.message;
      }
    } else if (parsed.data.expiresAt && !isAfter(parsed.data.expiresAt)) {
      found.expiresAt = EXPIRY_IN_PAST;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      await change.mutateAsync(parsed.data);
      toast({ title: granted ? 'Permission granted' : 'Permission revoked', description: `${CAPABILITY_LABELS[permission]}: the user has been notified.` });
      setReason('');
      setExpiresAt('');
      await utils.permissions.forUser.invalidate({ id: userId });
    } catch (failure) {
      const message = serverMessage(failure, 'Failed to change the permission');
      setErrors(message === EXPIRY_IN_PAST ? { expiresAt: message } : { form: message });
    }
  }

  const describedBy = (key: 'permission' | 'reason', ...more: string[]) => [...more, ...(errors[key] ? [`${ids}-${key}-error`] : [])].join(' ') || undefined;

  return (
    <form className="mt-6 grid gap-4 md:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${ids}-title`} data-testid="permission-form">
      <h3 id={`${ids}-title`} className="font-semibold md:col-span-2">
        Grant or revoke a capability
      </h3>
      <fieldset className="flex flex-col gap-1 md:col-span-2">
        <legend className="mb-1 text-sm font-medium">Change</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex cursor-pointer items-center gap-2">
            <input type="radio" className="radio radio-sm" name={`${ids}-granted`} checked={!granted} onChange={() => setGranted(false)} />
            Revoke
          </label>
          <label className="flex cursor-pointer items-center gap-2">
            <input type="radio" className="radio radio-sm" name={`${ids}-granted`} checked={granted} onChange={() => setGranted(true)} />
            Grant
          </label>
        </div>
      </fieldset>
      {permission === null ? (
        <p className="rounded-box bg-base-200 p-3 text-sm md:col-span-2" data-testid="nothing-to-grant">
          {role === 'admin'
            ? 'Nothing to grant: this administrator holds every capability. A grant gives back what a revocation took away.'
            : 'Nothing to grant: this seller holds every capability a seller can have, and administrator capabilities are granted only to administrators. A grant gives back what a revocation took away.'}
        </p>
      ) : (
        <>
          <Field name={`${ids}-permission`} label="Capability" error={errors.permission} className="md:col-span-2">
            <select
              id={`${ids}-permission`}
              className="select select-bordered w-full"
              value={permission}
              onChange={(e) => setPicked(e.target.value as Capability)}
              name="permission"
              aria-describedby={describedBy('permission', `${ids}-effect`)}
              aria-invalid={errors.permission ? true : undefined}
            >
              <Options values={choices} label={(c) => `${CAPABILITY_LABELS[c]} (${c})`} />
            </select>
            {effect && (
              <p id={`${ids}-effect`} className="text-sm text-base-content/80" aria-live="polite" data-testid="permission-effect">
                {effect}
              </p>
            )}
          </Field>
          <Field name={`${ids}-reason`} label="Reason (required; the user sees it)" error={errors.reason} className="md:col-span-2">
            <textarea
              id={`${ids}-reason`}
              className="textarea textarea-bordered w-full"
              rows={2}
              name="reason"
              maxLength={PERMISSION_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={describedBy('reason')}
            />
          </Field>
          <Field name={`${ids}-until`} label="Until (optional, your local time)" error={errors.expiresAt} hint="Empty: until an administrator changes it.">
            <input
              id={`${ids}-until`}
              type="datetime-local"
              className="input input-bordered w-full"
              name="expiresAt"
              value={expiresAt}
              onChange={(e) => setExpiresAt(e.target.value)}
              aria-invalid={errors.expiresAt ? true : undefined}
              aria-describedby={errors.expiresAt ? `${ids}-until-error` : `${ids}-until-hint`}
            />
          </Field>
          {/* Level with the Until field on wide screens (below its label). */}
          <div className="flex items-start justify-end md:pt-6">
            <BusyButton type="submit" className="btn btn-primary w-full md:w-auto" pending={change.isPending}>
              {granted ? 'Grant' : 'Revoke'}
            </BusyButton>
          </div>
          {errors.form && (
            <p role="alert" className="text-sm text-error md:col-span-2">
              {errors.form}
            </p>
          )}
        </>
      )}
    </form>
  );
}
