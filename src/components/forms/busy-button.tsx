// The buttons that start an action: disabled and marked busy while it runs, with a spinner.
import type { ButtonHTMLAttributes, ReactNode } from 'react';

type BusyButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean };

/** A button whose action may take a moment (`type` is required: a submit or a plain click). */
export function BusyButton({ pending, disabled, children, type, ...props }: BusyButtonProps & { type: 'submit' | 'button' }) {
  return (
    <button {...props} type={type} disabled={pending || disabled} aria-busy={pending || undefined}>
      {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** Cancel (when the form can be left) and submit, at the end of a form; `className` places the row (a dialog's `modal-action`). */
export function FormActions({
  onCancel,
  submitLabel,
  pending,
  disabled,
  danger,
  className = 'flex justify-end gap-2',
}: {
  onCancel?: (() => void) | undefined;
  submitLabel: ReactNode;
  pending: boolean;
  disabled?: boolean | undefined;
  danger?: boolean | undefined;
  className?: string;
}) {
  return (
    <div className={className}>
      {onCancel && (
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      )}
      <BusyButton type="submit" className={`btn ${danger ? 'btn-error' : 'btn-primary'}`} pending={pending} disabled={disabled}>
        {submitLabel}
      </BusyButton>
    </div>
  );
}
