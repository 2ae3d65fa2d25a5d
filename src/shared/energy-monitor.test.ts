import { describe, expect, it } from 'vitest';
import {
  GAUGES,
  INITIAL_MONITOR_STATE,
  MONITOR_BENCHMARKS,
  MONITOR_CLAMPS,
  MONITOR_REFRESH_MS,
  type MonitorState,
  SYSTEM_HEALTH,
  clamp,
  gaugeLevel,
  gaugePercent,
  monitorStatus,
  monitorTrend,
  nextMonitorState,
  seededRandom,
} from './energy-monitor.ts';

/** A random source that returns the given numbers in turn, then repeats the last one. */
function sequence(...values: number[]) {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)] ?? 0.5;
}
const NEUTRAL = 0.5; // maps to a step of exactly 0
const MAX_UP = 0.999_999_999; // just under 1: the largest upward step
const MAX_DOWN = 0; // the largest downward step

const nominal = { efficiency: 85, temperature: 45, load: 60 };

describe('clamp', () => {
  it('keeps values inside and pins values outside to the nearest bound', () => {
    expect(clamp(5, 0, 10)).toBe(5);
    expect(clamp(-1, 0, 10)).toBe(0);
    expect(clamp(11, 0, 10)).toBe(10);
    expect(clamp(0, 0, 10)).toBe(0);
    expect(clamp(10, 0, 10)).toBe(10);
  });
});

describe('monitorStatus', () => {
  it('is optimal for nominal readings and exactly at the warning limits', () => {
    expect(monitorStatus(nominal)).toBe('optimal');
    expect(monitorStatus({ efficiency: 80, temperature: 50, load: 85 })).toBe('optimal');
  });

  it('warns when efficiency is below 80', () => {
    expect(monitorStatus({ ...nominal, efficiency: 79.9 })).toBe('warning');
    expect(monitorStatus({ ...nominal, efficiency: 75 })).toBe('warning');
  });

  it('warns when temperature is above 50', () => {
    expect(monitorStatus({ ...nominal, temperature: 50.1 })).toBe('warning');
    expect(monitorStatus({ ...nominal, temperature: 53 })).toBe('warning');
  });

  it('warns when load is above 85', () => {
    expect(monitorStatus({ ...nominal, load: 85.1 })).toBe('warning');
    expect(monitorStatus({ ...nominal, load: 90 })).toBe('warning');
  });

  it('is critical when efficiency is below 75', () => {
    expect(monitorStatus({ ...nominal, efficiency: 74.9 })).toBe('critical');
  });

  it('is critical when temperature is above 53', () => {
    expect(monitorStatus({ ...nominal, temperature: 53.1 })).toBe('critical');
  });

  it('is critical when load is above 90', () => {
    expect(monitorStatus({ ...nominal, load: 90.1 })).toBe('critical');
  });

  it('gives critical precedence over warning when both apply', () => {
    // Efficiency only warns, temperature is critical.
    expect(monitorStatus({ efficiency: 78, temperature: 54, load: 60 })).toBe('critical');
    // Load only warns, efficiency is critical.
    expect(monitorStatus({ efficiency: 70, temperature: 45, load: 88 })).toBe('critical');
  });
});

describe('monitorTrend', () => {
  it('is up, down or stable as output rises, falls or stays', () => {
    expect(monitorTrend(2500, 2501)).toBe('up');
    expect(monitorTrend(2500, 2499)).toBe('down');
    expect(monitorTrend(2500, 2500)).toBe('stable');
  });
});

describe('system health', () => {
  it('maps each status to its percentage and message', () => {
    expect(SYSTEM_HEALTH.optimal).toEqual({ percent: 99.7, message: 'All Systems Nominal' });
    expect(SYSTEM_HEALTH.warning).toEqual({ percent: 94.2, message: 'Minor Fluctuations' });
    expect(SYSTEM_HEALTH.critical).toEqual({ percent: 87.1, message: 'Attention Required' });
  });
});

describe('gauges', () => {
  it('have the maxima 3000 kW, 100 %, 100 %, 60 °C', () => {
    expect(GAUGES.output.max).toBe(3000);
    expect(GAUGES.efficiency.max).toBe(100);
    expect(GAUGES.load.max).toBe(100);
    expect(GAUGES.temperature.max).toBe(60);
  });

  it('warn on load above 80 only', () => {
    expect(gaugeLevel('load', 80)).toBe('normal');
    expect(gaugeLevel('load', 80.1)).toBe('warning');
  });

  it('flag temperature above 50 as dangerous only', () => {
    expect(gaugeLevel('temperature', 50)).toBe('normal');
    expect(gaugeLevel('temperature', 50.1)).toBe('danger');
  });

  it('never flag output or efficiency', () => {
    expect(gaugeLevel('output', 3000)).toBe('normal');
    expect(gaugeLevel('efficiency', 75)).toBe('normal');
  });

  it('fill in proportion to their maximum, capped to 0-100', () => {
    expect(gaugePercent('output', 1500)).toBe(50);
    expect(gaugePercent('temperature', 45)).toBe(75);
    expect(gaugePercent('temperature', 90)).toBe(100);
    expect(gaugePercent('load', -5)).toBe(0);
  });
});

describe('benchmarks and cadence', () => {
  it('refreshes every 3 seconds', () => {
    expect(MONITOR_REFRESH_MS).toBe(3000);
  });

  it('displays the five benchmarks of the spec', () => {
    expect(MONITOR_BENCHMARKS.map((b) => b.value)).toEqual(['3,000 kW', '2,450 kW', '85%', '94%', '99.9%']);
  });

  it('starts optimal, stable and inside every clamp', () => {
    const s = INITIAL_MONITOR_STATE;
    expect(s.status).toBe('optimal');
    expect(s.trend).toBe('stable');
    expect(monitorStatus(s)).toBe('optimal');
    for (const key of ['output', 'efficiency', 'load', 'temperature'] as const) {
      expect(s[key]).toBeGreaterThanOrEqual(MONITOR_CLAMPS[key].min);
      expect(s[key]).toBeLessThanOrEqual(MONITOR_CLAMPS[key].max);
    }
  });
});

describe('nextMonitorState', () => {
  const base: MonitorState = { output: 2500, efficiency: 85, load: 60, temperature: 45, status: 'optimal', trend: 'up' };

  it('keeps every reading when the random steps are zero, and reports a stable trend', () => {
    const next = nextMonitorState(base, sequence(NEUTRAL));
    expect(next).toEqual({ ...base, trend: 'stable' });
  });

  it('moves output by at most +2.5% and reports an upward trend', () => {
    const next = nextMonitorState(base, sequence(MAX_UP, NEUTRAL));
    expect(next.output).toBe(2562); // 2500 * 1.025 = 2562.5, just under it
    expect(next.trend).toBe('up');
  });

  it('moves output by at most -2.5% and reports a downward trend', () => {
    const next = nextMonitorState(base, sequence(MAX_DOWN, NEUTRAL));
    expect(next.output).toBe(2438); // 2500 * 0.975 = 2437.5, rounded
    expect(next.trend).toBe('down');
  });

  it('clamps output to 3000 kW at the top and 2000 kW at the bottom', () => {
    expect(nextMonitorState({ ...base, output: 2990 }, sequence(MAX_UP, NEUTRAL)).output).toBe(3000);
    expect(nextMonitorState({ ...base, output: 2010 }, sequence(MAX_DOWN, NEUTRAL)).output).toBe(2000);
  });

  it('reports stable when output is already pinned at a clamp', () => {
    expect(nextMonitorState({ ...base, output: 3000 }, sequence(MAX_UP, NEUTRAL)).trend).toBe('stable');
    expect(nextMonitorState({ ...base, output: 2000 }, sequence(MAX_DOWN, NEUTRAL)).trend).toBe('stable');
  });

  it('clamps efficiency to 75-95, load to 40-90 and temperature to 35-55', () => {
    const high = nextMonitorState({ ...base, efficiency: 94.9, load: 89.9, temperature: 54.9 }, sequence(NEUTRAL, MAX_UP, MAX_UP, MAX_UP));
    expect(high.efficiency).toBe(95);
    expect(high.load).toBe(90);
    expect(high.temperature).toBe(55);

    const low = nextMonitorState({ ...base, efficiency: 75.1, load: 40.1, temperature: 35.1 }, sequence(NEUTRAL, MAX_DOWN, MAX_DOWN, MAX_DOWN));
    expect(low.efficiency).toBe(75);
    expect(low.load).toBe(40);
    expect(low.temperature).toBe(35);
  });

  it('derives the status from the new readings', () => {
    // Temperature pushed to 55 (clamp) is above 53: critical.
    const hot = nextMonitorState({ ...base, temperature: 54.9 }, sequence(NEUTRAL, NEUTRAL, NEUTRAL, MAX_UP));
    expect(hot.status).toBe('critical');
    // Load 86.9 is above 85 but not 90: warning.
    const busy = nextMonitorState({ ...base, load: 84 }, sequence(NEUTRAL, NEUTRAL, MAX_UP, NEUTRAL));
    expect(busy.load).toBeCloseTo(87, 5);
    expect(busy.status).toBe('warning');
  });

  it('stays inside every clamp over a long random walk', () => {
    let seed = 42;
    const lcg = () => {
      seed = (seed * 1_664_525 + 1_013_904_223) % 2 ** 32;
      return seed / 2 ** 32;
    };
    let state = INITIAL_MONITOR_STATE;
    for (let i = 0; i < 5000; i++) {
      const next = nextMonitorState(state, lcg);
      expect(Math.abs(next.output - state.output)).toBeLessThanOrEqual(Math.ceil(state.output * 0.025));
      for (const key of ['output', 'efficiency', 'load', 'temperature'] as const) {
        expect(next[key]).toBeGreaterThanOrEqual(MONITOR_CLAMPS[key].min);
        expect(next[key]).toBeLessThanOrEqual(MONITOR_CLAMPS[key].max);
      }
      expect(next.status).toBe(monitorStatus(next));
      state = next;
    }
  });
});

describe('seededRandom', () => {
  it('repeats the same numbers for the same seed (server and browser agree)', () => {
    const a = seededRandom(2025);
    const b = seededRandom(2025);
    const first = Array.from({ length: 50 }, a);
    expect(Array.from({ length: 50 }, b)).toEqual(first);
    expect(new Set(first).size).toBe(50);
    expect(Array.from({ length: 50 }, seededRandom(2026))).not.toEqual(first);
  });

  it('draws numbers in [0, 1) spread over the whole range', () => {
    const random = seededRandom(7);
    const draws = Array.from({ length: 10_000 }, random);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const mean = draws.reduce((sum, x) => sum + x, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});
