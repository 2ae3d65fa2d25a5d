import { useRef } from 'react';
import { COUNT_UP_VISIBLE_RATIO } from '~/client/motion/easing.ts';
import { useInViewOnce } from '~/client/motion/use-in-view.ts';
import { AnimatedCounter } from './animated-counter.tsx';

export interface CounterItem {
  target: number;
  label: string;
  suffix?: string;
}

/** A row of count-ups that start together once 30% of the row is visible, staggered 200 ms per item. */
export function CounterGroup({ items, label }: { items: readonly CounterItem[]; label: string }) {
  const ref = useRef<HTMLDListElement>(null);
  const started = useInViewOnce(ref, COUNT_UP_VISIBLE_RATIO);
  return (
    <dl ref={ref} aria-label={label} className="grid gap-4 sm:grid-cols-3 sm:gap-6">
      {items.map((item, index) => (
        <AnimatedCounter key={item.label} index={index} started={started} {...item} />
      ))}
    </dl>
  );
}
