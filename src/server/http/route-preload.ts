// Tells the browser, in the HTML itself, which code the requested page needs. Route components are
// split into their own chunks, which the app would otherwise discover only after its main script
// has run (a second round trip before anything shows). Reads Vite's build manifest.
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
/** Vite's build manifest (`.vite/manifest.json`): each source file's chunk. */
export type Manifest = Record<string, ManifestChunk>;

/** A loop, not /\/+$/: that regex retries from every slash of "/a////b" (quadratic time). */
function withoutTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 0 && pathname[end - 1] === '/') end--;
  return pathname.slice(0, end);
}

/** Route file candidates for a path, in TanStack Router's file layout (pathless _auth/_admin groups). */
function routeFiles(pathname: string): string[] {
  const clean = withoutTrailingSlashes(pathname) || '/';
  if (clean === '/') return ['src/routes/index.tsx'];
  if (!/^(\/[a-z0-9-]+)+$/.test(clean)) return [];
  return ['', '/_auth', '/_admin'].flatMap((group) => [`src/routes${group}${clean}.tsx`, `src/routes${group}${clean}/index.tsx`]);
}

export function createRoutePreloader(clientDir: string): (html: string, pathname: string) => string {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return (html) => html;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;

  // What index.html already loads: the entry and its static imports.
  const loadedByEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const child of chunk.imports ?? []) collect(child, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, loadedByEntry);

  const cache = new Map<string, string>();
  return (html, pathname) => {
    const key = routeFiles(pathname)
      .map((file) => `${file}?tsr-split=component`)
      .find((candidate) => manifest[candidate]);
    if (!key) return html;
    let links = cache.get(key);
    if (links === undefined) {
      const needed = new Set<string>();
      collect(key, needed);
      const files = [...needed].filter((k) => !loadedByEntry.has(k)).map((k) => manifest[k]!);
      links = [
        ...files.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`),
        ...files.flatMap((chunk) => chunk.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
      ].join('\n    ');
      cache.set(key, links);
    }
    return links ? html.replace('</head>', `    ${links}\n  </head>`) : html;
  };
}
