// How a screen shows a capability an administrator revoked, before the user tries (issue 34, point 4):
// what they cannot do, until when (or until further notice) and the reason the administrator gave.
// The server refuses the action all the same.
import { useId } from 'react';
import type { RevokedCapability } from '~/client/use-capability.ts';
import { CAPABILITY_ACTIONS, CAPABILITY_LABELS } from '~/shared/capabilities.ts';
import { formatUtcDateTime } from '~/shared/format.ts';

const untilText = (until: Date | null) => (until ? `until ${formatUtcDateTime(until)}` : 'until further notice');

/** In place of a form or a section the server would refuse. */
export function CapabilityNotice({ state, className = '' }: { state: RevokedCapability; className?: string }) {
  const { capability, until, reason } = state;
  return (
    <div role="note" className={`alert alert-warning items-start ${className}`} data-testid="capability-notice" data-capability={capability}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="9" />
        <path d="M5.6 5.6l12.8 12.8" strokeLinecap="round" />
      </svg>
      <div className="min-w-0">
        <p className="font-semibold">You cannot {CAPABILITY_ACTIONS[capability]} right now.</p>
        <p className="text-sm">
          An administrator has revoked your &ldquo;{CAPABILITY_LABELS[capability]}&rdquo; permission (<code className="whitespace-nowrap">{capability}</code>){' '}
          <strong data-testid="capability-until">{untilText(until)}</strong>.
        </p>
        {reason && (
          <p className="mt-1 whitespace-pre-line break-words text-sm" data-testid="capability-reason">
            Reason: {reason}
          </p>
        )}
        <p className="mt-1 text-sm">If you think this is a mistake, write to the Atomix Energy team.</p>
      </div>
    </div>
  );
}

/**
 * An action button the user cannot use now: shown disabled, with why and until when beside it
 * (its description), so nobody opens a form only to be refused.
 */
export function RevokedButton({ state, label, className = 'btn btn-sm' }: { state: RevokedCapability; label: string; className?: string }) {
  const noteId = useId();
  return (
    <div className="flex max-w-sm flex-col items-start gap-1" data-testid="revoked-action" data-capability={state.capability}>
      <button type="button" className={className} disabled aria-describedby={noteId}>
        {label}
      </button>
      <p id={noteId} className="text-xs text-base-content/75">
        Revoked by an administrator {untilText(state.until)}
        {state.reason ? `. Reason: ${state.reason}` : ''}
      </p>
    </div>
  );
}
