// Build step (`npm run build`, after the client build): renders the public pages once, as a guest,
// to the file the server reads at start-up (src/server/http/prerender.ts).
import fs from 'node:fs';
import { prerender } from '../src/client/prerender.tsx';
import { PRERENDERED_PATHS, prerenderedFile } from '../src/server/http/prerender.ts';

const clientDir = process.env.CLIENT_DIR ?? 'dist/client';
const pages: Record<string, { html: string; head: string }> = {};
for (const path of PRERENDERED_PATHS) pages[path] = await prerender(path);
fs.writeFileSync(prerenderedFile(clientDir), JSON.stringify(pages));
console.log(`pre-rendered ${PRERENDERED_PATHS.length} public pages to ${prerenderedFile(clientDir)}`);
