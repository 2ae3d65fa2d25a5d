// Renders a public page to HTML on the server, so that visitors see it before the app's code has
// loaded. Guests' view: no user, light theme (the theme itself is CSS, applied before paint).
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
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
  const markup = renderToString(<App />);
  // React renders the route's <title> and <meta> in place; they belong in <head>.
  const headTags: string[] = [];
  const html = markup
    // Inline scripts (the router's scroll restoration) and React's notes on parts left to the browser
    // (lazy sections below the fold) are the live app's business; the CSP would refuse the scripts.
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<template data-msg[^>]*>[\s\S]*?<\/template>/g, '')
    .replace(/<title>[^<]*<\/title>|<meta name="description"[^>]*>/g, (tag) => {
    // Marked so that the browser app can drop them when React renders its own (main.tsx).
    headTags.push(tag.replace(/^<(title|meta)/, '<$1 data-prerendered=""'));
    return '';
  });
  return { html, head: headTags.join('') };
}
