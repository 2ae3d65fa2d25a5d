// "Report" (users) and "Flag" (admins) for a concern (issue 15, point 5; ADR 0018): a reason and a
// description, sent to the team's reports queue. The server decides who may report what.
import { type FormEvent, useId, useState } from 'react';
import { trpc } from '~/client/trpc.ts';
import { Field, controlOf } from '~/components/forms/field.tsx';
import { DialogActions, ModalDialog } from '~/components/modal-dialog.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { REPORT_REASONS, type ReportReason, type ReportTargetType } from '~/shared/moderation.ts';
import { REPORT_REASON_LABELS, REPORT_TEXT_MAX } from '~/shared/schemas/reports.ts';
import { Options } from '~/components/forms/options.tsx';

export function ReportButton({
  targetType,
  targetId,
  targetLabel,
  flag = false,
  className = 'btn btn-ghost btn-xs',
}: {
  targetType: ReportTargetType;
  targetId: string | number;
  /** How the target reads in the dialog: 'the message "Welcome"'. */
  targetLabel: string;
  /** Admins flag; users report. */
  flag?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const verb = flag ? 'Flag' : 'Report';
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} data-testid={`${verb.toLowerCase()}-${targetType}`}>
        {verb}
        <span className="sr-only"> {targetLabel}</span>
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`${verb} ${targetLabel}`}
        description={
          flag
            ? 'The flag goes to the reports queue for the team to review.'
            : 'Tell our team what concerns you. Only the team sees your report, and you will be told the outcome.'
        }
        testId="report-dialog"
      >
        {open && <ReportForm targetType={targetType} targetId={targetId} submitLabel={`Send ${verb.toLowerCase()}`} onClose={() => setOpen(false)} />}
      </ModalDialog>
    </>
  );
}

function ReportForm({
  targetType,
  targetId,
  submitLabel,
  onClose,
}: {
  targetType: ReportTargetType;
  targetId: string | number;
  submitLabel: string;
  onClose: () => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const [reasonError, setReasonError] = useState<string | undefined>();
  const file = trpc.reports.file.useMutation({
    onSuccess: () => {
      toast({ title: 'Report sent', description: 'Our team will review it and tell you the outcome.' });
      onClose();
    },
    onError: (e) => toastError('The report could not be sent.', e),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const reason = String(data.get('reason') ?? '');
    const description = String(data.get('description') ?? '').trim();
    // No reason is chosen for the reporter: they pick the one that fits.
    setReasonError(REPORT_REASONS.includes(reason as ReportReason) ? undefined : 'Choose a reason');
    setError(description ? undefined : 'Description is required');
    if (!REPORT_REASONS.includes(reason as ReportReason) || !description) return;
    file.mutate({ targetType, targetId: String(targetId), reason: reason as ReportReason, description });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field name={`${id}-reason`} label="Reason" error={reasonError}>
        <select id={`${id}-reason`} name="reason" className="select select-bordered w-full" defaultValue="" aria-invalid={reasonError ? true : undefined}>
          <option value="" disabled>
            Choose a reason
          </option>
          <Options values={REPORT_REASONS} label={(reason) => REPORT_REASON_LABELS[reason]} />
        </select>
      </Field>
      <Field name={`${id}-description`} label="Description" error={error}>
        <textarea
          name="description"
          rows={4}
          className="textarea textarea-bordered w-full"
          maxLength={REPORT_TEXT_MAX}
          {...controlOf(`${id}-description`, error)}
        />
      </Field>
      <DialogActions onCancel={onClose} submitLabel={submitLabel} pending={file.isPending} />
    </form>
  );
}
