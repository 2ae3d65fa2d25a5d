import { useEffect, useRef, useState } from 'react';
import { PROGRESS_FILL_DELAY_MS, PROGRESS_VISIBLE_RATIO, barPercent } from '~/client/motion/easing.ts';
import { useInViewOnce } from '~/client/motion/use-in-view.ts';

export interface ProgressItem {
  label: string;
  value: number;
  max?: number;
}

/** Bars that fill 500 ms after half of the group is visible (spec section 9); default max 100. */
export function ProgressBars({ items }: { items: readonly ProgressItem[] }) {
  const ref = useRef<HTMLUListElement>(null);
  const inView = useInViewOnce(ref, PROGRESS_VISIBLE_RATIO);
  const [filled, setFilled] = useState(false);

  useEffect(() => {
    if (!inView) return;
    const timer = setTimeout(() => setFilled(true), PROGRESS_FILL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [inView]);

  return (
    <ul ref={ref} className="space-y-7">
      {items.map(({ label, value, max = 100 }) => {
        const percent = barPercent(value, max);
        return (
          <li key={label}>
            <div className="flex items-baseline justify-between gap-4">
              <span id={`progress-${slug(label)}`} className="font-semibold">
                {label}
              </span>
              <span className="text-lg font-bold tabular-nums text-primary">{Math.round(percent)}%</span>
            </div>
            <div
              role="progressbar"
              aria-labelledby={`progress-${slug(label)}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(percent)}
              className="mt-2.5 h-3 overflow-hidden rounded-full bg-base-300"
            >
              <div
                data-testid="progress-fill"
                className="h-full rounded-full bg-gradient-to-r from-primary to-secondary transition-[width] duration-[1500ms] ease-out"
                style={{ width: filled ? `${percent}%` : '0%' }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
