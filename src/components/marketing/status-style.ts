import type { MonitorStatus, MonitorTrend } from '~/shared/energy-monitor.ts';

/** Colours and words for a monitor status, shared by the hero readout and the live monitor. */
export const STATUS_STYLE: Record<MonitorStatus, { label: string; dot: string; badge: string; text: string }> = {
  optimal: { label: 'Optimal', dot: 'bg-success', badge: 'badge-success', text: 'text-success' },
  warning: { label: 'Warning', dot: 'bg-warning', badge: 'badge-warning', text: 'text-warning' },
  critical: { label: 'Critical', dot: 'bg-error', badge: 'badge-error', text: 'text-error' },
};

export const TREND_LABEL: Record<MonitorTrend, string> = { up: 'Up', down: 'Down', stable: 'Stable' };
