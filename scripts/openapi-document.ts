// Writes the OpenAPI document the server serves at /api/openapi.json to a file, built from the route
// declarations without starting a server, so `npm run lint:openapi` can lint it (ADR 0041).
// Usage: tsx scripts/openapi-document.ts <file>
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '../src/server/rest/openapi.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: tsx scripts/openapi-document.ts <file>');
  process.exit(2);
}
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
