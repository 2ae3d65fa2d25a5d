// Reading `timestamptz` columns of the hand-written statements (sql.ts). pg's own reader runs three
// regular expressions and a parseFloat per value; the seller's list reads 40 dates per answer (ADR 0023).
import pg from 'pg';

const TIMESTAMPTZ_OID = 1184;

/** The digits at text[start, end) as a number, or NaN if any is not a digit. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * pg's reader, but never a silent null: a text it cannot read (another DateStyle) would make a
 * suspension's end look absent, so it fails the query instead. ±infinity stay pg's ±Infinity.
 */
function pgReader(text: string): Date {
  const value = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text')(text) as Date | number | null;
  if (value === null || (value instanceof Date && Number.isNaN(value.getTime()))) throw new Error(`Unreadable timestamptz: ${text.slice(0, 40)}`);
  return value as Date;
}

/**
 * PostgreSQL's text form of a timestamptz (DateStyle ISO), "2026-11-24 22:14:45.377+00" or with an
 * offset such as "+05:30" or, for old local mean times, "-04:56:02", read without regular
 * expressions; anything else (BC dates, infinity, years before 1000 or after 9999) goes to pg's own
 * reader. Fractions finer than a millisecond are cut, as pg's reader cuts them.
 */
export function parseTimestamptz(text: string): Date {
  const separators =
    text.charCodeAt(4) === 45 && text.charCodeAt(7) === 45 && text.charCodeAt(10) === 32 && text.charCodeAt(13) === 58 && text.charCodeAt(16) === 58;
  if (text.length < 22 || !separators) return pgReader(text);
  const year = digits(text, 0, 4);
  let i = 19;
  let ms = 0;
  if (text.charCodeAt(i) === 46 /* . */) {
    // Tenths, hundredths and thousandths count; finer digits are passed over.
    for (let unit = 100, digit = text.charCodeAt(++i) - 48; digit >= 0 && digit <= 9; unit /= 10, digit = text.charCodeAt(++i) - 48) {
      if (unit >= 1) ms += digit * unit;
    }
  }
  const sign = text.charCodeAt(i);
  if (sign !== 43 /* + */ && sign !== 45 /* - */) return pgReader(text);
  // ±HH, ±HH:MM or ±HH:MM:SS, and nothing after it.
  const offsetLength = text.length - i - 1;
  if (offsetLength !== 2 && offsetLength !== 5 && offsetLength !== 8) return pgReader(text);
  if ((offsetLength >= 5 && text.charCodeAt(i + 3) !== 58) || (offsetLength === 8 && text.charCodeAt(i + 6) !== 58)) return pgReader(text);
  const offsetSeconds =
    digits(text, i + 1, i + 3) * 3600 + (offsetLength >= 5 ? digits(text, i + 4, i + 6) * 60 : 0) + (offsetLength === 8 ? digits(text, i + 7, i + 9) : 0);
  const utc = Date.UTC(year, digits(text, 5, 7) - 1, digits(text, 8, 10), digits(text, 11, 13), digits(text, 14, 16), digits(text, 17, 19), ms);
  if (year < 1000 || Number.isNaN(utc) || Number.isNaN(offsetSeconds)) return pgReader(text);
  return new Date(utc - (sign === 43 ? 1 : -1) * offsetSeconds * 1000);
}

/** pg's column readers, with parseTimestamptz for timestamptz. */
export const columnTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    return oid === TIMESTAMPTZ_OID && format !== 'binary' ? parseTimestamptz : pg.types.getTypeParser(oid, format);
  },
};
