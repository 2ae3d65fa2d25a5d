// CSV export (RFC 4180), with spreadsheet formula injection neutralised; rows read a batch at a time.
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

type IdWhere = Record<string, unknown>;

/**
 * Every row matching `where` in id order, read 2,000 at a time up to `max`: each batch asks `find` for
 * the rows past the last id read.
 */
export async function batched<T extends { id: number }>(
  query: { where: IdWhere; order: 'asc' | 'desc'; max: number },
  find: (args: { where: IdWhere; orderBy: { id: 'asc' | 'desc' }; take: number }) => Promise<T[]>,
): Promise<T[]> {
  const { where, order, max } = query;
  const out: T[] = [];
  let lastId: number | undefined;
  while (out.length < max) {
    const take = Math.min(2000, max - out.length);
    const past = lastId === undefined ? where : { AND: [where, { id: order === 'asc' ? { gt: lastId } : { lt: lastId } }] };
    const batch = await find({ where: past, orderBy: { id: order }, take });
    out.push(...batch);
    if (batch.length < take) break;
    lastId = batch[batch.length - 1]!.id;
  }
  return out;
}
