// Renders a public page to HTML on the server, so that visitors see it before the app's code has
// loaded. Guests' view: no user, light theme (the theme itself is CSS, applied before paint).
import { createMemoryHistory } from '@tanstack/react-router';
import { prerenderToNodeStream } from 'react-dom/static';
import { createApp } from './app.tsx';

export interface PrerenderedPage {
  html: string;
  head: string;
}

export async function prerender(url: string): Promise<PrerenderedPage> {
  const { router, App } = createApp(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const failed = router.state.matches.find((match) => match.status !== 'success');
  if (failed) throw new Error(`${url} did not load (${failed.routeId}: ${failed.status})`);
  // react-dom/static waits for every lazy part (the sections below the fold too), so the HTML is the
  // whole page and the browser hydrates it as it is.
  // (An unlimited chunk size keeps React from moving big sections out of place for streaming.)
  const { prelude } = await prerenderToNodeStream(<App />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const markup = Buffer.concat(chunks).toString('utf8');
  // React renders the route's <title> and <meta> in place; they belong in <head>.
  const headTags: string[] = [];
  const html = markup
    // Inline scripts (the router's scroll restoration) are the live app's business; the CSP would
    // refuse them, and the browser's first render has none either.
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<title>[^<]*<\/title>|<meta name="description"[^>]*>/g, (tag) => {
      // Marked so that the browser app can drop them when React renders its own (main.tsx).
      headTags.push(tag.replace(/^<(title|meta)/, '<$1 data-prerendered=""'));
      return '';
    });
  return { html, head: headTags.join('') };
}
