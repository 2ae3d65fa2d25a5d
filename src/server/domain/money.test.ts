import { describe, expect, it } from 'vitest';
import { moneyAmount, positiveMoneyAmount } from '~/shared/schemas/money.ts';
import { moneyNumber, moneyString, splitPayout, toCents, toDecimal } from './money.ts';

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
  it('adds up for every cent amount in a range', () => {
    for (let cents = 0; cents < 5000; cents += 7) {
      const amount = (cents / 100).toFixed(2);
      const { platformFee, sellerPayout } = splitPayout(amount, 10);
      expect(platformFee.plus(sellerPayout).toFixed(2)).toBe(amount);
    }
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
  it('a quote must be above zero', () => {
    expect(positiveMoneyAmount.safeParse(0).success).toBe(false);
    expect(positiveMoneyAmount.parse('0.01')).toBe('0.01');
  });
});
