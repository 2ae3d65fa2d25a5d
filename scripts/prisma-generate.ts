// Runs `prisma generate` offline: it only needs *a* schema-engine path to skip its binary download
// (generation itself does not use the engine). Never use this variable for `prisma migrate`.
// Then renumbers the client's parameterization graph so that it takes far less memory (ADR 0027).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compactClientSource } from './prisma-graph.ts';

const require = createRequire(import.meta.url);
const prismaCli = require.resolve('prisma/build/index.js');
execFileSync(process.execPath, [prismaCli, 'generate'], {
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
});

const clientClass = path.join(import.meta.dirname, '../src/generated/prisma/internal/class.ts');
const compacted = compactClientSource(fs.readFileSync(clientClass, 'utf8'));
if (compacted) {
  fs.writeFileSync(clientClass, compacted);
} else {
  // The client works either way; the test in prisma-graph.test.ts fails until the layout is known again.
  console.warn(
    `${path.relative(process.cwd(), clientClass)}: its parameterization graph is not in the layout scripts/prisma-graph.ts knows; left as generated.`,
  );
}
