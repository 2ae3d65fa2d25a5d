import { useNumberTween } from '~/client/motion/use-number-tween.ts';
import { MONITOR_CLAMPS, SYSTEM_HEALTH } from '~/shared/energy-monitor.ts';
import { formatMeasure, formatPower } from '~/shared/format.ts';
import { AtomIcon, TrendDownIcon, TrendFlatIcon, TrendUpIcon } from './icons.tsx';
import { Sparkline } from './sparkline.tsx';
import { STATUS_STYLE, TREND_LABEL } from './status-style.ts';
import { useEnergyMonitor } from './use-energy-monitor.ts';

const TREND_ICON = { up: TrendUpIcon, down: TrendDownIcon, stable: TrendFlatIcon } as const;

/** The hero's embedded widget: a compact, always-live readout of the simulated reactor core. */
export function ReactorReadout() {
  const { state, history } = useEnergyMonitor(true);
  const output = useNumberTween(state.output);
  const health = SYSTEM_HEALTH[state.status];
  const style = STATUS_STYLE[state.status];
  const TrendIcon = TREND_ICON[state.trend];

  return (
    <figure
      aria-label="Live reactor status"
      data-testid="reactor-readout"
      className="relative overflow-hidden rounded-[1.5rem] border border-white/10 bg-[oklch(20%_0.04_255)] p-5 text-[oklch(95%_0.01_240)] shadow-2xl shadow-primary/20 sm:p-6"
    >
      <div
        aria-hidden="true"
        className="absolute -right-16 -top-16 size-56 rounded-full bg-[radial-gradient(circle,oklch(70%_0.15_225/0.35),transparent_70%)]"
      />
      <div className="relative flex items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-xl bg-white/10 text-[oklch(80%_0.13_220)]">
            <AtomIcon className="atomix-spin-slow size-6" />
          </span>
          <div>
            <p className="text-sm font-semibold">Reactor Core 07</p>
            <p className="text-xs text-white/65">Helios test facility</p>
          </div>
        </div>
        <span className="inline-flex items-center gap-2 rounded-full bg-[oklch(74%_0.15_150/0.15)] px-2.5 py-1 text-xs font-bold tracking-wider text-[oklch(85%_0.15_150)]">
          <span className="relative flex size-2">
            <span className="atomix-ping absolute inline-flex size-full rounded-full bg-[oklch(80%_0.17_150)]" />
            <span className="relative inline-flex size-2 rounded-full bg-[oklch(80%_0.17_150)]" />
          </span>
          LIVE
        </span>
      </div>

      <div className="relative mt-6">
        <p className="text-xs uppercase tracking-widest text-white/65">Net output</p>
        <p className="mt-1 flex items-baseline gap-2">
          <span className="text-4xl font-bold tabular-nums sm:text-5xl">{formatPower(output)}</span>
          <span className="inline-flex items-center gap-1 text-sm text-white/75">
            <TrendIcon className="size-4" />
            {TREND_LABEL[state.trend]}
          </span>
        </p>
        <Sparkline values={history} min={MONITOR_CLAMPS.output.min} max={MONITOR_CLAMPS.output.max} className="mt-3 h-14 w-full text-[oklch(78%_0.14_220)]" />
      </div>

      <dl className="relative mt-4 grid grid-cols-3 gap-2 text-center">
        <Reading label="Efficiency" value={formatMeasure(state.efficiency, '%', 1)} />
        <Reading label="Load" value={formatMeasure(state.load, '%', 1)} />
        <Reading label="Core" value={formatMeasure(state.temperature, '°C', 1)} />
      </dl>

      <figcaption className="relative mt-4 flex items-center justify-between gap-2 border-t border-white/10 pt-4 text-sm">
        <span className="inline-flex items-center gap-2">
          <span className={`size-2 rounded-full ${style.dot}`} aria-hidden="true" />
          {health.message}
        </span>
        <span className="tabular-nums text-white/75">Health {health.percent}%</span>
      </figcaption>
    </figure>
  );
}

function Reading({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-white/5 px-2 py-2.5">
      <dt className="text-[0.7rem] uppercase tracking-wider text-white/65">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
