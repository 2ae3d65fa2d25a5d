// Money input: a positive amount with at most two decimals that fits Decimal(12,2).
import { z } from 'zod';

export const MONEY_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
/** Any decimal number ("12", "1.5", ".5", "-3", "2e3"). One way to match each text, so linear time. */
const NUMBER_SHAPE = /^-?(\d+(\.\d+)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Accepts a number (as the spec's client sends quotes) or a decimal string, and yields the exact
 * decimal string, so no float ever reaches the arithmetic.
 */
export const moneyAmount = z
  .union([z.number(), z.string().trim()], {
    errorMap: () => ({ message: 'Amount must be a number' }),
  })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value;
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
