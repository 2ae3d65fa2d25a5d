// Badge colours of spec section 4 (daisyUI semantic colours, so both themes work).
import type { PrototypeStatus } from '~/shared/constants.ts';
import type { Level } from '~/shared/schemas/admin.ts';
import { stateLabel } from '~/shared/format.ts';

export function statusBadgeClass(status: PrototypeStatus | string): string {
  switch (status) {
    case 'approved':
      return 'badge-success';
    case 'rejected':
      return 'badge-error';
    case 'under_review':
      return 'badge-warning';
    case 'in_development':
      return 'badge-info';
    default:
      return 'badge-neutral';
  }
}

export function priorityBadgeClass(priority: Level): string {
  return priority === 'high' ? 'badge-error' : priority === 'medium' ? 'badge-warning' : 'badge-success';
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-sm whitespace-nowrap ${statusBadgeClass(status)}`}>{stateLabel(status)}</span>;
}

export function PriorityBadge({ priority }: { priority: Level }) {
  return <span className={`badge badge-sm whitespace-nowrap ${priorityBadgeClass(priority)}`}>{stateLabel(priority)} priority</span>;
}
