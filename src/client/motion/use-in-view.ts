import { type RefObject, useEffect, useState } from 'react';

/**
 * Becomes true the first time at least `ratio` of the element is visible, and stays true
 * (the count-ups and progress bars run once).
 */
export function useInViewOnce(ref: RefObject<Element | null>, ratio: number): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
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
  }, [ref, ratio, seen]);
  return seen;
}
