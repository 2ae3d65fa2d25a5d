// Pure timing and easing rules of the count-up helper, number tween and progress bars (spec section 9).

export const COUNT_UP_BASE_MS = 2000;
export const COUNT_UP_STAGGER_MS = 200;
/** The count-up starts once this share of its container is visible. */
export const COUNT_UP_VISIBLE_RATIO = 0.3;
export const NUMBER_TWEEN_MS = 1000;
/** Progress bars fill this long after their section is half visible. */
export const PROGRESS_FILL_DELAY_MS = 500;
export const PROGRESS_VISIBLE_RATIO = 0.5;

/** Cubic ease-out: fast start, gentle landing. */
export function easeOutCubic(t: number): number {
  const p = clampUnit(t);
  return 1 - (1 - p) ** 3;
}

/** Cubic ease-in-out: slow start and end, symmetric around the midpoint. */
export function easeInOutCubic(t: number): number {
  const p = clampUnit(t);
  return p < 0.5 ? 4 * p ** 3 : 1 - (-2 * p + 2) ** 3 / 2;
}

export function clampUnit(t: number): number {
  if (Number.isNaN(t)) return 0;
  return Math.min(1, Math.max(0, t));
}

/** Duration of the count-up of the item at `index` in its group: 2000 ms plus 200 ms per index. */
export function countUpDuration(index: number): number {
  return COUNT_UP_BASE_MS + COUNT_UP_STAGGER_MS * Math.max(0, index);
}

/** Whole-number value shown `elapsedMs` after a count-up from 0 to `target` started. */
export function countUpValue(target: number, elapsedMs: number, index: number): number {
  return Math.round(target * easeOutCubic(elapsedMs / countUpDuration(index)));
}

/** Value of a tween from `from` to `to` after `elapsedMs` of `durationMs`, eased in and out. */
export function tweenValue(from: number, to: number, elapsedMs: number, durationMs = NUMBER_TWEEN_MS): number {
  if (durationMs <= 0) return to;
  return from + (to - from) * easeInOutCubic(elapsedMs / durationMs);
}

/** Width in percent of a bar showing `value` against `max`, capped to 0-100 (home counter: max 150). */
export function barPercent(value: number, max = 100): number {
  if (max <= 0) return 0;
  return Math.min(100, Math.max(0, (value / max) * 100));
}
