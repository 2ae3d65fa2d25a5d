// batched: every matching row once, in id order, up to the limit, across batches.
import { describe, expect, it } from 'vitest';
import { batched } from './csv.ts';

/** A table of ids 1..count answering `find` as Prisma would for `where: { AND: [{}, { id: { gt | lt } }] }`. */
function table(count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: i + 1 }));
  const calls: number[] = [];
  const find = async (args: { where: Record<string, unknown>; orderBy: { id: 'asc' | 'desc' }; take: number }) => {
    calls.push(args.take);
    const bound = (args.where.AND as [unknown, { id: { gt?: number; lt?: number } }] | undefined)?.[1].id;
    const ordered = args.orderBy.id === 'asc' ? rows : [...rows].reverse();
    return ordered.filter((row) => (bound?.gt === undefined || row.id > bound.gt) && (bound?.lt === undefined || row.id < bound.lt)).slice(0, args.take);
  };
  return { find, calls };
}

describe('batched', () => {
  it('reads past a batch of 2,000 in ascending id order, each row once', async () => {
    const { find, calls } = table(4500);
    const rows = await batched({ where: {}, order: 'asc', max: 10_000 }, find);
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 4500 }, (_, i) => i + 1));
    expect(calls).toEqual([2000, 2000, 2000]);
  });

  it('reads newest first and stops at max', async () => {
    const { find, calls } = table(4500);
    const rows = await batched({ where: {}, order: 'desc', max: 2500 }, find);
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 2500 }, (_, i) => 4500 - i));
    expect(calls).toEqual([2000, 500]);
  });
});
