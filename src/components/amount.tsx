// A money amount as a figure: never wraps inside the number, and shrinks to fit its box on a phone.
import { type DecimalLike, formatUsd } from '~/shared/format.ts';

/**
 * Place inside an element with the `@container` class: the font size is the smaller of `maxRem` and
 * what lets this many characters fill the container's width (tabular digits are about 0.6em wide).
 */
export function Amount({ value, maxRem, className }: { value: string | number | DecimalLike; maxRem: number; className?: string }) {
  const text = formatUsd(value);
  return (
    <span
      className={['whitespace-nowrap tabular-nums', className].filter(Boolean).join(' ')}
      style={{ fontSize: `min(${maxRem}rem, ${(100 / (0.62 * text.length)).toFixed(2)}cqi)` }}
    >
      {text}
    </span>
  );
}
