import type { ReactNode } from 'react';

/** A labelled form control with its error message linked for screen readers. */
export function Field({ name, label, error, hint, children }: { name: string; label: string; error?: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-base-content/70">{hint}</p>}
      {error && (
        <p id={`${name}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
