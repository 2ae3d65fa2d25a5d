// Database set-up times for `npm run test:timings` (scripts/test-timings.ts): with TEST_TIMINGS_DIR
// set, each set-up appends one JSON line { label, ms } to db-setup.jsonl there.
import fs from 'node:fs';
import path from 'node:path';

export function recordSetUpTime(label: string, ms: number) {
  const dir = process.env.TEST_TIMINGS_DIR;
  if (!dir) return;
  fs.appendFileSync(path.join(dir, 'db-setup.jsonl'), `${JSON.stringify({ label, ms: Math.round(ms) })}\n`);
}
