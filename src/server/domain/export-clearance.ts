// Cleared people (issue 32, point 4; ADR 0051): a controlled prototype's confidential content opens only
// to a person who is a U.S. person or holds a current authorization for that item. Compliance officers
// record each administrator's export status and the authorizations; every release of a controlled
// item's content and every refusal is written to export_releases with the person's status at that
// moment and the basis. The data room's gate (confidential-access.ts) asks `clearancesFor` here.
import type { Prisma } from '~/generated/prisma/client.ts';
import { AUTHORIZATION_EXPIRY_WARNING_DAYS, type ExportStatus, type RefusalReason, type ReleaseBasis, type ReleaseChannel } from '~/shared/export-control.ts';
import { type PersonName, fullName, isoDay } from '~/shared/format.ts';
import { addDays } from '~/shared/days.ts';
import type { Db } from '../db/index.ts';
import { logActivity } from './activity-log.ts';
import { toCsv } from './csv.ts';
import type { ConfidentialAccessCheck, ConfidentialDenial } from './confidential-access.ts';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from './errors.ts';
import { type ComplianceDeps, complianceStatesOf } from './export-control.ts';
import { USER_NOT_FOUND } from './manageable-users.ts';
import { PROTOTYPE_NOT_FOUND } from './prototype-access.ts';
import { personName } from './views/person-name.ts';
import { EXPIRY_IN_PAST, isAfter } from '~/shared/schemas/future-dates.ts';

type Reader = Pick<Prisma.TransactionClient, 'prototype' | 'user' | 'exportAuthorization'>;
type Writer = Pick<Prisma.TransactionClient, 'exportRelease'>;

export const AUTHORIZATION_NOT_FOUND = 'Authorization not found';
export const NOT_AN_ADMINISTRATOR = 'Export status and authorizations are recorded for administrators only';
export const NOT_YOUR_OWN = 'You cannot record your own export status or authorizations: another compliance officer must';

/** The person and their status when it was asked, as a release row keeps them. */
interface StatusSnapshot {
  email: string;
  status: ExportStatus;
  citizenships: string[];
}

/** Where a person stands with one controlled prototype. */
export type Clearance = StatusSnapshot &
  (
    | { cleared: true; basis: ReleaseBasis; authorizationId: number | null; reference: string | null }
    | { cleared: false; reason: RefusalReason; message: string }
  );

/** The refusal in words that name the reason and what would change it (403 on every path). */
export function notClearedMessage(reason: RefusalReason, expired?: { reference: string; expiresAt: Date }): string {
  const head = 'This prototype is export-controlled';
  if (reason === 'status_unknown')
    return `${head}, and your export status is not on record: its confidential content and documents open only to U.S. persons and to people a compliance officer has authorized for it.`;
  if (reason === 'authorization_expired' && expired)
    return `${head}: your authorization ${expired.reference} for it expired on ${isoDay(expired.expiresAt)}. A compliance officer must record a current one before its confidential content opens to you.`;
  return `${head}: as a foreign person you need an authorization for it, and none is on record. A compliance officer must record one before its confidential content opens to you.`;
}

/** The status on record (the newest row), or `unknown` when none was recorded. */
async function statusOf(db: Pick<Reader, 'user'>, userId: string): Promise<StatusSnapshot> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, exportStatuses: { orderBy: { id: 'desc' }, take: 1, select: { status: true, citizenships: true } } },
  });
  const email = user?.email ?? '';
  const current = user?.exportStatuses[0];
  return current ? { email, status: current.status as ExportStatus, citizenships: current.citizenships } : { email, status: 'unknown', citizenships: [] };
}

/**
 * For each of `prototypeIds` that is classified controlled, whether the person is cleared for it and
 * on what basis. Items that are not controlled are absent: nothing about export status decides them.
 */
export async function clearancesFor(db: Reader, userId: string, prototypeIds: readonly number[], now: Date) {
  const states = await complianceStatesOf(db, prototypeIds);
  return clearancesOfControlled(
    db,
    userId,
    prototypeIds.filter((id) => states.get(id) === 'controlled'),
    now,
  );
}

/** clearancesFor, for prototypes already known to be classified controlled. */
export async function clearancesOfControlled(db: Reader, userId: string, controlled: readonly number[], now: Date) {
  const clearances = new Map<number, Clearance>();
  if (controlled.length === 0) return clearances;
  const [snapshot, authorizations] = await Promise.all([
    statusOf(db, userId),
    db.exportAuthorization.findMany({
      where: { userId, prototypeId: { in: [...controlled] }, removedAt: null },
      orderBy: { expiresAt: 'desc' },
      select: { id: true, prototypeId: true, reference: true, expiresAt: true },
    }),
  ]);
  for (const prototypeId of controlled) {
    const mine = authorizations.filter((a) => a.prototypeId === prototypeId);
    const current = mine.find((a) => a.expiresAt > now);
    if (snapshot.status === 'us_person') {
      clearances.set(prototypeId, { ...snapshot, cleared: true, basis: 'us_person', authorizationId: null, reference: null });
    } else if (current) {
      clearances.set(prototypeId, { ...snapshot, cleared: true, basis: 'authorization', authorizationId: current.id, reference: current.reference });
    } else {
      // The latest-expiring one is first: the refusal names it.
      const expired = mine[0];
      const reason: RefusalReason = expired ? 'authorization_expired' : snapshot.status === 'unknown' ? 'status_unknown' : 'no_authorization';
      clearances.set(prototypeId, { ...snapshot, cleared: false, reason, message: notClearedMessage(reason, expired) });
    }
  }
  return clearances;
}

/** The data room's rule for controlled items (point 4): closed, with the reason named, to anyone not cleared. */
export const exportClearanceCheck: ConfidentialAccessCheck = async (facts, prototypeIds) => {
  const denials = new Map<number, ConfidentialDenial>();
  for (const [id, clearance] of await facts.clearances(prototypeIds))
    if (!clearance.cleared) denials.set(id, { reason: 'export_not_cleared', message: clearance.message });
  return denials;
};

/** What was opened or refused, for the release rows. */
export interface ReleaseTarget {
  channel: ReleaseChannel;
  documentId?: number | null;
  page?: number | null;
}

/**
 * Writes, for each controlled prototype in `clearances`, a release row when its content is being sent
 * (no denial) and a refusal row when the gate refused it for want of clearance. Other refusals (a
 * conflict, the terms) are not export decisions: the access record and the gate's message cover them.
 */
export async function recordReleases(
  db: Writer,
  userId: string,
  clearances: ReadonlyMap<number, Clearance>,
  denials: ReadonlyMap<number, ConfidentialDenial>,
  target: ReleaseTarget,
  now: Date,
) {
  const data: Prisma.ExportReleaseCreateManyInput[] = [];
  for (const [prototypeId, clearance] of clearances) {
    const denial = denials.get(prototypeId);
    const common = {
      at: now,
      prototypeId,
      userId,
      userEmail: clearance.email,
      channel: target.channel,
      status: clearance.status,
      citizenships: clearance.citizenships,
      documentId: target.documentId ?? null,
      page: target.page ?? null,
    };
    if (clearance.cleared && !denial)
      data.push({ ...common, outcome: 'released', basis: clearance.basis, authorizationId: clearance.authorizationId, reference: clearance.reference });
    else if (!clearance.cleared && denial?.reason === 'export_not_cleared') data.push({ ...common, outcome: 'refused', reason: clearance.reason });
  }
  if (data.length > 0) await db.exportRelease.createMany({ data });
}

/** The export decisions behind one answer: what `denials` (the gate's) left open or closed, recorded; each controlled item's clearance. */
export async function recordExportDecisions(
  db: Reader & Writer,
  userId: string,
  prototypeIds: readonly number[],
  denials: ReadonlyMap<number, ConfidentialDenial>,
  target: ReleaseTarget,
  now: Date,
) {
  const clearances = await clearancesFor(db, userId, prototypeIds, now);
  await recordReleases(db, userId, clearances, denials, target, now);
  return clearances;
}

// --- A compliance officer's records ----------------------------------------------------------------

const nameOf = (person: PersonName | null) => (person ? fullName(person) : null);

/** The person recorded must be an administrator, and not the officer recording (no one clears themselves). */
async function assertRecordable(db: Pick<Reader, 'user'>, userId: string, actorId: string) {
  if (userId.toLowerCase() === actorId.toLowerCase()) throw new ForbiddenError(NOT_YOUR_OWN);
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, role: true } });
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  // The row's id, as the database writes it, is the one compared: a uuid in other letters names the same person.
  if (user.id === actorId) throw new ForbiddenError(NOT_YOUR_OWN);
  if (user.role !== 'admin') throw new ConflictError(NOT_AN_ADMINISTRATOR);
}

/** GET /api/admin/users/{id}/export-status: the status on record, its history and the authorizations. */
export async function exportRecordOf(db: Db, userId: string, now: Date) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      role: true,
      exportStatuses: {
        orderBy: { id: 'desc' },
        take: 50,
        select: { status: true, citizenships: true, note: true, recordedAt: true, recorder: { select: personName } },
      },
      exportAuthorizations: {
        where: { removedAt: null },
        orderBy: [{ expiresAt: 'asc' }, { id: 'asc' }],
        take: 200,
        select: {
          id: true,
          prototypeId: true,
          reference: true,
          expiresAt: true,
          note: true,
          recordedAt: true,
          prototype: { select: { prototypeName: true } },
          recorder: { select: personName },
        },
      },
    },
  });
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  const history = user.exportStatuses.map(({ recorder, ...row }) => ({
    ...row,
    status: row.status as ExportStatus,
    recordedByName: nameOf(recorder),
  }));
  const current = history[0];
  return {
    userId: user.id,
    status: current?.status ?? ('unknown' as ExportStatus),
    citizenships: current?.citizenships ?? [],
    note: current?.note ?? null,
    recordedAt: current?.recordedAt ?? null,
    recordedByName: current?.recordedByName ?? null,
    history,
    authorizations: user.exportAuthorizations.map(({ prototype, recorder, ...row }) => ({
      ...row,
      prototypeName: prototype.prototypeName,
      recordedByName: nameOf(recorder),
      expired: row.expiresAt <= now,
    })),
  };
}

/** PUT /api/admin/users/{id}/export-status: a new status on record; the earlier ones stay as its history. */
export async function setExportStatus(deps: ComplianceDeps, userId: string, input: { status: ExportStatus; citizenships: string[]; note: string | null }) {
  const { db, meta, actorId, now } = deps;
  await db.$transaction(async (tx) => {
    await assertRecordable(tx, userId, actorId);
    await tx.userExportStatus.create({ data: { userId, ...input, recordedBy: actorId, recordedAt: now } });
    await logActivity(tx, meta, { userId: actorId, action: 'admin.compliance.export_status', targetType: 'user', targetId: userId, details: input });
  });
  return exportRecordOf(db, userId, now);
}

/** POST /api/admin/users/{id}/export-authorizations */
export async function addAuthorization(
  deps: ComplianceDeps,
  userId: string,
  input: { prototypeId: number; reference: string; expiresAt: Date; note: string | null },
) {
  const { db, meta, actorId, now } = deps;
  if (!isAfter(input.expiresAt, now)) throw new InvalidInputError(EXPIRY_IN_PAST);
  return db.$transaction(async (tx) => {
    await assertRecordable(tx, userId, actorId);
    const prototype = await tx.prototype.findUnique({ where: { id: input.prototypeId }, select: { prototypeName: true } });
    if (!prototype) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
    const row = await tx.exportAuthorization.create({
      data: { userId, ...input, recordedBy: actorId, recordedAt: now },
      select: { id: true, prototypeId: true, reference: true, expiresAt: true, note: true, recordedAt: true },
    });
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.compliance.authorize',
      targetType: 'user',
      targetId: userId,
      details: { authorizationId: row.id, prototypeId: input.prototypeId, reference: input.reference, expiresAt: input.expiresAt.toISOString() },
    });
    return { ...row, userId, prototypeName: prototype.prototypeName, expired: false };
  });
}

/** DELETE /api/admin/export-authorizations/{id}: it stops clearing at once; the record stays (removedAt). */
export async function removeAuthorization(deps: ComplianceDeps, id: number) {
  const { db, meta, actorId, now } = deps;
  await db.$transaction(async (tx) => {
    const { count } = await tx.exportAuthorization.updateMany({ where: { id, removedAt: null }, data: { removedAt: now, removedBy: actorId } });
    if (count === 0) throw new NotFoundError(AUTHORIZATION_NOT_FOUND);
    await logActivity(tx, meta, { userId: actorId, action: 'admin.compliance.authorization_removed', details: { authorizationId: id } });
  });
}

/** The dashboard's authorizations that end within AUTHORIZATION_EXPIRY_WARNING_DAYS (point 6). */
export async function expiringAuthorizations(db: Db, now: Date) {
  const until = addDays(now, AUTHORIZATION_EXPIRY_WARNING_DAYS);
  const rows = await db.exportAuthorization.findMany({
    where: { removedAt: null, expiresAt: { gt: now, lte: until } },
    orderBy: [{ expiresAt: 'asc' }, { id: 'asc' }],
    take: 200,
    select: {
      id: true,
      userId: true,
      prototypeId: true,
      reference: true,
      expiresAt: true,
      user: { select: personName },
      prototype: { select: { prototypeName: true } },
    },
  });
  return rows.map(({ user, prototype, ...row }) => ({ ...row, userName: nameOf(user) ?? '', prototypeName: prototype.prototypeName }));
}

/** Release reports list the newest rows first, this many at most. */
export const RELEASES_LIMIT = 1000;

/** GET /api/admin/compliance/releases?prototypeId=: every release and refusal, newest first. */
export async function releasesOf(db: Db, prototypeId: number | undefined) {
  if (prototypeId !== undefined) {
    const prototype = await db.prototype.findUnique({ where: { id: prototypeId }, select: { id: true } });
    if (!prototype) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
  }
  const rows = await db.exportRelease.findMany({
    where: prototypeId === undefined ? {} : { prototypeId },
    orderBy: { id: 'desc' },
    take: RELEASES_LIMIT,
  });
  return rows.map((row) => ({
    ...row,
    channel: row.channel as ReleaseChannel,
    outcome: row.outcome as 'released' | 'refused',
    status: row.status as ExportStatus,
    basis: row.basis as ReleaseBasis | null,
    reason: row.reason as RefusalReason | null,
  }));
}

export async function releasesCsv(db: Db, prototypeId: number | undefined) {
  const rows = await releasesOf(db, prototypeId);
  return toCsv(
    ['id', 'at', 'prototypeId', 'userId', 'userEmail', 'channel', 'outcome', 'status', 'citizenships', 'basis', 'reference', 'reason', 'documentId', 'page'],
    rows.map((r) => [
      r.id,
      r.at,
      r.prototypeId,
      r.userId,
      r.userEmail,
      r.channel,
      r.outcome,
      r.status,
      r.citizenships.join(' '),
      r.basis,
      r.reference,
      r.reason,
      r.documentId,
      r.page,
    ]),
  );
}
