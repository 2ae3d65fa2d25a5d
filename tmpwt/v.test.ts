import { Worker } from 'node:worker_threads';
import { test, expect } from 'vitest';
test('w', async () => {
  const w = new Worker(new URL('./w.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const m = await new Promise((r, j) => { w.on('message', r); w.on('error', j); });
  await w.terminate();
  expect(m).toBe(42);
});
