// What a public page downloads before it runs: its gzip JS and CSS as `npm run build` leaves them in
// dist/client (the manifest's entry, the route's split component chunk, their static imports, and the
// classic scripts and stylesheets of index.html). `npm run bench:web` prints it per page; the e2e
// suite holds the home page to its budget (e2e/first-load-budget.spec.ts, ADR 0007).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Manifest } from '../src/server/http/route-preload.ts';

/** Public routes and the route file whose lazy component chunk (if split) each one loads. */
export const PUBLIC_ROUTES = [
  { path: '/', file: 'src/routes/index.tsx' },
  { path: '/about', file: 'src/routes/about.tsx' },
  { path: '/services', file: 'src/routes/services.tsx' },
  { path: '/technology', file: 'src/routes/technology.tsx' },
  { path: '/contact', file: 'src/routes/contact.tsx' },
] as const;

/** The home page's first-load JavaScript stays under this (gzip, KB). */
export const HOME_JS_TARGET_KB = 130;

export interface FirstLoad {
  /** gzip bytes (level 9) */
  js: number;
  css: number;
  files: number;
  jsFiles: string[];
}

export function firstLoadBytes(clientDir: string, routeFile: string): FirstLoad {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const indexHtml = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const js = new Set<string>();
  const css = new Set<string>();
  /** A chunk, its static imports (recursively) and their CSS: what must arrive before it can run. */
  const collect = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  // Classic scripts and stylesheets that index.html itself references (e.g. the theme bootstrap).
  for (const [, src] of indexHtml.matchAll(/<script(?![^>]*type="module")[^>]*src="\/([^"]+)"/g)) if (src) js.add(src);
  for (const [, href] of indexHtml.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+)"/g)) if (href) css.add(href);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error(`no entry chunk in ${clientDir}/.vite/manifest.json`);
  collect(entry);
  // No split chunk means the route's component is bundled into the entry (codeSplitGroupings).
  for (const key of Object.keys(manifest).filter((name) => name.startsWith(`${routeFile}?tsr-split`))) collect(key);
  const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzip(file), 0);
  return { js: sum(js), css: sum(css), files: js.size + css.size, jsFiles: [...js] };
}
