import { type RefObject, useEffect, useState, useSyncExternalStore } from 'react';

const never = () => () => {};
/** Browsers all have IntersectionObserver; where one does not (old engines, test DOMs) everything counts as seen. */
const observerMissing = () => typeof IntersectionObserver === 'undefined';

/**
 * Becomes true the first time at least `ratio` of the element is visible, and stays true
 * (the count-ups and progress bars run once).
 */
export function useInViewOnce(ref: RefObject<Element | null>, ratio: number): boolean {
  const [seen, setSeen] = useState(false);
  // False while pre-rendering and hydrating, like `seen`, so the server's HTML matches.
  const unobservable = useSyncExternalStore(never, observerMissing, () => false);
  useEffect(() => {
    const element = ref.current;
    if (seen || unobservable || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= ratio)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: ratio },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, ratio, seen, unobservable]);
  return seen || unobservable;
}
