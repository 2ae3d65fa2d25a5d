import type { ReactNode } from 'react';

/**
 * A labelled form control with its error message linked for screen readers: the control's id is
 * `name`, the error's `${name}-error` and the hint's `${name}-hint` (for the control's aria-describedby).
 */
export function Field({
  name,
  label,
  error,
  hint,
  className,
  children,
}: {
  name: string;
  label: string;
  error?: string | null | undefined;
  hint?: string;
  /** More classes on the wrapper (a grid span). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1${className ? ` ${className}` : ''}`}>
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${name}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The props that link a control to its Field of the same `name`: its id, and its error message once there is one. */
export function controlOf(name: string, error: string | null | undefined) {
  return { id: name, 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': error ? `${name}-error` : undefined };
}
