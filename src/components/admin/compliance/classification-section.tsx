// A compliance officer's classification of a prototype (issue 32, point 3; ADR 0050), under the
// seller's screening answers on the admin prototype page: the classification on record, its history,
// and a form to record a new one (compliance.classify). Rows are never changed: a new record becomes
// the one on record and the earlier ones stay as the history. Shown only to compliance.manage holders.
import { loadFailed } from '~/client/errors.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { FormActions } from '~/components/forms/busy-button.tsx';
import { Field } from '~/components/forms/field.tsx';
import { Options } from '~/components/forms/options.tsx';
import { ScrollRegion, TableHead } from '~/components/list-card.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { BASIS_LABELS, CLASSIFICATION_BASES, COMPLIANCE_STATE_LABELS, JURISDICTIONS, JURISDICTION_LABELS, NOT_LEGAL_ADVICE } from '~/shared/export-control.ts';
import { formatDateTime } from '~/shared/format.ts';
import { CLASSIFICATION_MAX, COMPLIANCE_NOTE_MAX, classificationFormInput, emptyClassificationForm } from '~/shared/schemas/export-control.ts';

type ComplianceRecord = RouterOutputs['compliance']['forPrototype'];
type Classification = NonNullable<ComplianceRecord['classification']>;

export function ClassificationSection({ prototypeId }: { prototypeId: number }) {
  const query = trpc.compliance.forPrototype.useQuery({ id: prototypeId }, { retry: false });
  if (query.isError) {
    return (
      <p role="alert" className="mt-4 text-sm text-error">
        {loadFailed('the classification record', query.error)}
      </p>
    );
  }
  if (!query.data) return <p className="mt-4 text-sm text-base-content/70">Loading the classification record…</p>;
  const record = query.data;
  return (
    <div className="mt-5 flex flex-col gap-5 border-t border-base-300 pt-5" data-testid="export-classification">
      <OnRecord classification={record.classification} />
      {record.history.length > 1 && <History history={record.history} />}
      {/* A new record starts from the one on record; the key resets the form once it is saved. */}
      <ClassifyForm key={record.classification?.id ?? 'none'} prototypeId={prototypeId} current={record.classification} />
    </div>
  );
}

function OnRecord({ classification: c }: { classification: Classification | null }) {
  return (
    <div>
      <h3 className="font-semibold">Classification on record</h3>
      {!c ? (
        <p className="mt-1 text-sm">None yet. Until a compliance officer records one, the state follows the seller&apos;s answers.</p>
      ) : (
        <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <dt className="text-base-content/70">Classification</dt>
            <dd className="font-medium" data-testid="classification-on-record">
              {c.classification}
            </dd>
          </div>
          <div>
            <dt className="text-base-content/70">Controlled</dt>
            <dd className="font-medium">{c.controlled ? 'Yes: confidential content opens only to cleared people' : 'No'}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">Jurisdiction</dt>
            <dd className="font-medium">{JURISDICTION_LABELS[c.jurisdiction]}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">Basis</dt>
            <dd className="font-medium">{BASIS_LABELS[c.basis]}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">Recorded</dt>
            <dd className="font-medium">
              {formatDateTime(c.recordedAt)} by {c.recordedByName ?? 'a former administrator'}
            </dd>
          </div>
          {c.note && (
            <div className="sm:col-span-2 lg:col-span-3">
              <dt className="text-base-content/70">Note</dt>
              <dd className="whitespace-pre-line">{c.note}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}

function History({ history }: { history: Classification[] }) {
  return (
    <div>
      <h3 className="font-semibold">History</h3>
      <ScrollRegion className="mt-2" label="Classification history table (scrolls sideways)">
        <table className="table table-sm">
          <caption className="sr-only">Every classification recorded for this prototype, newest first</caption>
          <TableHead columns={['Recorded', 'By', 'Classification', 'Controlled', 'Jurisdiction', 'Basis', 'Note']} />
          <tbody>
            {history.map((row, index) => (
              <tr key={row.id}>
                <td className="whitespace-nowrap">
                  {formatDateTime(row.recordedAt)}
                  {index === 0 ? ' (on record)' : ''}
                </td>
                <td>{row.recordedByName ?? 'A former administrator'}</td>
                <td className="font-mono">{row.classification}</td>
                <td>{row.controlled ? 'Yes' : 'No'}</td>
                <td>{row.jurisdiction.toUpperCase()}</td>
                <td>{BASIS_LABELS[row.basis]}</td>
                <td className="max-w-xs whitespace-pre-line">{row.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

function initialValues(current: Classification | null): typeof emptyClassificationForm {
  if (!current) return emptyClassificationForm;
  return {
    jurisdiction: current.jurisdiction,
    classification: current.classification,
    controlled: current.controlled ? 'yes' : 'no',
    basis: current.basis,
    note: '',
  };
}

function ClassifyForm({ prototypeId, current }: { prototypeId: number; current: Classification | null }) {
  const utils = trpc.useUtils();
  const form = useZodForm(classificationFormInput, initialValues(current));
  const classify = trpc.compliance.classify.useMutation({
    onSuccess: async (record) => {
      toast({ title: 'Classification recorded', description: `The prototype is now: ${COMPLIANCE_STATE_LABELS[record.state]}.` });
      // The state decides the hold and who may open the confidential content.
      await Promise.all([utils.compliance.invalidate(), utils.confidentiality.prototype.invalidate({ id: prototypeId })]);
    },
    // What the officer typed stays in the form.
    onError: (error) => toastError('The classification could not be recorded.', error),
  });
  const { values, errors, setValue } = form;
  // The page holds other forms: ids carry a prefix.
  const bind = (name: keyof typeof emptyClassificationForm) => ({
    ...form.field(name),
    id: `classify-${name}`,
    'aria-describedby': errors[name] ? `classify-${name}-error` : undefined,
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby="classify-title"
      aria-describedby="classify-intro"
      onSubmit={form.submit((input) => classify.mutate({ id: prototypeId, ...input }))}
    >
      <div>
        <h3 id="classify-title" className="font-semibold">
          {current ? 'Record a new classification' : 'Record the classification'}
        </h3>
        <p id="classify-intro" className="mt-1 text-sm text-base-content/70">
          Classified and not controlled, the hold ends. Classified and controlled, the confidential content and documents open only to cleared people. A new
          record keeps the earlier ones as the history. {NOT_LEGAL_ADVICE}
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Field name="classify-jurisdiction" label="Jurisdiction" error={errors.jurisdiction}>
          <select {...bind('jurisdiction')} className="select select-bordered w-full">
            <option value="" disabled>
              Choose one
            </option>
            <Options values={JURISDICTIONS} label={(value) => JURISDICTION_LABELS[value]} />
          </select>
        </Field>
        <Field name="classify-classification" label="Classification" error={errors.classification} hint="EAR99, an ECCN such as 1E201, or part810">
          <input
            {...bind('classification')}
            className="input input-bordered w-full sm:w-56"
            maxLength={CLASSIFICATION_MAX}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
      </div>
      <RadioGroup
        name="classify-controlled"
        legend="Is the item controlled?"
        value={String(values.controlled)}
        error={errors.controlled}
        onChange={(value) => setValue('controlled', value)}
        options={[
          { value: 'yes', label: 'Yes: only cleared people may see its confidential content' },
          { value: 'no', label: 'No: the hold ends' },
        ]}
      />
      <RadioGroup
        name="classify-basis"
        legend="Basis of the classification"
        value={String(values.basis)}
        error={errors.basis}
        onChange={(value) => setValue('basis', value)}
        options={CLASSIFICATION_BASES.map((value) => ({ value, label: BASIS_LABELS[value] }))}
      />
      <Field name="classify-note" label="Note (optional)" error={errors.note} hint="For example the ruling's number or what counsel advised">
        <textarea {...bind('note')} className="textarea textarea-bordered w-full" rows={3} maxLength={COMPLIANCE_NOTE_MAX} />
      </Field>
      <FormActions submitLabel="Record classification" pending={classify.isPending} className="flex justify-end" />
    </form>
  );
}

function RadioGroup({
  name,
  legend,
  value,
  error,
  onChange,
  options,
}: {
  name: string;
  legend: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="flex flex-col gap-2" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
        {options.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              className="radio radio-sm"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
