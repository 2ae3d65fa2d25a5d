import type { PrototypeStatus } from '~/shared/constants.ts';
import { stateLabel } from '~/shared/format.ts';

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

export function StatusBadge({ status, variant = prototypeStatusVariant(status) }: { status: string; variant?: Variant }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${VARIANT_CLASS[variant]}`} data-variant={variant}>
      {stateLabel(status)}
    </span>
  );
}
