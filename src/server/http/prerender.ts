// Public pages are rendered to HTML at build time (scripts/prerender.ts) and sent inside the app
// shell, so a visitor sees the page before the app's code has loaded (fast first paint on phones).
// The app then takes over. Rendering them once at build time keeps React and the pages' code out of
// the server process (start-up time and memory, ADR 0021).
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from './request-log.ts';

export const PRERENDERED_PATHS = ['/', '/about', '/services', '/technology', '/contact'] as const;

export type PrerenderedPages = Map<string, { html: string; head: string }>;

/** Beside the client build (not inside it, where it would be served as a file). */
export const prerenderedFile = (clientDir: string) => path.join(path.dirname(path.resolve(clientDir)), 'prerendered-pages.json');

export function readPrerenderedPages(clientDir: string, log: Logger): PrerenderedPages {
  try {
    const pages = JSON.parse(fs.readFileSync(prerenderedFile(clientDir), 'utf8')) as Record<string, { html: string; head: string }>;
    return new Map(PRERENDERED_PATHS.flatMap((p) => (pages[p] ? [[p, pages[p]] as const] : [])));
  } catch (error) {
    // The site works without them (plain app shell); say so and go on.
    log({ level: 'error', msg: 'no pre-rendered public pages (run `npm run build`); serving the plain app shell', error: String(error) });
    return new Map();
  }
}

/** The app shell with a page's HTML inside #root and its title and description in <head>. */
export function fillShell(indexHtml: string, page: { html: string; head: string } | undefined): string {
  if (!page) return indexHtml;
  return indexHtml.replace('</head>', `${page.head}\n  </head>`).replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
}
