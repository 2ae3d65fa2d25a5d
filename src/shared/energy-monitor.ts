// Rules of the simulated live energy monitor (spec sections 4 and 9); pure, so the UI and the tests share them.

export type MonitorStatus = 'optimal' | 'warning' | 'critical';
export type MonitorTrend = 'up' | 'down' | 'stable';

export interface MonitorReading {
  /** Output in kW. */
  output: number;
  /** Efficiency in percent. */
  efficiency: number;
  /** Load in percent. */
  load: number;
  /** Temperature in °C. */
  temperature: number;
}

export interface MonitorState extends MonitorReading {
  status: MonitorStatus;
  trend: MonitorTrend;
}

/** A source of numbers in [0, 1), like Math.random; injectable so the walk is testable. */
export type RandomSource = () => number;

export const MONITOR_REFRESH_MS = 3000;
/** Output moves by at most this fraction of its current value per refresh. */
export const OUTPUT_MAX_STEP = 0.025;

export const MONITOR_CLAMPS = {
  output: { min: 2000, max: 3000 },
  efficiency: { min: 75, max: 95 },
  load: { min: 40, max: 90 },
  temperature: { min: 35, max: 55 },
} as const satisfies Record<keyof MonitorReading, { min: number; max: number }>;

/** Largest move per refresh of the readings whose step the spec leaves open (absolute units). */
export const READING_MAX_STEP = { efficiency: 1, load: 3, temperature: 0.8 } as const;

/** Thresholds of section 4: a reading strictly beyond a limit triggers the status. */
export const STATUS_THRESHOLDS = {
  warning: { efficiencyBelow: 80, temperatureAbove: 50, loadAbove: 85 },
  critical: { efficiencyBelow: 75, temperatureAbove: 53, loadAbove: 90 },
} as const;

export const SYSTEM_HEALTH: Record<MonitorStatus, { percent: number; message: string }> = {
  optimal: { percent: 99.7, message: 'All Systems Nominal' },
  warning: { percent: 94.2, message: 'Minor Fluctuations' },
  critical: { percent: 87.1, message: 'Attention Required' },
};

export type GaugeKind = keyof MonitorReading;
export type GaugeLevel = 'normal' | 'warning' | 'danger';

export const GAUGES: Record<GaugeKind, { label: string; unit: string; max: number }> = {
  output: { label: 'Power Output', unit: 'kW', max: 3000 },
  efficiency: { label: 'Efficiency', unit: '%', max: 100 },
  load: { label: 'Grid Load', unit: '%', max: 100 },
  temperature: { label: 'Core Temperature', unit: '°C', max: 60 },
};

/** Gauge warning rules of section 9: load above 80 warns, temperature above 50 is dangerous. */
export const GAUGE_WARNING = { loadAbove: 80, temperatureAbove: 50 } as const;

export const MONITOR_BENCHMARKS = [
  { label: 'Peak Output', value: '3,000 kW' },
  { label: 'Average Output', value: '2,450 kW' },
  { label: 'Efficiency Target', value: '85%' },
  { label: 'Record Efficiency', value: '94%' },
  { label: 'Uptime', value: '99.9%' },
] as const;

export const INITIAL_MONITOR_STATE: MonitorState = {
  output: 2450,
  efficiency: 87.5,
  load: 64,
  temperature: 42.5,
  status: 'optimal',
  trend: 'stable',
};

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Critical takes precedence over warning; anything else is optimal. */
export function monitorStatus({ efficiency, temperature, load }: Omit<MonitorReading, 'output'>): MonitorStatus {
  const { critical, warning } = STATUS_THRESHOLDS;
  if (efficiency < critical.efficiencyBelow || temperature > critical.temperatureAbove || load > critical.loadAbove) {
    return 'critical';
  }
  if (efficiency < warning.efficiencyBelow || temperature > warning.temperatureAbove || load > warning.loadAbove) {
    return 'warning';
  }
  return 'optimal';
}

export function monitorTrend(previousOutput: number, output: number): MonitorTrend {
  if (output > previousOutput) return 'up';
  if (output < previousOutput) return 'down';
  return 'stable';
}

export function gaugeLevel(kind: GaugeKind, value: number): GaugeLevel {
  if (kind === 'load' && value > GAUGE_WARNING.loadAbove) return 'warning';
  if (kind === 'temperature' && value > GAUGE_WARNING.temperatureAbove) return 'danger';
  return 'normal';
}

/** Share of the gauge's maximum, 0-100, for the bar width. */
export function gaugePercent(kind: GaugeKind, value: number): number {
  return clamp((value / GAUGES[kind].max) * 100, 0, 100);
}

/**
 * A repeatable random source (mulberry32): the same seed gives the same numbers on the server and in
 * the browser, so a pre-rendered monitor and its first live render agree.
 */
export function seededRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Maps a random number in [0, 1) to a symmetric step in [-maxStep, +maxStep). */
function step(random: RandomSource, maxStep: number): number {
  return (random() * 2 - 1) * maxStep;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * One refresh: output walks by up to ±2.5% of itself (whole kW), the other readings by a bounded step
 * (one decimal), every reading is clamped, then status and trend are derived. Draws four numbers from
 * `random`, in the order output, efficiency, load, temperature.
 */
export function nextMonitorState(previous: MonitorState, random: RandomSource = Math.random): MonitorState {
  const c = MONITOR_CLAMPS;
  const output = Math.round(clamp(previous.output * (1 + step(random, OUTPUT_MAX_STEP)), c.output.min, c.output.max));
  const efficiency = round1(clamp(previous.efficiency + step(random, READING_MAX_STEP.efficiency), c.efficiency.min, c.efficiency.max));
  const load = round1(clamp(previous.load + step(random, READING_MAX_STEP.load), c.load.min, c.load.max));
  const temperature = round1(clamp(previous.temperature + step(random, READING_MAX_STEP.temperature), c.temperature.min, c.temperature.max));
  return {
    output,
    efficiency,
    load,
    temperature,
    status: monitorStatus({ efficiency, temperature, load }),
    trend: monitorTrend(previous.output, output),
  };
}
