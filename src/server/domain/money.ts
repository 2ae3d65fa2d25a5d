// Money arithmetic: decimal only (Prisma's Decimal, i.e. decimal.js), rounded half-up to the cent.
import { Prisma } from '~/generated/prisma/client.ts';

export const Decimal = Prisma.Decimal;
export type Decimal = Prisma.Decimal;

export function toDecimal(value: string | number | Decimal): Decimal {
  return new Prisma.Decimal(value);
}

/** Rounded half-up to 2 decimals. */
export function roundCents(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
}

/** The platform's share of an amount and what the seller receives; the two always add up to the amount. */
export function splitPayout(amount: Decimal | string, feePercent: Decimal | string | number) {
  const total = roundCents(toDecimal(amount));
  const platformFee = roundCents(total.mul(toDecimal(feePercent)).div(100));
  return { amount: total, platformFee, sellerPayout: total.minus(platformFee) };
}

/** The exact sum of amounts (zero for none). */
export function sumOf(amounts: readonly Decimal[]): Decimal {
  return amounts.reduce((sum, amount) => sum.add(amount), new Prisma.Decimal(0));
}

/** "1234.50": the decimal string the API shows for transaction amounts. */
export function moneyString(value: Decimal): string;
export function moneyString(value: Decimal | null): string | null;
export function moneyString(value: Decimal | null): string | null {
  return value === null ? null : value.toFixed(2);
}

/**
 * Prototype amounts (atomixQuote, finalAmount) are numbers in the API (spec section 3). From Prisma's
 * Decimal, or from a decimal string as the pg driver reads it: the same number either way.
 */
export function moneyNumber(value: Decimal | string | null): number | null {
  if (value === null) return null;
  return typeof value === 'string' ? Number(value) : value.toNumber();
}

/** Integer cents, e.g. for a payment provider. */
export function toCents(value: Decimal): number {
  return roundCents(value).mul(100).toNumber();
}
