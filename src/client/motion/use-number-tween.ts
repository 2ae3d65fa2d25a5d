import { useEffect, useRef, useState } from 'react';
import { NUMBER_TWEEN_MS, tweenValue } from './easing.ts';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

/**
 * Glides from the value on screen to each new `value` over `durationMs` (default 1000 ms), eased in
 * and out. With reduced motion the new value shows at once.
 */
export function useNumberTween(value: number, durationMs = NUMBER_TWEEN_MS): number {
  const reduced = usePrefersReducedMotion();
  const [shown, setShown] = useState(value);
  const shownRef = useRef(value);
  // With reduced motion the value shows as it is; keep the state there too, so a later tween starts from it.
  if (reduced && shown !== value) setShown(value);

  useEffect(() => {
    if (reduced) {
      shownRef.current = value;
      return;
    }
    const from = shownRef.current;
    if (from === value) return;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const elapsed = now - start;
      const next = tweenValue(from, value, elapsed, durationMs);
      shownRef.current = next;
      setShown(next);
      if (elapsed < durationMs) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [value, durationMs, reduced]);

  return reduced ? value : shown;
}
