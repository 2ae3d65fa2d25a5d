import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format.ts';

const intl = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

describe('formatNumber', () => {
  it('groups thousands and fixes the decimals like en-US', () => {
    expect(formatNumber(2847)).toBe('2,847');
    expect(formatNumber(1234567.891, 1)).toBe('1,234,567.9');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(87.25, 1)).toBe(intl(87.25, 1));
    expect(formatNumber(0, 1)).toBe('0.0');
    expect(formatNumber(-2500)).toBe('-2,500');
    expect(formatNumber(-0.01, 1)).toBe('0.0');
  });

  it('agrees with Intl on the monitor range (whole kW, readings with one decimal)', () => {
    for (let kw = 0; kw <= 5000; kw += 7) expect(formatNumber(kw)).toBe(intl(kw, 0));
    for (let tenth = 0; tenth <= 1500; tenth += 3) expect(formatNumber(tenth / 10, 1)).toBe(intl(tenth / 10, 1));
  });
});
