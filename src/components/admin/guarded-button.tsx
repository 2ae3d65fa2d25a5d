// An admin action that the workflow rules may forbid now: disabled, with the rule's reason beside it
// (issue 34, point 6), so nobody fills a dialog only to be refused. The reason comes from the shared
// rule tables (src/shared/prototype-workflow.ts, prototype-stages.ts), the same words as the server's 409.
import { type ReactNode, useId } from 'react';
import { BusyButton } from '~/components/forms/busy-button.tsx';

export function GuardedButton({
  refusal,
  onClick,
  className = 'btn-sm',
  pending = false,
  label,
  testId,
  children,
}: {
  /** Why the action is not possible now; null when it is. */
  refusal: string | null;
  onClick: () => void;
  className?: string;
  pending?: boolean;
  /** The accessible name when the visible text needs more context ("Approve: Solar Cell"). */
  label?: string;
  testId?: string;
  children: ReactNode;
}) {
  const reasonId = useId();
  return (
    <div className="flex flex-col items-start gap-1" data-testid={testId}>
      <BusyButton
        type="button"
        className={`btn ${className}`}
        onClick={onClick}
        pending={pending}
        disabled={refusal !== null}
        aria-label={label}
        aria-describedby={refusal ? reasonId : undefined}
      >
        {children}
      </BusyButton>
      {refusal && (
        <p id={reasonId} className="text-xs text-base-content/70" data-testid="refusal">
          {refusal}
        </p>
      )}
    </div>
  );
}
