// The built index.html as served: the tiny pre-paint theme script inlined (one blocking request
// fewer before first paint), allowed by its hash in the Content-Security-Policy.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';
const ENTRY_SCRIPT_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;

/**
 * On a pre-rendered page the app's code is fetched after the first contentful paint: the page is
 * readable at once, and the HTML and stylesheet get the whole connection, which on a phone network is
 * what the first paint waits for. The app starts when the browser reports its first paint (or after
 * 2 s, e.g. in a background tab). One dynamic import: the browser finds the rest from the entry.
 *
 * Until the app is live (`<html data-hydrated>`), a click on a control that needs the app's code
 * (`[data-replay-click]`: a button whose handler is the app's) is held, not lost: cancelled, so a form
 * is not sent as plain HTML, and kept from the app's handlers, so it cannot count twice; then clicked
 * again once the app is live.
 */
function loadAfterPaintScript(entry: string): string {
  return `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    import(${JSON.stringify(entry)});
  }
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start);
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {
    start();
  }
  setTimeout(start, 2000);
  var root = document.documentElement;
  var held = [];
  function hold(event) {
    var control = event.target && event.target.closest && event.target.closest('[data-replay-click]');
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(control);
  }
  document.addEventListener('click', hold, true);
  new MutationObserver(function (records, observer) {
    if (!root.hasAttribute('data-hydrated')) return;
    observer.disconnect();
    document.removeEventListener('click', hold, true);
    for (var i = 0; i < held.length; i++) if (held[i].isConnected) held[i].click();
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
})();`;
}

export interface AppShell {
  /** index.html for pages the browser renders itself. */
  html: string;
  /** Turns a pre-rendered page's HTML into one that loads the app after first paint. */
  loadAfterPaint: (html: string) => string;
  /** SHA-256 (base64) of each inline script, for `script-src`. */
  scriptHashes: string[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

export function loadAppShell(clientDir: string): AppShell {
  let html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const scriptHashes: string[] = [];

  const themeScriptFile = path.join(clientDir, 'theme-init.js');
  if (html.includes(THEME_SCRIPT_TAG) && fs.existsSync(themeScriptFile)) {
    const script = fs.readFileSync(themeScriptFile, 'utf8');
    html = html.replace(THEME_SCRIPT_TAG, () => `<script>${script}</script>`);
    scriptHashes.push(sha256(script));
  }

  const entry = ENTRY_SCRIPT_TAG.exec(html)?.[1];
  if (!entry) return { html, loadAfterPaint: (page) => page, scriptHashes };
  const loader = loadAfterPaintScript(entry);
  scriptHashes.push(sha256(loader));
  const loadAfterPaint = (page: string) =>
    page
      .replace(ENTRY_SCRIPT_TAG, '')
      .replace(MODULE_PRELOAD_TAG, '')
      .replace('</body>', () => `  <script>${loader}</script>\n  </body>`);
  return { html, loadAfterPaint, scriptHashes };
}

/**
 * Marks a page requested with a session cookie (`<html data-session>`): the browser then loads the
 * data layer for the user's menus at once; guests' pages do without it (src/client/main.tsx). Only
 * a hint: who is signed in is still asked of the server.
 */
export function markSession(html: string): string {
  return html.replace(/<html\b/, '<html data-session');
}
