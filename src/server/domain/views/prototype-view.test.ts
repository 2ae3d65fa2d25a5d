// The seller's list in hand-written SQL (sellerPrototypes) must read exactly what Prisma would, and
// is answered from memory only while its version (seller_list_versions, ADR 0024) stands.
import { describe, expect, it } from 'vitest';
import { createSession, readSession } from '../../auth/session.ts';
import { openAnotherInstanceDatabase } from '../../test/database.ts';
import { createPrototype, createUser } from '../../test/factories.ts';
import { useTestDatabase } from '../../test/harness.ts';
import { prototypeSelect, sellerPrototypes, toPrototypeView } from './prototype-view.ts';

const t = useTestDatabase();

describe('sellerPrototypes', () => {
  it('is the seller’s own prototypes, newest first, in the shared view with open information requests, as Prisma reads them', async () => {
    const db = t.db.prisma;
    const seller = await createUser(db);
    const other = await createUser(db);
    const sameTime = new Date('2026-05-01T10:00:00.000Z');
    const plain = await createPrototype(db, seller.id, { createdAt: sameTime, powerOutput: null, efficiency: null });
    const quoted = await createPrototype(db, seller.id, {
      createdAt: sameTime,
      status: 'quoted',
      stage: 'negotiation',
      priority: 'high',
      atomixQuote: '48000.50',
      quoteNotes: 'Includes pilot costs',
      quotedAt: new Date('2026-05-02T09:30:00.123Z'),
      sellerResponse: 'declined',
      sellerResponseNote: 'Could you do 50,000?',
      sellerResponseAt: new Date('2026-05-03T08:00:00.000Z'),
      finalAmount: '0.10',
      notes: 'note',
      reviewerComments: 'promising',
      assignedTo: other.id,
    });
    const newest = await createPrototype(db, seller.id, { createdAt: new Date('2026-06-01T00:00:00.000Z') });
    await createPrototype(db, other.id);
    await db.infoRequest.createMany({
      data: [
        { prototypeId: quoted.id, question: 'Which alloy?' },
        { prototypeId: quoted.id, question: 'What load?' },
        { prototypeId: quoted.id, question: 'Answered', answer: 'Yes', answeredAt: new Date() },
        { prototypeId: plain.id, question: 'Answered', answer: 'Yes', answeredAt: new Date() },
      ],
    });

    const viaPrisma = await db.prototype.findMany({
      where: { sellerId: seller.id },
      select: { ...prototypeSelect, _count: { select: { infoRequests: { where: { answeredAt: null } } } } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    const expected = viaPrisma.map(({ _count, ...row }) => ({ ...toPrototypeView(row), openInfoRequests: _count.infoRequests }));
    const list = await sellerPrototypes(db, seller.id, null);
    expect(list).toEqual(expected);
    expect(list.map((p) => p.id)).toEqual([newest.id, quoted.id, plain.id]);
    expect(list[1]).toMatchObject({ atomixQuote: 48000.5, finalAmount: 0.1, openInfoRequests: 2, sellerResponse: 'declined' });
    expect(list[2]).toMatchObject({ atomixQuote: null, powerOutput: null, openInfoRequests: 0 });
    expect(await sellerPrototypes(db, (await createUser(db)).id, null)).toEqual([]);
  });
});

describe('seller list versions (triggers, ADR 0024)', () => {
  const versionOf = async (sellerId: string) =>
    (await t.db.prisma.sellerListVersion.findUnique({ where: { sellerId }, select: { version: true } }))?.version ?? null;

  /** Runs `change` and says whether the seller's version moved, and whether the bystander's did. */
  async function moves(sellerId: string, bystanderId: string, change: () => Promise<unknown>) {
    const [before, bystanderBefore] = [await versionOf(sellerId), await versionOf(bystanderId)];
    await change();
    expect(await versionOf(bystanderId)).toBe(bystanderBefore);
    return (await versionOf(sellerId)) !== before;
  }

  it('moves with every change the list shows, for that seller only, and never with what it does not show', async () => {
    const db = t.db.prisma;
    const seller = await createUser(db);
    const bystander = await createUser(db);
    await createPrototype(db, bystander.id);
    expect(await versionOf(seller.id)).toBeNull();

    const prototype = await createPrototype(db, seller.id);
    expect(await versionOf(seller.id)).not.toBeNull();
    expect(await moves(seller.id, bystander.id, () => db.prototype.update({ where: { id: prototype.id }, data: { prototypeName: 'Renamed' } }))).toBe(true);
    expect(await moves(seller.id, bystander.id, () => db.prototype.update({ where: { id: prototype.id }, data: { status: 'under_review' } }))).toBe(true);

    let request = { id: 0 };
    expect(
      await moves(seller.id, bystander.id, async () => {
        request = await db.infoRequest.create({ data: { prototypeId: prototype.id, question: 'Which alloy?' }, select: { id: true } });
      }),
    ).toBe(true);
    expect(await moves(seller.id, bystander.id, () => db.infoRequest.update({ where: { id: request.id }, data: { question: 'Which steel?' } }))).toBe(false);
    expect(
      await moves(seller.id, bystander.id, () => db.infoRequest.update({ where: { id: request.id }, data: { answer: 'Steel', answeredAt: new Date() } })),
    ).toBe(true);
    expect(await moves(seller.id, bystander.id, () => db.infoRequest.delete({ where: { id: request.id } }))).toBe(true);
    expect(await moves(seller.id, bystander.id, () => t.db.pool.query('UPDATE prototypes SET notes = $1 WHERE id = $2', ['by hand', prototype.id]))).toBe(true);

    // A change that rolls back gives no new version; one in a transaction gives it at the commit.
    expect(
      await moves(seller.id, bystander.id, () =>
        db
          .$transaction(async (tx) => {
            await tx.prototype.update({ where: { id: prototype.id }, data: { prototypeName: 'Never' } });
            throw new Error('rolled back');
          })
          .catch(() => {}),
      ),
    ).toBe(false);
    const beforeCommit = await versionOf(seller.id);
    await db.$transaction(async (tx) => {
      await tx.prototype.update({ where: { id: prototype.id }, data: { prototypeName: 'Committed' } });
      expect((await tx.sellerListVersion.findUnique({ where: { sellerId: seller.id } }))?.version).toBe(beforeCommit);
    });
    expect(await versionOf(seller.id)).not.toBe(beforeCommit);

    // A prototype never moves to another seller (the triggers rely on it).
    await expect(db.prototype.update({ where: { id: prototype.id }, data: { sellerId: bystander.id } })).rejects.toThrow(/stays with the seller/);
    expect(await moves(seller.id, bystander.id, () => db.prototype.delete({ where: { id: prototype.id } }))).toBe(true);

    // TRUNCATE fires no row trigger: every list moves.
    const bystanderBeforeTruncate = await versionOf(bystander.id);
    await t.db.pool.query('TRUNCATE prototypes CASCADE');
    expect(await versionOf(bystander.id)).not.toBe(bystanderBeforeTruncate);

    // A deleted user's version goes with them.
    await db.user.delete({ where: { id: bystander.id } });
    expect(await versionOf(bystander.id)).toBeNull();
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'takes the version row only at commit: two writers of one seller’s prototypes cannot deadlock on it',
    { tags: ['engine'] },
    async () => {
      const db = t.db.prisma;
      const seller = await createUser(db);
      const [a, b] = [await createPrototype(db, seller.id), await createPrototype(db, seller.id)];
      const before = await versionOf(seller.id);
      const [first, second] = [await t.db.pool.connect(), await t.db.pool.connect()];
      try {
        await first.query('BEGIN');
        await second.query('BEGIN');
        await first.query('UPDATE prototypes SET notes = $1 WHERE id = $2', ['first', a.id]);
        await second.query('UPDATE prototypes SET notes = $1 WHERE id = $2', ['second', b.id]);
        // Had each write taken the version row, `second`'s write above would already wait for `first`
        // to commit (the test hangs there); with `first` now waiting for `second`'s row, a deadlock.
        const firstWaits = first.query('UPDATE prototypes SET notes = $1 WHERE id = $2', ['first', b.id]);
        await second.query('COMMIT');
        await firstWaits;
        await first.query('COMMIT');
      } finally {
        first.release();
        second.release();
      }
      const rows = await db.prototype.findMany({ where: { sellerId: seller.id }, select: { notes: true }, orderBy: { id: 'asc' } });
      expect(rows.map((row) => row.notes)).toEqual(['first', 'first']);
      expect(await versionOf(seller.id)).not.toBe(before);
    },
  );
});

describe('sellerPrototypes from memory', () => {
  it('answers the list again while its version stands, and reads it afresh after any change, however made', async () => {
    const db = t.db.prisma;
    const seller = await createUser(db);
    const prototype = await createPrototype(db, seller.id);
    const { session } = await createSession(db, seller.id, 30);
    /** The version as every request reads it, in the session check, before the list. */
    const checked = async () => (await readSession(db, session.id))!.listVersion;

    const first = await sellerPrototypes(db, seller.id, await checked());
    expect(await sellerPrototypes(db, seller.id, await checked())).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);

    // Another instance, psql, anything: the triggers see every writer.
    await t.db.pool.query('UPDATE prototypes SET prototype_name = $1 WHERE id = $2', ['Changed behind the app', prototype.id]);
    const afterRename = await sellerPrototypes(db, seller.id, await checked());
    expect(afterRename).not.toBe(first);
    expect(afterRename[0]).toMatchObject({ prototypeName: 'Changed behind the app', openInfoRequests: 0 });

    await db.infoRequest.create({ data: { prototypeId: prototype.id, question: 'Which alloy?' } });
    expect((await sellerPrototypes(db, seller.id, await checked()))[0]).toMatchObject({ openInfoRequests: 1 });

    // Without a version (a caller that did not read one) the list is read every time.
    expect(await sellerPrototypes(db, seller.id, null)).not.toBe(await sellerPrototypes(db, seller.id, null));
    // A list held under one version is never answered for another.
    const current = await checked();
    const held = await sellerPrototypes(db, seller.id, current);
    expect(await sellerPrototypes(db, seller.id, `${current}0`)).not.toBe(held);
  });

  it('holds no list larger than its share of memory', async () => {
    const db = t.db.prisma;
    const seller = await createUser(db);
    // About 1.2 million characters of JSON, 4.8 MB as estimated: over an eighth of the 32 MB held.
    await db.prototype.createMany({
      data: Array.from({ length: 80 }, (_, i) => ({
        sellerId: seller.id,
        inventorName: 'Dr. Test Inventor',
        prototypeName: `Long ${i}`,
        energyType: 'solar' as const,
        description: 'x'.repeat(15_000),
      })),
    });
    const { session } = await createSession(db, seller.id, 30);
    const version = (await readSession(db, session.id))!.listVersion;
    const first = await sellerPrototypes(db, seller.id, version);
    expect(first).toHaveLength(80);
    expect(await sellerPrototypes(db, seller.id, version)).not.toBe(first);
  });

  it.runIf(!!process.env.DATABASE_URL)('sees a change committed on another instance at the next request', { tags: ['engine'] }, async () => {
    const other = (await openAnotherInstanceDatabase())!;
    try {
      const db = t.db.prisma;
      const seller = await createUser(db);
      const prototype = await createPrototype(db, seller.id);
      const { session } = await createSession(db, seller.id, 30);
      const checked = async () => (await readSession(db, session.id))!.listVersion;
      expect((await sellerPrototypes(db, seller.id, await checked()))[0]).toMatchObject({ status: 'submitted' });
      await other.prisma.prototype.update({ where: { id: prototype.id }, data: { status: 'under_review' } });
      expect((await sellerPrototypes(db, seller.id, await checked()))[0]).toMatchObject({ status: 'under_review' });
    } finally {
      await other.close();
    }
  });
});
