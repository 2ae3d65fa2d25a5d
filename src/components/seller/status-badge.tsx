import type { PrototypeStatus } from '~/shared/constants.ts';
import { dealState, sellerStatusLabel } from '~/shared/deal-progress.ts';

// Spec badge variants mapped to daisyUI: default = badge-primary (the solid brand badge),
// destructive = badge-error, secondary = badge-secondary, outline = badge-outline.
const VARIANT_CLASS = {
  default: 'badge-primary',
  destructive: 'badge-error',
  secondary: 'badge-secondary',
  outline: 'badge-outline',
} as const;
type Variant = keyof typeof VARIANT_CLASS;

/** Dashboard quote card: accepted = default, rejected = destructive, quoted = secondary, anything else = outline. */
export function prototypeStatusVariant(status: PrototypeStatus | string): Variant {
  if (status === 'accepted') return 'default';
  if (status === 'rejected') return 'destructive';
  if (status === 'quoted') return 'secondary';
  return 'outline';
}

/** Quotes panel: accepted = default, rejected = destructive, anything else = secondary. */
export function quotePanelVariant(status: PrototypeStatus | string): Variant {
  if (status === 'accepted') return 'default';
  if (status === 'rejected') return 'destructive';
  return 'secondary';
}

/**
 * The status, or while it is still "quoted" the seller's answer ("Quote accepted"): an accepted
 * answer wears the accepted colour, since it is the seller's side of the deal done.
 */
export function StatusBadge({
  status,
  sellerResponse = null,
  variant = dealState({ status, sellerResponse }) === 'answered_accepted' ? 'default' : prototypeStatusVariant(status),
}: {
  status: string;
  sellerResponse?: string | null;
  variant?: Variant;
}) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${VARIANT_CLASS[variant]}`} data-variant={variant} data-testid="status-badge">
      {sellerStatusLabel({ status, sellerResponse })}
    </span>
  );
}
