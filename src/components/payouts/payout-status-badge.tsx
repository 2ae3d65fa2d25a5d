// Payout status badges in daisyUI semantic colours (readable in both themes).
import { stateLabel } from '~/shared/format.ts';
import type { PayoutStatus } from '~/shared/schemas/payouts.ts';

const CLASS: Record<PayoutStatus, string> = {
  pending: 'badge-warning',
  processing: 'badge-info',
  completed: 'badge-success',
  failed: 'badge-error',
  reversed: 'badge-neutral',
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${CLASS[status]}`} data-testid="payout-status">
      {stateLabel(status)}
    </span>
  );
}
