// The notice a screen shows instead of a form the server would refuse (a revoked capability).
import type { Capability } from '~/shared/capabilities.ts';
import { formatUntil } from './format.ts';

export function CapabilityNotice({ capability, until, what }: { capability: Capability; until: Date | null; what: string }) {
  return (
    <div role="alert" className="alert alert-warning" data-testid="capability-notice">
      <div>
        <p className="font-semibold">You cannot {what} right now.</p>
        <p className="text-sm">
          An administrator has revoked your <code>{capability}</code> permission{until ? ` until ${formatUntil(until)}` : ''}. If you think this is a mistake,
          contact the Atomix Energy team.
        </p>
      </div>
    </div>
  );
}
