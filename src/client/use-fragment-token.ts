// E-mailed links carry their token in the URL fragment (#token=...), which browsers never send to the
// server, so no request log can hold it.
import { useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated.ts';

/** Reads the token once from the fragment, then removes it from the address bar and history entry. */
export function useFragmentToken(): string | null | undefined {
  // Undefined (not known yet) until the page is live, as in the server's HTML.
  const hydrated = useHydrated();
  const [token] = useState(() => (typeof window === 'undefined' ? undefined : new URLSearchParams(window.location.hash.slice(1)).get('token')));
  useEffect(() => {
    if (window.location.hash) history.replaceState(history.state, '', window.location.pathname);
  }, []);
  return hydrated ? token : undefined;
}
