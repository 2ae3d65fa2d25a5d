// The logger writes a burst of lines in one write, after the work that logged them, in order.
import { describe, expect, it } from 'vitest';
import { createJsonLogger } from './request-log.ts';

describe('createJsonLogger', () => {
  it('writes the lines of one turn together once the turn is over, in order, as JSON lines', async () => {
    const writes: string[] = [];
    const log = createJsonLogger((text) => writes.push(text));
    log({ msg: 'one' });
    log({ msg: 'two', level: 'error' });
    expect(writes).toEqual([]); // nothing written while the request's work runs
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    const lines = writes[0]!
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toMatchObject([
      { msg: 'one', level: 'info' },
      { msg: 'two', level: 'error' },
    ]);
    expect(Date.parse(lines[0].time)).not.toBeNaN();
    log({ msg: 'three' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(2);
  });

  it('flush writes what is pending at once (the process is about to exit)', () => {
    const writes: string[] = [];
    const log = createJsonLogger((text) => writes.push(text));
    log({ msg: 'last words' });
    log.flush();
    expect(writes.join('')).toContain('"msg":"last words"');
    log.flush();
    expect(writes).toHaveLength(1);
  });
});
