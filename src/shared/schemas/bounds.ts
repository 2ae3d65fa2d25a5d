// Ids and dates bounded by their column types: a value no column can hold names nothing (a 400 or
// 404, never a database error). One schema per kind serves every input.
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (Prisma `Int`) column. */
export const INT4_MAX = 2_147_483_647;

/** Digits of a record id as sent in a path or query string; ten digits cover INT4_MAX. */
const ID_DIGITS = /^[0-9]{1,10}$/;

/** The record id `value` names (a whole number, or its digits as text), or null if none can exist. */
export function parseRecordId(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' && ID_DIGITS.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(id) && id >= 1 && id <= INT4_MAX ? id : null;
}

/** An id of an `Int` primary key: 1 to INT4_MAX, as a number or as digits (a REST path segment). */
export const recordId = (what: string) => {
  const message = `Invalid ${what} id`;
  return z.union([z.number(), z.string()], { errorMap: () => ({ message }) }).transform((value, ctx) => {
    const id = parseRecordId(value);
    if (id === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return id;
  });
};

/** The text a `@db.Uuid` column accepts, in its canonical hyphenated form. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/**
 * An id of a `@db.Uuid` column, in lower case as the database writes it: PostgreSQL reads
 * "ABC…" and "abc…" as the same id, so a rule that compares ids as text ("not your own") must
 * see them as the same text too.
 */
export const uuidId = (what: string) => {
  const message = `Invalid ${what} id`;
  return z
    .string({ errorMap: () => ({ message }) })
    .refine(isUuid, { message })
    .transform((id) => id.toLowerCase());
};

/**
 * Dates a `timestamptz` column stores and reads back as the same ISO text: years 1 to 9999
 * (PostgreSQL refuses years before 4713 BC, and JavaScript writes years past 9999 with a sign).
 */
const FIRST_STORABLE = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_STORABLE = Date.parse('9999-12-31T23:59:59.999Z');

export function isStorableDate(date: Date): boolean {
  const time = date.getTime();
  return time >= FIRST_STORABLE && time <= LAST_STORABLE;
}

/** A date from JSON (ISO text or epoch milliseconds), refused unless a column can store it. */
export const storableDate = (message = 'Invalid date') => z.coerce.date({ errorMap: () => ({ message }) }).refine(isStorableDate, { message });
