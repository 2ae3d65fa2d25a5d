import { useEffect, useState } from 'react';
import { INITIAL_MONITOR_STATE, MONITOR_REFRESH_MS, type MonitorState, nextMonitorState, seededRandom } from '~/shared/energy-monitor.ts';

/** Simulated monitor readings (browser only): a new reading every 3 s while `running`, with recent outputs. */
export function useEnergyMonitor(running: boolean, historyLength = 24) {
  const [snapshot, setSnapshot] = useState(() => ({
    state: INITIAL_MONITOR_STATE,
    history: seedHistory(historyLength),
  }));

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      setSnapshot(({ state, history }) => {
        const next: MonitorState = nextMonitorState(state);
        return { state: next, history: [...history.slice(1 - historyLength), next.output] };
      });
    }, MONITOR_REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, historyLength]);

  return snapshot;
}

/**
 * A plausible recent past, so the sparkline is not flat on first paint. Seeded: the pre-rendered page
 * and the browser's first render draw the same line.
 */
function seedHistory(length: number): number[] {
  const random = seededRandom(2025);
  const history: number[] = [];
  let state = INITIAL_MONITOR_STATE;
  for (let i = 0; i < length - 1; i++) {
    state = nextMonitorState(state, random);
    history.push(state.output);
  }
  history.push(INITIAL_MONITOR_STATE.output);
  return history;
}
