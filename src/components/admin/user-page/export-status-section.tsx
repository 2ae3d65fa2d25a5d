// The admin user page's Export status section (issue 32, point 4; ADR 0051), for compliance officers
// and for administrators' pages only: the person's export status on record (U.S. person, foreign
// person with citizenships, or unknown) with its history and a form to record a new one, and their
// authorizations for controlled prototypes, with add and remove. The server decides who is cleared.
import { type FormEvent, useId } from 'react';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { useCapability } from '~/client/use-capability.ts';
import { BusyButton, FormActions } from '~/components/forms/busy-button.tsx';
import { Field } from '~/components/forms/field.tsx';
import { QueryView } from '~/components/query-view.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { EXPORT_STATUSES, EXPORT_STATUS_LABELS, NOT_LEGAL_ADVICE } from '~/shared/export-control.ts';
// The server's words (403): no one clears themselves.
const NOT_YOUR_OWN = 'You cannot record your own export status or authorizations: another compliance officer must.';
import { formatDate, formatDateTime, isoDay } from '~/shared/format.ts';
import { AUTHORIZATION_REFERENCE_MAX, COMPLIANCE_NOTE_MAX, authorizationFormInput, exportStatusFormInput } from '~/shared/schemas/export-control.ts';
import { EXPIRY_IN_PAST, isAfter } from '~/shared/schemas/future-dates.ts';

type ExportRecord = RouterOutputs['compliance']['exportRecord'];

const STATUS_HELP = {
  us_person: 'A U.S. citizen, a permanent resident or a protected individual: cleared for every controlled item.',
  foreign_person: 'Cleared for a controlled item only with a current authorization for it.',
  unknown: 'Not yet established: cleared for no controlled item.',
} as const;

const error = (fallback: string) => (failure: unknown) => toastError(fallback, failure);

/** Shown to compliance.manage holders on an administrator's page; nothing otherwise. */
export function ExportStatusSection({ userId, role }: { userId: string; role: string }) {
  const officer = useCapability('compliance.manage').allowed === true;
  if (!officer || role !== 'admin') return null;
  return <ExportStatus userId={userId} />;
}

function ExportStatus({ userId }: { userId: string }) {
  const record = trpc.compliance.exportRecord.useQuery({ id: userId });
  const own = useCurrentUser().user?.id === userId;
  const headingId = useId();
  return (
    <section className="rounded-box border border-base-300 p-5 sm:p-6" aria-labelledby={headingId} data-testid="export-status-section">
      <h2 id={headingId} className="text-lg font-semibold">
        Export status
      </h2>
      <p className="mt-1 text-sm text-base-content/70">
        Who may see export-controlled prototypes: a U.S. person, or anyone with a current authorization for the item. {NOT_LEGAL_ADVICE}
      </p>
      <QueryView query={record} what="the export status">
        {(data) => (
          <div className="mt-4 flex flex-col gap-6">
            <CurrentStatus record={data} />
            {own ? (
              <p className="alert text-sm" data-testid="export-status-own">
                {NOT_YOUR_OWN}
              </p>
            ) : (
              <StatusForm key={data.recordedAt?.toString() ?? 'none'} userId={userId} record={data} />
            )}
            <Authorizations userId={userId} record={data} editable={!own} />
          </div>
        )}
      </QueryView>
    </section>
  );
}

function CurrentStatus({ record }: { record: ExportRecord }) {
  return (
    <div>
      <h3 className="font-semibold">On record</h3>
      <p className="mt-1 text-sm">
        <span className="font-medium" data-testid="export-status">
          {EXPORT_STATUS_LABELS[record.status]}
        </span>
        {record.citizenships.length > 0 && <> · citizen of {record.citizenships.join(', ')}</>}
        {record.recordedAt ? (
          <span className="text-base-content/70">
            {' '}
            · recorded {formatDateTime(record.recordedAt)} by {record.recordedByName ?? 'a former administrator'}
          </span>
        ) : (
          <span className="text-base-content/70"> · nothing recorded yet</span>
        )}
      </p>
      {record.note && <p className="mt-1 whitespace-pre-line text-sm">{record.note}</p>}
      {record.history.length > 1 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer">Earlier statuses ({record.history.length - 1})</summary>
          <ul className="mt-2 flex flex-col gap-1">
            {record.history.slice(1).map((row) => (
              <li key={row.recordedAt.toString()}>
                {EXPORT_STATUS_LABELS[row.status]}
                {row.citizenships.length > 0 ? ` (${row.citizenships.join(', ')})` : ''} · {formatDateTime(row.recordedAt)} by{' '}
                {row.recordedByName ?? 'a former administrator'}
                {row.note ? ` · ${row.note}` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function StatusForm({ userId, record }: { userId: string; record: ExportRecord }) {
  const utils = trpc.useUtils();
  const form = useZodForm(exportStatusFormInput, { id: userId, status: record.status as string, citizenships: record.citizenships.join(', '), note: '' });
  const save = trpc.compliance.setExportStatus.useMutation({
    onSuccess: async (saved) => {
      toast({ title: 'Export status recorded', description: EXPORT_STATUS_LABELS[saved.status] });
      await utils.compliance.exportRecord.invalidate({ id: userId });
    },
    onError: error('The export status could not be recorded.'),
  });
  const { values, errors, setValue } = form;
  const bind = (name: 'citizenships' | 'note') => ({
    ...form.field(name),
    id: `export-${name}`,
    'aria-describedby': errors[name] ? `export-${name}-error` : undefined,
  });
  return (
    <form noValidate className="flex flex-col gap-4" aria-labelledby="export-status-form-title" onSubmit={form.submit((input) => save.mutate(input))}>
      <h3 id="export-status-form-title" className="font-semibold">
        Record the export status
      </h3>
      <fieldset
        className="flex flex-col gap-2"
        aria-invalid={errors.status ? true : undefined}
        aria-describedby={errors.status ? 'export-status-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Export status</legend>
        {EXPORT_STATUSES.map((status) => (
          <label key={status} className="flex cursor-pointer items-start gap-2 text-sm">
            <input
              type="radio"
              className="radio radio-sm mt-0.5"
              name="export-status"
              value={status}
              checked={values.status === status}
              onChange={() => setValue('status', status)}
            />
            <span>
              <span className="font-medium">{EXPORT_STATUS_LABELS[status]}</span>
              <span className="block text-xs text-base-content/70">{STATUS_HELP[status]}</span>
            </span>
          </label>
        ))}
        {errors.status && (
          <p id="export-status-error" className="text-sm text-error" role="alert">
            {errors.status}
          </p>
        )}
      </fieldset>
      {values.status === 'foreign_person' && (
        <Field
          name="export-citizenships"
          label="Countries of citizenship"
          error={errors.citizenships}
          hint="Two-letter codes, separated by commas, for example DE, IN"
        >
          <input {...bind('citizenships')} className="input input-bordered w-full sm:w-72" autoComplete="off" spellCheck={false} />
        </Field>
      )}
      <Field name="export-note" label="Note (optional)" error={errors.note} hint="For example the document the status was established from">
        <textarea {...bind('note')} className="textarea textarea-bordered w-full" rows={2} maxLength={COMPLIANCE_NOTE_MAX} />
      </Field>
      <FormActions submitLabel="Record export status" pending={save.isPending} className="flex justify-end" />
    </form>
  );
}

function Authorizations({ userId, record, editable }: { userId: string; record: ExportRecord; editable: boolean }) {
  const utils = trpc.useUtils();
  const remove = trpc.compliance.removeAuthorization.useMutation({
    onSuccess: async () => {
      toast({ title: 'Authorization removed', description: 'It no longer clears this person; the record stays.' });
      await Promise.all([utils.compliance.exportRecord.invalidate({ id: userId }), utils.compliance.expiringAuthorizations.invalidate()]);
    },
    onError: error('The authorization could not be removed.'),
  });
  return (
    <div>
      <h3 className="font-semibold">Authorizations</h3>
      <p className="text-sm text-base-content/70">A licence or other authorization clears this person for one controlled prototype until it expires.</p>
      {record.authorizations.length === 0 ? (
        <p className="mt-2 text-sm">None on record.</p>
      ) : (
        <ul className="mt-2 flex flex-col divide-y divide-base-300" data-testid="authorizations">
          {record.authorizations.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2 text-sm">
              <span>
                <span className="font-medium">{a.prototypeName}</span> · <span className="font-mono">{a.reference}</span> · valid through{' '}
                {formatDate(a.expiresAt, { timeZone: 'UTC' })} {a.expired && <span className="badge badge-error badge-sm">Expired</span>}
                {a.note && <span className="block text-base-content/70">{a.note}</span>}
              </span>
              {editable && (
                <BusyButton
                  type="button"
                  className="btn btn-outline btn-error btn-xs"
                  pending={remove.isPending && remove.variables.id === a.id}
                  onClick={() => remove.mutate({ id: a.id })}
                  aria-label={`Remove authorization ${a.reference} for ${a.prototypeName}`}
                >
                  Remove
                </BusyButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && <AddAuthorization userId={userId} />}
    </div>
  );
}

const emptyAuthorization = { prototypeId: '', reference: '', expiresAt: '', note: '' };

function AddAuthorization({ userId }: { userId: string }) {
  const utils = trpc.useUtils();
  // Authorizations are for controlled items: the dashboard lists them all.
  const dashboard = trpc.compliance.dashboard.useQuery();
  const controlled = dashboard.data?.states.find((group) => group.state === 'controlled')?.items ?? [];
  const form = useZodForm(authorizationFormInput, { id: userId, ...emptyAuthorization });
  const add = trpc.compliance.addAuthorization.useMutation({
    onSuccess: async (added) => {
      toast({ title: 'Authorization recorded', description: `${added.reference} for ${added.prototypeName}` });
      form.reset();
      await Promise.all([utils.compliance.exportRecord.invalidate({ id: userId }), utils.compliance.expiringAuthorizations.invalidate()]);
    },
    onError: error('The authorization could not be recorded.'),
  });
  const { errors, setErrors } = form;
  const bind = (name: keyof typeof emptyAuthorization) => ({
    ...form.field(name),
    id: `authorization-${name}`,
    'aria-describedby': errors[name] ? `authorization-${name}-error` : undefined,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate(event);
    if (!input) return;
    // The server refuses a past expiry too; saying so here keeps the message beside its field.
    if (!isAfter(input.expiresAt)) setErrors({ expiresAt: EXPIRY_IN_PAST });
    else add.mutate(input);
  }
  const today = isoDay();
  return (
    <form noValidate className="mt-4 flex flex-col gap-4 rounded-box border border-base-300 p-4" aria-labelledby="add-authorization-title" onSubmit={submit}>
      <h4 id="add-authorization-title" className="font-medium">
        Add an authorization
      </h4>
      <div className="grid gap-4 md:grid-cols-2">
        <Field name="authorization-prototypeId" label="Prototype (controlled)" error={errors.prototypeId}>
          <select {...bind('prototypeId')} className="select select-bordered w-full">
            <option value="">{controlled.length === 0 ? 'No controlled prototype yet' : 'Choose one'}</option>
            {controlled.map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.prototypeName} ({item.classification ?? 'controlled'})
              </option>
            ))}
          </select>
        </Field>
        <Field name="authorization-reference" label="Licence or authorization number" error={errors.reference}>
          <input {...bind('reference')} className="input input-bordered w-full" maxLength={AUTHORIZATION_REFERENCE_MAX} autoComplete="off" spellCheck={false} />
        </Field>
        <Field name="authorization-expiresAt" label="Valid through" error={errors.expiresAt} hint="It stops clearing at the end of this day (UTC)">
          <input {...bind('expiresAt')} type="date" min={today} className="input input-bordered w-full sm:w-56" />
        </Field>
        <Field name="authorization-note" label="Note (optional)" error={errors.note}>
          <input {...bind('note')} className="input input-bordered w-full" maxLength={COMPLIANCE_NOTE_MAX} />
        </Field>
      </div>
      <FormActions submitLabel="Add authorization" pending={add.isPending} className="flex justify-end" />
    </form>
  );
}
