// Public pages are rendered to HTML once at start-up and sent inside the app shell, so a visitor sees
// the page before the app's code has loaded (fast first paint on phones). The app then takes over.
import type { Logger } from './request-log.ts';

export const PRERENDERED_PATHS = ['/', '/about', '/services', '/technology', '/contact'] as const;

export type PrerenderedPages = Map<string, { html: string; head: string }>;

export async function prerenderPublicPages(log: Logger): Promise<PrerenderedPages> {
  const pages: PrerenderedPages = new Map();
  try {
    const { prerender } = await import('../../client/prerender.tsx');
    for (const path of PRERENDERED_PATHS) pages.set(path, await prerender(path));
  } catch (error) {
    // The site works without it (plain app shell); say so and go on.
    log({ level: 'error', msg: 'pre-rendering failed; serving the plain app shell', error: String(error) });
    pages.clear();
  }
  return pages;
}

/** The app shell with a page's HTML inside #root and its title and description in <head>. */
export function fillShell(indexHtml: string, page: { html: string; head: string } | undefined): string {
  if (!page) return indexHtml;
  return indexHtml.replace('</head>', `${page.head}\n  </head>`).replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
}
