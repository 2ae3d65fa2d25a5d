import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/** Shown only when a navigation takes longer than this: quick ones would just flicker. */
const SHOW_AFTER_MS = 150;

/**
 * A thin bar across the top of the window while the next page loads (its code, the data layer, its
 * data). Until then the previous page stays on screen, so without it a click on a slow network
 * would seem to do nothing.
 */
export function NavigationProgress() {
  const loading = useRouterState({ select: (s) => s.isLoading });
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [loading]);
  if (!loading || !shown) return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-[110] h-1 overflow-hidden bg-primary/20">
      <div className="atomix-progress h-full w-1/3 bg-primary" />
    </div>
  );
}
