import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from './app.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const { router, App } = createApp();
// Public pages arrive pre-rendered (src/server/http/prerender.ts). Loading the route's code before the
// first render swaps that HTML for the live page in one step, with no spinner in between.
// (No top-level await: it would make the bundler split the entry into many more files.)
const ready = root.hasChildNodes() ? router.load().catch(() => {}) : Promise.resolve();
void ready.then(() => {
  for (const tag of document.head.querySelectorAll('[data-prerendered]')) tag.remove();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
