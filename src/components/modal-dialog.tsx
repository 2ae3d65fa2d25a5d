// The app's one dialog, on the native <dialog> element: modal (the page behind is inert), Escape closes, labelled
// by its title; focus goes to the first field on open and back to the opener on close. An error toast
// raised while it is open (a refused action) is shown and announced inside it (toast-store.ts).
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { BusyButton, FormActions } from './forms/busy-button.tsx';
import { registerDialog, toast } from './toast/toast-store.ts';

/** An error that arrives this soon before the dialog closes (an action that fails and closes) is toasted instead. */
const CLOSING_ERROR_MS = 500;

export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [error, setError] = useState<{ title: string; description?: string; at: number } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    let latest: { title: string; description?: string; at: number } | null = null;
    const unregister = registerDialog({
      show: (e) => {
        latest = { ...e, at: Date.now() };
        setError(latest);
      },
    });
    return () => {
      unregister();
      setError(null);
      if (latest && Date.now() - latest.at < CLOSING_ERROR_MS) toast({ title: latest.title, description: latest.description, variant: 'destructive' });
    };
  }, [open]);

  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // The first field, or a confirmation's one action (data-autofocus). Else the browser's own choice,
      // the first control (a confirmation's Cancel), unless that is the backdrop's hidden close button
      // (content still loading, where Enter would close the dialog): then the box itself.
      const box = dialog.querySelector<HTMLElement>('.modal-box');
      const preferred = box?.querySelector<HTMLElement>('input, textarea, select, [data-autofocus]');
      if (preferred) preferred.focus();
      else if (box && !box.contains(document.activeElement)) {
        // Focusable only then: a focusable box would itself be the browser's first choice.
        box.tabIndex = -1;
        box.focus();
      }
    }
    if (!open && dialog.open) {
      dialog.close();
      opener.current?.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="modal-box">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-2 text-sm text-base-content/80">
              {description}
            </div>
          )}
          <div className="mt-4">{children}</div>
          {/* An inserted alert is announced at once by screen readers; a new error is a new element. */}
          {error && (
            <div role="alert" ref={errorRef} key={error.at} data-testid="dialog-error" className="alert alert-error mt-3 block space-y-1 text-sm">
              <p className="font-semibold">{error.title}</p>
              {error.description && <p>{error.description}</p>}
            </div>
          )}
        </div>
      )}
      <form method="dialog" className="modal-backdrop">
        <button type="button" tabIndex={-1} aria-hidden="true" onClick={onClose}>
          close
        </button>
      </form>
    </dialog>
  );
}

/** Cancel and confirm buttons at the bottom of a dialog form. */
export function DialogActions({
  onCancel,
  submitLabel,
  pending,
  disabled,
  danger,
}: {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
  danger?: boolean;
}) {
  return <FormActions className="modal-action" onCancel={onCancel} submitLabel={submitLabel} pending={pending} disabled={disabled} danger={danger} />;
}

/**
 * "Are you sure?" before a step that moves money or reaches many people. Focus starts on Cancel, and
 * the confirm button is a plain button, so Enter never confirms by accident.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  confirmLabel,
  pending = false,
  danger = false,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  danger?: boolean;
  testId?: string;
}) {
  return (
    <ModalDialog open={open} onClose={onClose} title={title} description={description} testId={testId}>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <BusyButton type="button" className={`btn ${danger ? 'btn-error' : 'btn-primary'}`} onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </BusyButton>
      </div>
    </ModalDialog>
  );
}
