// The access record's chain: rows appended one at a time (also when many appends race) verify;
// changing any field of a row breaks the chain at that row, deleting one breaks it at the next.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/harness.ts';
import { GENESIS_HASH, appendAccessRecord, verifyAccessRecord } from './access-record.ts';

const t = useTestDatabase();
const at = new Date('2027-01-05T10:00:00.123Z');

async function appendRows(count: number) {
  for (let i = 0; i < count; i += 1) {
    await t.db.prisma.$transaction((tx) =>
      appendAccessRecord(tx, {
        at,
        kind: 'page_view',
        userId: null,
        prototypeId: 7,
        documentId: 3,
        page: i + 1,
        details: { copy: 'stamped', b: 1, a: [2, 1] },
      }),
    );
  }
  return t.db.prisma.accessRecord.findMany({ orderBy: { id: 'asc' } });
}

describe('access record', () => {
  it('an empty record and an untouched chain verify; each row names the hash of the row before it', async () => {
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: true, rows: 0 });
    const rows = await appendRows(3);
    expect(rows.map((r) => r.prevHash)).toEqual([GENESIS_HASH, rows[0]!.hash, rows[1]!.hash]);
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: true, rows: 3 });
  });

  it('a changed row breaks at that row; a deleted row breaks at its successor', async () => {
    const rows = await appendRows(4);
    await t.db.prisma.$executeRaw`UPDATE access_records SET page = 99 WHERE id = ${rows[1]!.id}`;
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: false, firstBrokenId: rows[1]!.id });
    await t.db.prisma.$executeRaw`UPDATE access_records SET page = 2 WHERE id = ${rows[1]!.id}`;
    await t.db.prisma.$executeRaw`UPDATE access_records SET details = '{"copy":"original"}' WHERE id = ${rows[3]!.id}`;
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: false, firstBrokenId: rows[3]!.id });
    await t.db.prisma.$executeRaw`UPDATE access_records SET details = ${JSON.stringify(rows[3]!.details)}::jsonb WHERE id = ${rows[3]!.id}`;
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: true, rows: 4 });
    await t.db.prisma.$executeRaw`DELETE FROM access_records WHERE id = ${rows[1]!.id}`;
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: false, firstBrokenId: rows[2]!.id });
  });

  it('deleting the last row, or every row, breaks at the id the record ended at; later appends do not heal it', async () => {
    const rows = await appendRows(3);
    expect(await t.db.prisma.accessRecordHead.findUniqueOrThrow({ where: { id: 1 } })).toEqual({
      id: 1,
      lastId: rows[2]!.id,
      lastHash: rows[2]!.hash,
      rows: 3,
    });
    await t.db.prisma.$executeRaw`DELETE FROM access_records WHERE id = ${rows[2]!.id}`;
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: false, firstBrokenId: rows[2]!.id });
    // The next row follows the head (the deleted row), so the gap stays visible.
    const [next] = (await appendRows(1)).slice(-1);
    expect(next!.prevHash).toBe(rows[2]!.hash);
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: false, firstBrokenId: next!.id });
    await t.db.prisma.$executeRaw`DELETE FROM access_records`;
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: false, firstBrokenId: next!.id });
  });

  it('a row slipped in after the head, or a removed head, shows', async () => {
    const rows = await appendRows(2);
    const forged = { at, kind: 'download', prevHash: 'f'.repeat(64), hash: 'e'.repeat(64) };
    const inserted = await t.db.prisma.accessRecord.create({ data: forged, select: { id: true } });
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: false, firstBrokenId: inserted.id });
    await t.db.prisma.accessRecord.delete({ where: { id: inserted.id } });
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: true, rows: 2 });
    await t.db.prisma.accessRecordHead.deleteMany();
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: false, firstBrokenId: rows[1]!.id });
  });

  // Engine-specific: on PostgreSQL the appends run on separate connections and take turns at the lock.
  it('30 appends at once form one chain', { tags: ['engine'] }, async () => {
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.db.prisma.$transaction((tx) => appendAccessRecord(tx, { at, kind: 'download', userId: null, documentId: i }))),
    );
    expect(await verifyAccessRecord(t.db.prisma)).toEqual({ ok: true, rows: 30 });
    expect((await t.db.prisma.accessRecordHead.findUniqueOrThrow({ where: { id: 1 } })).rows).toBe(30);
  });
});
