import { useCountUp } from '~/client/motion/use-count-up.ts';

/** One counter of a CounterGroup: counts to `target` once the group is in view. */
export function AnimatedCounter({
  target,
  label,
  suffix = '',
  index,
  started,
}: {
  target: number;
  label: string;
  suffix?: string;
  index: number;
  started: boolean;
}) {
  const value = useCountUp(target, index, started);
  return (
    <div className="flex flex-col items-center gap-2 rounded-box border border-base-300 bg-base-100/80 px-6 py-8 text-center shadow-sm backdrop-blur-sm">
      <dt className="order-2 text-sm font-medium uppercase tracking-wider text-base-content/70">{label}</dt>
      <dd className="order-1 text-5xl font-extrabold tracking-tight text-primary tabular-nums sm:text-6xl">
        {/* The final figure for assistive tech; the moving digits are for the eye. */}
        <span className="sr-only">
          {target}
          {suffix}
        </span>
        <span aria-hidden="true" data-testid="counter-value" data-target={target}>
          {value}
          {suffix}
        </span>
      </dd>
    </div>
  );
}
