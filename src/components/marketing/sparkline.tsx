import { useId } from 'react';

/** A small area chart of recent values, scaled between `min` and `max`. Decorative. */
export function Sparkline({ values, min, max, className = '' }: { values: number[]; min: number; max: number; className?: string }) {
  const gradientId = useId();
  const width = 200;
  const height = 48;
  const span = max - min || 1;
  const points = values.map((v, i) => {
    const x = values.length > 1 ? (i / (values.length - 1)) * width : 0;
    const y = height - ((v - min) / span) * (height - 4) - 2;
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const line = `M${points.join(' L')}`;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="currentColor" stopOpacity="0.35" />
          <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
        </linearGradient>
      </defs>
      <path d={`${line} L${width},${height} L0,${height} Z`} fill={`url(#${gradientId})`} />
      <path d={line} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
