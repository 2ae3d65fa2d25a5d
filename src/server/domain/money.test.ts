import { describe, expect, it } from 'vitest';
import { AMBIGUOUS_GROUPING, moneyAmount, positiveMoneyAmount } from '~/shared/schemas/money.ts';
import { moneyNumber, moneyString, splitPayout, sumOf, toCents, toDecimal } from './money.ts';

describe('splitPayout', () => {
  it('takes the fee rounded half-up to the cent, and fee + payout = amount exactly', () => {
    const split = splitPayout('100.05', 10);
    expect(split.platformFee.toFixed(2)).toBe('10.01'); // 10.005 rounds up
    expect(split.sellerPayout.toFixed(2)).toBe('90.04');
    expect(split.platformFee.plus(split.sellerPayout).toFixed(2)).toBe('100.05');
  });
  it('has no float drift on amounts that break binary floats', () => {
    const split = splitPayout('0.30', 10);
    expect(split.platformFee.toFixed(2)).toBe('0.03');
    expect(split.sellerPayout.toFixed(2)).toBe('0.27');
    expect(splitPayout('9999999999.99', '12.5').sellerPayout.toFixed(2)).toBe('8749999999.99');
  });
  it('agrees with integer-cent arithmetic for every amount in a range and several fee rates', () => {
    // The fee as an integer model computes it: cents × rate / 100, rounded half-up, where the rate
    // is numerator / denominator; floor((2x + y) / 2y) is x / y rounded half-up for x, y ≥ 0.
    const rates: [string, bigint, bigint][] = [
      ['10', 10n, 1n],
      ['12.5', 125n, 10n],
      ['33.33', 3333n, 100n],
      ['0', 0n, 1n],
      ['100', 100n, 1n],
    ];
    const centsString = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
    const amounts = [...Array.from({ length: 715 }, (_, i) => BigInt(i * 7)), 999_999_999_999n, 123_456_789_005n];
    for (const [rate, numerator, denominator] of rates) {
      for (const cents of amounts) {
        const x = cents * numerator;
        const y = 100n * denominator;
        const fee = (2n * x + y) / (2n * y);
        const split = splitPayout(centsString(cents), rate);
        expect(split.platformFee.toFixed(2), `${centsString(cents)} at ${rate}%`).toBe(centsString(fee));
        expect(split.sellerPayout.toFixed(2), `${centsString(cents)} at ${rate}%`).toBe(centsString(cents - fee));
      }
    }
  });
});

describe('sumOf', () => {
  it('adds exactly, with no float drift, and is zero for no amounts', () => {
    expect(sumOf(['0.10', '0.20', '1234567890.01'].map(toDecimal)).toFixed(2)).toBe('1234567890.31');
    expect(sumOf([]).toFixed(2)).toBe('0.00');
  });
});

describe('money formats', () => {
  it('renders decimals as strings for transactions and numbers for quotes', () => {
    expect(moneyString(toDecimal('1500'))).toBe('1500.00');
    expect(moneyNumber(toDecimal('1500.50'))).toBe(1500.5);
    expect(moneyString(null)).toBeNull();
    expect(toCents(toDecimal('12.34'))).toBe(1234);
  });
});

describe('moneyAmount schema', () => {
  it('accepts numbers and decimal strings with up to 2 decimals', () => {
    expect(moneyAmount.parse(1500)).toBe('1500');
    expect(moneyAmount.parse(1234.56)).toBe('1234.56');
    expect(moneyAmount.parse(' 99.9 ')).toBe('99.9');
  });
  it('refuses negative, non-numeric and over-precise amounts', () => {
    expect(moneyAmount.safeParse(-1).error?.issues[0]?.message).toBe('Amount cannot be negative');
    expect(moneyAmount.safeParse('abc').error?.issues[0]?.message).toBe('Amount must be a number');
    expect(moneyAmount.safeParse(Number.NaN).success).toBe(false);
    expect(moneyAmount.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(moneyAmount.safeParse('1.234').success).toBe(false);
    expect(moneyAmount.safeParse(1e21).success).toBe(false);
    expect(moneyAmount.safeParse('12345678901').success).toBe(false);
    expect(moneyAmount.safeParse(null).success).toBe(false);
  });
  it('accepts a dollar sign and commas between groups of three digits, as the app writes amounts (issue 34)', () => {
    expect(moneyAmount.parse('199,500')).toBe('199500');
    expect(moneyAmount.parse('$199,500.00')).toBe('199500.00');
    expect(moneyAmount.parse(' $ 1,234,567.89 ')).toBe('1234567.89');
    expect(moneyAmount.parse('$250')).toBe('250');
    expect(moneyAmount.parse('1,000,000,000')).toBe('1000000000');
    expect(moneyAmount.safeParse('-$1,500').error?.issues[0]?.message).toBe('Amount cannot be negative');
    expect(moneyAmount.safeParse('$1,234.567').success).toBe(false);
    expect(moneyAmount.safeParse('12,345,678,901').success).toBe(false);
  });
  it('refuses a comma that could be a decimal comma or a misplaced separator', () => {
    for (const text of ['1,5', '1,50', '199,50', '1.234,56', '12,34,567', ',500', '500,', '1,,000', '1,000,00', '$,100', '1 ,000']) {
      expect(moneyAmount.safeParse(text).error?.issues[0]?.message, text).toBe(AMBIGUOUS_GROUPING);
    }
    expect(moneyAmount.safeParse('$').error?.issues[0]?.message).toBe('Amount must be a number');
    expect(moneyAmount.safeParse('$$5').error?.issues[0]?.message).toBe('Amount must be a number');
  });
  it('a quote must be above zero', () => {
    expect(positiveMoneyAmount.safeParse(0).success).toBe(false);
    expect(positiveMoneyAmount.parse('0.01')).toBe('0.01');
  });
});
