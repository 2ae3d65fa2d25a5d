import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createApp } from './app.tsx';
import { GUEST, setCurrentUser } from './auth/current-user.ts';
import { loadDataLayer, usesData } from './data/load.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A visitor with a session cookie (the server marks <html data-session>) needs the data layer for
// their user and menus; without one, on a marketing page, they are simply a guest and it is not
// loaded at all. (Pages that use data load it themselves: the root route's beforeLoad.)
if (document.documentElement.hasAttribute('data-session')) void loadDataLayer();
else if (!usesData(window.location.pathname)) setCurrentUser(GUEST);

/** Lets the browser handle input and paint between the start-up steps (no step blocks it for long). */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

if (root.hasChildNodes()) {
  // A public page arrived pre-rendered (src/server/http/prerender.ts): build the router, load the
  // route's code, then hydrate the HTML in place, each in its own task. As a transition, hydration
  // itself yields to the browser between components, so the page stays responsive throughout.
  // (A promise chain, not top-level await: that would make the bundler split the entry into many files.)
  void yieldToBrowser().then(async () => {
    const { router, App } = createApp();
    // Tells the router it renders server HTML, as TanStack Start's own hydration does: it then
    // builds the same tree as the server's render (no extra Suspense boundaries around the matches).
    router.ssr = { manifest: undefined };
    await router.load();
    await yieldToBrowser();
    for (const tag of document.head.querySelectorAll('[data-prerendered]')) tag.remove();
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App />
        </StrictMode>,
        { onRecoverableError: (error) => console.error('Hydration fell back to client rendering:', error) },
      );
    });
  });
} else {
  const { App } = createApp();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
