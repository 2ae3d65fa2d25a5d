import { describe, expect, it } from 'vitest';
import { NUMBER_TWEEN_MS, barPercent, countUpDuration, countUpValue, easeInOutCubic, easeOutCubic, tweenValue } from './easing.ts';

describe('easeOutCubic', () => {
  it('runs from 0 to 1 and clamps outside that range', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(-0.5)).toBe(0);
    expect(easeOutCubic(2)).toBe(1);
  });

  it('is the cubic ease-out 1 - (1 - t)^3', () => {
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875, 10);
    expect(easeOutCubic(0.25)).toBeCloseTo(1 - 0.75 ** 3, 10);
  });

  it('is ahead of linear time (decelerating) and never decreases', () => {
    let previous = 0;
    for (let t = 0.05; t < 1; t += 0.05) {
      const v = easeOutCubic(t);
      expect(v).toBeGreaterThan(t);
      expect(v).toBeGreaterThanOrEqual(previous);
      previous = v;
    }
  });
});

describe('easeInOutCubic', () => {
  it('runs from 0 to 1, is 0.5 at the midpoint and symmetric', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5, 10);
    expect(easeInOutCubic(0.2) + easeInOutCubic(0.8)).toBeCloseTo(1, 10);
  });

  it('starts slower and ends slower than linear', () => {
    expect(easeInOutCubic(0.25)).toBeCloseTo(0.0625, 10);
    expect(easeInOutCubic(0.25)).toBeLessThan(0.25);
    expect(easeInOutCubic(0.75)).toBeGreaterThan(0.75);
  });
});

describe('count-up timing', () => {
  it('lasts 2000 ms plus 200 ms per item index', () => {
    expect(countUpDuration(0)).toBe(2000);
    expect(countUpDuration(1)).toBe(2200);
    expect(countUpDuration(2)).toBe(2400);
  });

  it('starts at 0, reaches the target exactly at its duration and stays there', () => {
    expect(countUpValue(127, 0, 1)).toBe(0);
    expect(countUpValue(127, 1800, 1)).toBeLessThan(127);
    expect(countUpValue(127, 2200, 1)).toBe(127);
    expect(countUpValue(127, 10_000, 1)).toBe(127);
  });

  it('follows the cubic ease-out in whole numbers', () => {
    // Halfway through 2000 ms: 250 * 0.875 = 218.75
    expect(countUpValue(250, 1000, 0)).toBe(219);
    // Later items are slower: at 1000 ms the third item (2400 ms) is behind the first.
    expect(countUpValue(250, 1000, 2)).toBeLessThan(countUpValue(250, 1000, 0));
  });
});

describe('tweenValue', () => {
  it('defaults to 1000 ms', () => {
    expect(NUMBER_TWEEN_MS).toBe(1000);
    expect(tweenValue(2000, 3000, 1000)).toBe(3000);
    expect(tweenValue(2000, 3000, 500)).toBeCloseTo(2500, 10);
  });

  it('eases in and out between the two values, in both directions', () => {
    expect(tweenValue(2000, 3000, 0)).toBe(2000);
    expect(tweenValue(2000, 3000, 250)).toBeCloseTo(2062.5, 10);
    expect(tweenValue(3000, 2000, 250)).toBeCloseTo(2937.5, 10);
    expect(tweenValue(10, 20, 200, 400)).toBeCloseTo(15, 10);
  });

  it('jumps to the end for a zero duration', () => {
    expect(tweenValue(1, 9, 0, 0)).toBe(9);
  });
});

describe('barPercent', () => {
  it('scales the home projects bar against 150 and caps it at 100%', () => {
    expect(barPercent(75, 150)).toBe(50);
    expect(barPercent(127, 150)).toBeCloseTo(84.67, 2);
    expect(barPercent(150, 150)).toBe(100);
    expect(barPercent(300, 150)).toBe(100);
  });

  it('defaults to a maximum of 100 and never goes below 0', () => {
    expect(barPercent(80)).toBe(80);
    expect(barPercent(-4)).toBe(0);
    expect(barPercent(5, 0)).toBe(0);
  });
});
