// Denied-party screening (issue 32, point 5; ADR 0050): the Consolidated Screening List as imported
// by a compliance officer, users screened against it on normalized names, possible matches kept as
// hits for a person to decide, and the payout hold they put on. Screening never refuses registration.
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Prisma } from '~/generated/prisma/client.ts';
import type { HitDecision, HitStatus, ScreeningOccasion } from '~/shared/export-control.ts';
import { fullName } from '~/shared/format.ts';
import type { Db } from '../db/index.ts';
import { logActivity } from './activity-log.ts';
import { ConflictError, InvalidInputError, NotFoundError } from './errors.ts';
import type { ComplianceDeps } from './export-control.ts';
import { personName } from './views/person-name.ts';

type Tx = Prisma.TransactionClient;

export const HIT_NOT_FOUND = 'Screening hit not found';
export const HIT_ALREADY_DECIDED = 'This screening hit has already been decided';
export const PAYOUTS_ON_HOLD =
  'Payouts to this seller are on hold: their name possibly matches the denied-party screening list, and a compliance officer must review the match first';
export const PAYOUTS_BLOCKED = 'Payouts to this seller are blocked: a compliance officer confirmed a match on the denied-party screening list';
export const LIST_WITHOUT_NAME = 'The list has no "name" column: import the Consolidated Screening List CSV as published';
export const LIST_MALFORMED = 'The list is not valid CSV';
/** Entries of one import at most (the published list holds a few tens of thousands). */
export const LIST_MAX_ENTRIES = 200_000;

/** Letters no decomposition takes apart, written the way lists transliterate them. */
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * A name reduced to what a match compares: accents dropped (NFKD, then marks removed), case folded,
 * punctuation made a space, and the words sorted, so "Müller-Lüdenscheidt, Hans" and
 * "hans muller ludenscheidt" are one key. Null when no letter or digit is left.
 */
export function normalizeName(name: string): string | null {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => FOLDED[ch] ?? ch)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort();
  return words.length ? words.join(' ') : null;
}

interface ListEntry {
  name: string;
  altNames: string[];
  addresses: string;
  countries: string;
  source: string;
  nameKeys: string[];
}

/** The list's alternate names, as published: separated by semicolons. */
const splitNames = (value: string) =>
  value
    .split(';')
    .map((name) => name.trim())
    .filter(Boolean);

/** The CSV as published (a header row naming at least `name`); rows without a name are skipped. */
export function parseScreeningList(csv: string): ListEntry[] {
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((column) => column.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as Record<string, string>[];
  } catch (error) {
    throw new InvalidInputError(`${LIST_MALFORMED}: ${(error as Error).message}`.slice(0, 300));
  }
  const first = records[0];
  if (first && !('name' in first)) throw new InvalidInputError(LIST_WITHOUT_NAME);
  if (!first && !/(^|,)\s*"?name"?\s*(,|$)/im.test(csv.split(/\r?\n/, 1)[0] ?? '')) throw new InvalidInputError(LIST_WITHOUT_NAME);
  if (records.length > LIST_MAX_ENTRIES) throw new InvalidInputError(`The list has more than ${LIST_MAX_ENTRIES} entries`);
  const entries: ListEntry[] = [];
  for (const record of records) {
    const name = (record.name ?? '').trim();
    if (!name) continue;
    const altNames = splitNames(record.alt_names ?? '');
    const nameKeys = [...new Set([name, ...altNames].map(normalizeName).filter((key): key is string => key !== null))];
    if (nameKeys.length === 0) continue;
    entries.push({
      name,
      altNames,
      addresses: record.addresses ?? '',
      countries: record.countries ?? '',
      source: record.source ?? '',
      nameKeys,
    });
  }
  return entries;
}

/** Serialises imports: the one list in force is replaced whole. */
const LIST_LOCK = 'screening_list';

/**
 * POST /api/admin/screening-list: the entries of `csv` replace the list in force; the import (who,
 * when, how many, the file's SHA-256) is kept with the earlier ones.
 */
export async function importScreeningList(deps: ComplianceDeps, csv: string) {
  const { db, meta, actorId, now } = deps;
  const entries = parseScreeningList(csv);
  const sha256 = createHash('sha256').update(csv).digest('hex');
  const imported = await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${LIST_LOCK}, 0))`;
      const row = await tx.screeningListImport.create({
        data: { entryCount: entries.length, sha256, importedBy: actorId, importedAt: now },
        select: { id: true, entryCount: true, sha256: true },
      });
      await tx.screeningListEntry.deleteMany({ where: { importId: { not: row.id } } });
      for (let start = 0; start < entries.length; start += 2000) {
        await tx.screeningListEntry.createMany({ data: entries.slice(start, start + 2000).map((entry) => ({ ...entry, importId: row.id })) });
      }
      await logActivity(tx, meta, {
        userId: actorId,
        action: 'admin.compliance.screening_list',
        targetType: 'screening_list',
        targetId: row.id,
        details: { entries: entries.length, sha256 },
      });
      return row;
    },
    { timeout: 120_000 },
  );
  return { entries: imported.entryCount, importId: imported.id, sha256: imported.sha256 };
}

/** Every import, newest first (the history the replaced lists leave). */
export async function listImports(db: Db) {
  const rows = await db.screeningListImport.findMany({
    orderBy: { id: 'desc' },
    take: 100,
    select: { id: true, entryCount: true, sha256: true, importedAt: true, importer: { select: personName } },
  });
  return rows.map(({ importer, ...row }) => ({ ...row, importedByName: importer ? fullName(importer) : null }));
}

/** The names a user is screened on: their own and their business's. */
function screenedNames(user: { firstName: string | null; lastName: string | null; businessName: string | null }) {
  const names = [[user.firstName, user.lastName].filter(Boolean).join(' '), user.businessName ?? ''];
  const out: { name: string; key: string }[] = [];
  for (const name of names) {
    const key = normalizeName(name);
    if (key && !out.some((n) => n.key === key)) out.push({ name: name.trim(), key });
  }
  return out;
}

/**
 * Screens one user against the list in force; each possible match not seen before becomes an open
 * hit. A match already decided for this name and party raises nothing new (the unique key), so a
 * false positive stays decided. Returns how many new hits were raised.
 */
export async function screenUser(db: Pick<Tx, 'user' | 'screeningListEntry' | 'screeningHit'>, userId: string, occasion: ScreeningOccasion, now: Date) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { firstName: true, lastName: true, businessName: true } });
  if (!user) return 0;
  const names = screenedNames(user);
  if (names.length === 0) return 0;
  const matches = await db.screeningListEntry.findMany({
    where: { nameKeys: { hasSome: names.map((n) => n.key) } },
    select: { name: true, altNames: true, source: true, countries: true, nameKeys: true },
    take: 50,
  });
  const hits: Prisma.ScreeningHitCreateManyInput[] = [];
  for (const entry of matches) {
    const entryKey = `${entry.source}|${normalizeName(entry.name) ?? entry.name}`;
    for (const screened of names.filter((n) => entry.nameKeys.includes(n.key))) {
      const matchedName = [entry.name, ...entry.altNames].find((name) => normalizeName(name) === screened.key) ?? entry.name;
      hits.push({
        userId,
        screenedName: screened.name,
        nameKey: screened.key,
        entryKey,
        entryName: entry.name,
        matchedName,
        entrySource: entry.source,
        entryCountries: entry.countries,
        occasion,
        createdAt: now,
      });
    }
  }
  if (hits.length === 0) return 0;
  const { count } = await db.screeningHit.createMany({ data: hits, skipDuplicates: true });
  return count;
}

/** Why this user may not be paid now (an open or confirmed hit), or null. */
export async function payoutHold(db: Pick<Tx, 'screeningHit'>, userId: string): Promise<string | null> {
  const hits = await db.screeningHit.findMany({ where: { userId, status: { in: ['open', 'confirmed'] } }, select: { status: true } });
  if (hits.some((hit) => hit.status === 'confirmed')) return PAYOUTS_BLOCKED;
  return hits.length > 0 ? PAYOUTS_ON_HOLD : null;
}

/** Before each payout: the seller is screened again, and a hit not cleared refuses it (409). */
export async function assertPayable(db: Db, sellerId: string, now: Date) {
  await screenUser(db, sellerId, 'payout', now);
  const hold = await payoutHold(db, sellerId);
  if (hold) throw new ConflictError(hold);
}

const hitSelect = {
  id: true,
  userId: true,
  screenedName: true,
  entryName: true,
  matchedName: true,
  entrySource: true,
  entryCountries: true,
  occasion: true,
  status: true,
  note: true,
  decidedAt: true,
  createdAt: true,
  user: { select: { email: true, firstName: true, lastName: true, status: true } },
  decider: { select: personName },
} satisfies Prisma.ScreeningHitSelect;
type HitRow = Prisma.ScreeningHitGetPayload<{ select: typeof hitSelect }>;

function toHitView(row: HitRow) {
  const { user, decider, ...rest } = row;
  return {
    ...rest,
    occasion: row.occasion as ScreeningOccasion,
    status: row.status as HitStatus,
    userEmail: user.email,
    userName: fullName(user),
    userStatus: user.status,
    decidedByName: decider ? fullName(decider) : null,
  };
}
export type ScreeningHitView = ReturnType<typeof toHitView>;

/** GET /api/admin/screening/hits: oldest first (the queue), optionally by status; at most 500. */
export async function listHits(db: Db, status: HitStatus | undefined) {
  const rows = await db.screeningHit.findMany({
    where: status ? { status } : {},
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 500,
    select: hitSelect,
  });
  return rows.map(toHitView);
}

/**
 * PATCH /api/admin/screening/hits/{id}: `false_positive` lifts the hold this hit put on (others may
 * remain); `confirmed` restricts the account and keeps payouts blocked. An open hit only: of two
 * decisions at once one wins, the other hears 409.
 */
export async function decideHit(deps: ComplianceDeps, hitId: number, decision: HitDecision, note: string | null) {
  const { db, meta, actorId, now } = deps;
  return db.$transaction(async (tx) => {
    const hit = await tx.screeningHit.findUnique({ where: { id: hitId }, select: { id: true, userId: true } });
    if (!hit) throw new NotFoundError(HIT_NOT_FOUND);
    const { count } = await tx.screeningHit.updateMany({
      where: { id: hitId, status: 'open' },
      data: { status: decision, note, decidedBy: actorId, decidedAt: now },
    });
    if (count === 0) throw new ConflictError(HIT_ALREADY_DECIDED);
    if (decision === 'confirmed') {
      await tx.user.updateMany({ where: { id: hit.userId, status: 'active' }, data: { status: 'restricted', restrictedUntil: null } });
    }
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.compliance.hit_decided',
      targetType: 'user',
      targetId: hit.userId,
      details: { hitId, decision, note },
    });
    return toHitView(await tx.screeningHit.findUniqueOrThrow({ where: { id: hitId }, select: hitSelect }));
  });
}
