// The logger writes a burst of lines in one write, a moment after the work that logged them, in order.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOG_FLUSH_MS, createJsonLogger } from './request-log.ts';

const linesOf = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('createJsonLogger', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T10:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the lines logged within LOG_FLUSH_MS together, in order, as JSON lines with their time', () => {
    const writes: string[] = [];
    const log = createJsonLogger((text) => writes.push(text));
    log({ msg: 'one' });
    vi.advanceTimersByTime(7);
    log({ msg: 'two', level: 'error' });
    vi.advanceTimersByTime(LOG_FLUSH_MS - 8);
    expect(writes).toEqual([]); // nothing written while the burst of work runs: the first line waits LOG_FLUSH_MS
    vi.advanceTimersByTime(1);
    expect(writes).toHaveLength(1);
    expect(linesOf(writes[0]!)).toEqual([
      { time: '2026-11-24T10:00:00.000Z', level: 'info', msg: 'one' },
      { time: '2026-11-24T10:00:00.007Z', level: 'error', msg: 'two' },
    ]);
    log({ msg: 'three' });
    vi.advanceTimersByTime(LOG_FLUSH_MS);
    expect(writes).toHaveLength(2);
    expect(linesOf(writes[1]!)).toEqual([{ time: '2026-11-24T10:00:00.050Z', level: 'info', msg: 'three' }]);
  });

  it('writes at once when the pending lines grow past 64 K characters', () => {
    const writes: string[] = [];
    const log = createJsonLogger((text) => writes.push(text));
    const detail = 'x'.repeat(1000);
    for (let i = 0; i < 70; i++) log({ msg: 'big', i, detail });
    expect(writes).toHaveLength(1);
    expect(writes[0]!.length).toBeGreaterThanOrEqual(64 * 1024);
    expect(linesOf(writes[0]!).map((line) => line.i)).toEqual(Array.from({ length: writes[0]!.split('\n').length - 1 }, (_, i) => i));
    vi.advanceTimersByTime(LOG_FLUSH_MS);
    expect(writes).toHaveLength(2); // the rest, on time
    expect(linesOf(writes.join('')).map((line) => line.i)).toEqual(Array.from({ length: 70 }, (_, i) => i));
  });

  it('flush writes what is pending at once (the process is about to exit)', () => {
    const writes: string[] = [];
    const log = createJsonLogger((text) => writes.push(text));
    log({ msg: 'last words' });
    log.flush();
    expect(writes.join('')).toContain('"msg":"last words"');
    log.flush();
    vi.advanceTimersByTime(LOG_FLUSH_MS);
    expect(writes).toHaveLength(1);
  });
});
