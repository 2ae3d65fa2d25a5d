// CSV export (RFC 4180), with spreadsheet formula injection neutralised; rows read a batch at a time.
import type { Key } from './keyset.ts';

export type CsvCell = string | number | boolean | Date | null | undefined;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  // A text cell starting with = + - @ (or a tab / carriage return) would run as a formula in a spreadsheet;
  // a plain negative amount ("-900.00") is a number to it, not a formula, and stays as it is.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Reads every matching row in id order, a batch at a time, up to `max`. */
export async function batched<T extends { id: Key }>(fetch: (cursor: Key | undefined, take: number) => Promise<T[]>, max: number) {
  const out: T[] = [];
  let cursor: Key | undefined;
  while (out.length < max) {
    const take = Math.min(2000, max - out.length);
    const batch = await fetch(cursor, take);
    out.push(...batch);
    if (batch.length < take) break;
    cursor = batch[batch.length - 1]!.id;
  }
  return out;
}
