import { useEffect } from 'react';

/** Sets the page title and meta description for screens that are not routes' head() (e.g. the 404 page). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Atomix Energy`;
  }, [title]);
}
