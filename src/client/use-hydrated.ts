import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders the server's HTML (pre-rendered pages, until their code has hydrated
 * them), true once the page is live. Controls that would misbehave as plain HTML, such as a form's
 * submit button, stay disabled until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
