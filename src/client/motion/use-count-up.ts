import { useEffect, useState } from 'react';
import { countUpDuration, countUpValue } from './easing.ts';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

/**
 * Counts from 0 to `target` once `started` turns true: 2000 ms + 200 ms per `index`, cubic ease-out.
 * With reduced motion the target shows at once.
 */
export function useCountUp(target: number, index: number, started: boolean): number {
  const reduced = usePrefersReducedMotion();
  const [value, setValue] = useState(0);

  useEffect(() => {
    if (!started || reduced) return;
    let frame = 0;
    const start = performance.now();
    const duration = countUpDuration(index);
    const tick = (now: number) => {
      const elapsed = now - start;
      setValue(countUpValue(target, elapsed, index));
      if (elapsed < duration) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [started, reduced, target, index]);

  return reduced ? target : value;
}
