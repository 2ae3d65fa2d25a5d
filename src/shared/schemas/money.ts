// Money input: a positive amount with at most two decimals that fits Decimal(12,2), typed as people
// write it and as the app shows it ("199,500", "$199,500.00").
import { z } from 'zod';

export const MONEY_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
/** Any decimal number ("12", "1.5", ".5", "-3", "2e3"). One way to match each text, so linear time. */
const NUMBER_SHAPE = /^-?(\d+(\.\d+)?|\.\d+)(e[+-]?\d+)?$/i;

/** A leading dollar sign (after a minus, if any) and the spaces after it. */
const DOLLAR_SIGN = /^(-?)\$\s*/;
/** Commas only between groups of exactly three digits: "199,500", "1,234,567.89". */
const GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;
export const AMBIGUOUS_GROUPING = 'Use commas only between groups of three digits, e.g. 199,500.00';

/**
 * The amount as a plain decimal: "$199,500.00" is "199500.00". A comma anywhere but between groups
 * of three digits ("1,5", "1.234,56") could be a decimal comma, so it is refused (null) rather than
 * guessed.
 */
export function plainMoneyText(text: string): string | null {
  const unsigned = text.replace(DOLLAR_SIGN, '$1');
  if (!unsigned.includes(',')) return unsigned;
  return GROUPED.test(unsigned) ? unsigned.replaceAll(',', '') : null;
}

/**
 * Accepts a number (as the spec's client sends quotes) or a decimal string (with a dollar sign and
 * thousands commas, or without), and yields the exact plain decimal string, so no float ever
 * reaches the arithmetic.
 */
export const moneyAmount = z
  .union([z.number(), z.string().trim()], {
    errorMap: () => ({ message: 'Amount must be a number' }),
  })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : plainMoneyText(value);
    if (text === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: AMBIGUOUS_GROUPING });
      return z.NEVER;
    }
    if (!NUMBER_SHAPE.test(text)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Amount must be a number' });
      return z.NEVER;
    }
    if (text.startsWith('-')) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Amount cannot be negative' });
      return z.NEVER;
    }
    if (!MONEY_PATTERN.test(text)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: 'Amount must have at most 2 decimal places and at most 10 digits before the point',
      });
      return z.NEVER;
    }
    return text;
  });

/** A quote must be above zero: a quote of 0 means "no quote" on every screen (spec section 2). */
export const positiveMoneyAmount = moneyAmount.refine((v) => Number(v) > 0, { message: 'Amount must be greater than 0' });
