import { useState } from 'react';
import { useNumberTween } from '~/client/motion/use-number-tween.ts';
import { GAUGES, type GaugeKind, MONITOR_BENCHMARKS, MONITOR_REFRESH_MS, SYSTEM_HEALTH, gaugeLevel, gaugePercent } from '~/shared/energy-monitor.ts';
import { formatMeasure } from '~/shared/format.ts';
import { GaugeIcon, TrendDownIcon, TrendFlatIcon, TrendUpIcon } from './icons.tsx';
import { STATUS_STYLE, TREND_LABEL } from './status-style.ts';
import { useEnergyMonitor } from './use-energy-monitor.ts';

const TREND_ICON = { up: TrendUpIcon, down: TrendDownIcon, stable: TrendFlatIcon } as const;
const GAUGE_ORDER: readonly GaugeKind[] = ['output', 'efficiency', 'load', 'temperature'];

/** The live energy-monitoring panel of the Innovation Timeline (spec sections 4 and 9). */
export function EnergyMonitorPanel() {
  const [running, setRunning] = useState(true);
  const { state } = useEnergyMonitor(running);
  const health = SYSTEM_HEALTH[state.status];
  const style = STATUS_STYLE[state.status];
  const TrendIcon = TREND_ICON[state.trend];

  return (
    <div className="rounded-[1.5rem] border border-base-300 bg-base-100 p-5 shadow-xl shadow-base-content/5 sm:p-8" data-testid="energy-monitor">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="grid size-11 place-items-center rounded-xl bg-primary/10 text-primary">
            <GaugeIcon className="size-6" />
          </span>
          <div>
            <h3 className="text-lg font-semibold">Reactor Array Alpha</h3>
            <p className="text-sm text-base-content/70">Simulated readings, refreshed every {MONITOR_REFRESH_MS / 1000} seconds</p>
          </div>
        </div>
        <button
          type="button"
          data-testid="monitor-toggle"
          // A click before the app is live takes effect when it is (app-shell.ts).
          data-replay-click=""
          onClick={() => setRunning((r) => !r)}
          className={`btn btn-sm min-w-28 gap-2 font-bold tracking-wider ${running ? 'btn-success' : 'btn-neutral'}`}
        >
          <span aria-hidden="true" className={`size-2 rounded-full ${running ? 'bg-success-content' : 'bg-neutral-content/70'}`} />
          {running ? 'LIVE' : 'PAUSED'}
          <span className="sr-only">{running ? ', select to pause updates' : ', select to resume updates'}</span>
        </button>
      </div>

      <dl className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {GAUGE_ORDER.map((kind) => (
          <Gauge key={kind} kind={kind} value={state[kind]} />
        ))}
      </dl>

      <div className="mt-6 grid gap-4 md:grid-cols-[1.2fr_1fr]">
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-box bg-base-200 p-5" data-testid="system-health">
          <div>
            <p className="text-sm font-medium text-base-content/70">System Health</p>
            <p className="mt-1 text-4xl font-bold tabular-nums">{health.percent}%</p>
            <p className="mt-1 font-semibold">{health.message}</p>
          </div>
          <div className="flex flex-col items-end gap-2">
            <span className={`badge ${style.badge} gap-1.5 font-semibold`} data-testid="monitor-status">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
              {style.label}
            </span>
            <span className="inline-flex items-center gap-1.5 text-sm font-medium" data-testid="monitor-trend">
              <TrendIcon className="size-4" />
              Trend: {TREND_LABEL[state.trend]}
            </span>
          </div>
        </div>
        <div className="rounded-box bg-base-200 p-5" data-testid="monitor-benchmarks">
          <p className="text-sm font-medium text-base-content/70">Performance Benchmarks</p>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {MONITOR_BENCHMARKS.map(({ label, value }) => (
              <div key={label} className="flex justify-between gap-2 border-b border-base-300 pb-1.5 last:border-0">
                <dt className="text-base-content/75">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </div>
  );
}

const LEVEL_STYLE = {
  normal: { bar: 'bg-primary', badge: null },
  warning: { bar: 'bg-warning', badge: { className: 'badge-warning', text: 'High' } },
  danger: { bar: 'bg-error', badge: { className: 'badge-error', text: 'Danger' } },
} as const;

function Gauge({ kind, value }: { kind: GaugeKind; value: number }) {
  const gauge = GAUGES[kind];
  const shown = useNumberTween(value);
  const level = LEVEL_STYLE[gaugeLevel(kind, value)];
  const digits = kind === 'output' ? 0 : 1;
  const text = formatMeasure(shown, gauge.unit, digits);
  return (
    <div className="rounded-box border border-base-300 p-3 sm:p-4" data-testid={`gauge-${kind}`} data-level={gaugeLevel(kind, value)}>
      <dt className="flex min-h-6 flex-wrap items-center justify-between gap-x-2 text-xs font-medium text-base-content/70 sm:text-sm">
        {gauge.label}
        {level.badge && <span className={`badge badge-sm ${level.badge.className}`}>{level.badge.text}</span>}
      </dt>
      <dd>
        <span className="mt-1 block text-xl font-bold tabular-nums sm:text-2xl">{text}</span>
        <div
          role="meter"
          aria-label={gauge.label}
          aria-valuemin={0}
          aria-valuemax={gauge.max}
          aria-valuenow={value}
          aria-valuetext={`${formatMeasure(value, gauge.unit, digits)} of ${formatMeasure(gauge.max, gauge.unit)}`}
          className="mt-3 h-2 overflow-hidden rounded-full bg-base-300"
        >
          <div className={`h-full rounded-full transition-[width] duration-1000 ease-in-out ${level.bar}`} style={{ width: `${gaugePercent(kind, value)}%` }} />
        </div>
        <span className="mt-1.5 block text-xs text-base-content/70">of {formatMeasure(gauge.max, gauge.unit)}</span>
      </dd>
    </div>
  );
}
