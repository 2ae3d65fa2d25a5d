// How seller screens write money, sizes, dates and the workflow's names.
import { ENERGY_TYPE_LABELS, type EnergyType, type PrototypeStatus } from '~/shared/constants.ts';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$12,500.50". Decimal strings are formatted exactly (no float conversion). */
export function formatDollars(value: number | string): string {
  return dollars.format(value as number);
}

/** "2.35 MB" (spec section 5: sizes shown in MB). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatDate(value: Date | string): string {
  return dateFormat.format(new Date(value));
}
export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(new Date(value));
}

export function energyTypeLabel(value: string): string {
  return ENERGY_TYPE_LABELS[value as EnergyType] ?? value;
}

/** "under_review" -> "Under Review". */
export function humanize(value: string): string {
  return value
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const PIPELINE_STAGES = [
  'initial_review',
  'technical_evaluation',
  'commercial_evaluation',
  'negotiation',
  'development',
  'deployment',
] as const;
export const STAGE_LABELS: Record<string, string> = {
  initial_review: 'Initial Review',
  technical_evaluation: 'Technical Evaluation',
  commercial_evaluation: 'Commercial Evaluation',
  negotiation: 'Negotiation',
  development: 'Development',
  deployment: 'Deployment',
  closed: 'Closed',
};

export const statusLabel = (status: PrototypeStatus | string) => humanize(status);
