// What one answer reads about an admin and the prototypes it shows, each fact once. The data room's
// gate (confidential-access.ts), the score mask (score-visibility.ts) and the export record ask the
// same questions of the same rows: whether the viewer is in conflict with each seller, each item's
// export state and status, clearance, attestations and terms. DataLoader batches the questions of
// one tick into one query per fact and keeps each answer for the rest of the call. Each fact is read
// only when a rule asks: the score mask of a sort by a figure asks about thousands of prototypes, and
// reads no more than it needs. A list that reads its rows with the facts' select hands them over
// (`know`), and those facts are not read again (ADR 0056).
//
// One per procedure call (gateScope), never kept longer: a write after it would leave it stale.
import DataLoader from 'dataloader';
import type { Prisma } from '~/generated/prisma/client.ts';
import type { ComplianceState } from '~/shared/export-control.ts';
import type { Db } from '../db/index.ts';
import { attestedPrototypes } from './attestations.ts';
import type { ConfidentialViewer } from './confidential-access.ts';
import { hasAcceptedCurrentTerms } from './confidentiality-terms.ts';
import { type ConflictPerson, type ConflictReason, conflictPersonOf, conflictedPrototypes, sellerConflictSelect } from './conflicts-of-interest.ts';
import { type Clearance, clearancesOfControlled } from './export-clearance.ts';
import { complianceState, complianceStateSelect, complianceStatesOf } from './export-control.ts';
import { revokedPrototypes } from './data-room-revocations.ts';

/** A prototype's row as the facts read it: its status, and its seller as the conflict rule needs them. */
const prototypeFactsSelect = (viewerId: string) =>
  ({ id: true, status: true, updatedAt: true, ...sellerConflictSelect(viewerId) }) satisfies Prisma.PrototypeSelect;
export type PrototypeFacts = Prisma.PrototypeGetPayload<{ select: ReturnType<typeof prototypeFactsSelect> }>;

/** Whether the viewer is on a prototype's panel (lead, reviewer, or ever a member), and their own counting scorecard. */
const panelPlaceSelect = (viewerId: string) =>
  ({
    assignedTo: true,
    reviewers: { where: { reviewerId: viewerId }, select: { reviewerId: true } },
    panelMembers: { where: { adminId: viewerId }, select: { adminId: true } },
    scorecards: { where: { reviewerId: viewerId, conflictExcludedAt: null }, select: { id: true } },
  }) satisfies Prisma.PrototypeSelect;
type PanelPlaceRow = Prisma.PrototypeGetPayload<{ select: ReturnType<typeof panelPlaceSelect> }>;

/** The viewer's place on a prototype's panel; null when they are not on it. */
export interface PanelPlace {
  ownScorecardCounts: boolean;
}

function panelPlace(viewerId: string, row: PanelPlaceRow): PanelPlace | null {
  const onPanel = row.assignedTo === viewerId || row.reviewers.length > 0 || row.panelMembers.length > 0;
  return onPanel ? { ownScorecardCounts: row.scorecards.length > 0 } : null;
}

/** What the score mask asks of a prototype: its row's facts and the viewer's place on its panel. */
export const scoreMaskFactsSelect = (viewerId: string) =>
  ({ ...prototypeFactsSelect(viewerId), ...panelPlaceSelect(viewerId) }) satisfies Prisma.PrototypeSelect;

/** What the data room's gate asks besides: the export state, the viewer's attestation and withdrawn access. */
export const gateFactsSelect = (viewerId: string) =>
  ({
    ...scoreMaskFactsSelect(viewerId),
    ...complianceStateSelect,
    attestations: { where: { adminId: viewerId }, select: { prototypeId: true } },
    revocations: { where: { adminId: viewerId }, select: { prototypeId: true } },
  }) satisfies Prisma.PrototypeSelect;

type ScoreMaskFacts = Prisma.PrototypeGetPayload<{ select: ReturnType<typeof scoreMaskFactsSelect> }>;
type GateFacts = Prisma.PrototypeGetPayload<{ select: ReturnType<typeof gateFactsSelect> }>;
/** A row read with `scoreMaskFactsSelect` or `gateFactsSelect` (and the view's own columns). */
export type KnownFacts = ScoreMaskFacts & Partial<Omit<GateFacts, keyof ScoreMaskFacts>>;
type FactsOnly = 'exportScreening' | 'exportClassifications' | 'attestations' | 'revocations' | 'reviewers' | 'panelMembers' | 'scorecards';

/** A row read with the facts' select, without the relations only the facts wanted (its columns stay). */
export function withoutFactsOnly<Row extends KnownFacts>(row: Row): Omit<Row, FactsOnly> {
  const { exportScreening: _s, exportClassifications: _c, attestations: _a, revocations: _r, reviewers: _v, panelMembers: _p, scorecards: _k, ...rest } = row;
  return rest;
}

export interface ViewerFacts {
  readonly db: Db;
  readonly viewer: FactsViewer;
  readonly now: Date;
  /** Each prototype's row (absent: no such prototype). */
  prototypes(prototypeIds: readonly number[]): Promise<Map<number, PrototypeFacts>>;
  /** Why the viewer is in conflict with each prototype's seller (absent: no conflict). */
  conflicts(prototypeIds: readonly number[]): Promise<Map<number, ConflictReason[]>>;
  /** Each prototype's export state (absent: no such prototype). */
  complianceStates(prototypeIds: readonly number[]): Promise<Map<number, ComplianceState>>;
  /** The viewer's clearance for each of the prototypes classified controlled (the others are absent). */
  clearances(prototypeIds: readonly number[]): Promise<Map<number, Clearance>>;
  /** Which of the prototypes the viewer attested for. */
  attested(prototypeIds: readonly number[]): Promise<Set<number>>;
  /** Which of the prototypes the viewer's access was withdrawn from. */
  revoked(prototypeIds: readonly number[]): Promise<Set<number>>;
  /** The viewer's place on each prototype's panel (absent: not on it). */
  panelPlaces(prototypeIds: readonly number[]): Promise<Map<number, PanelPlace>>;
  /** The current terms' version, and whether the viewer accepted it. */
  terms(): Promise<{ version: number; accepted: boolean }>;
  /** Rows read with `scoreMaskFactsSelect` or `gateFactsSelect` for this viewer: what they tell is not read again. */
  know(rows: readonly KnownFacts[]): void;
}

type Loaded<V> = (ids: readonly number[]) => Promise<Map<number, V>>;
type PerPrototype<V> = Loaded<V> & {
  /** What a row read elsewhere tells of one prototype (undefined: nothing, as `read` answers by leaving it out). */
  prime(id: number, value: V | undefined): void;
};

/** A fact read for many prototypes at once and kept per prototype: `read` answers for those it knows. */
function perPrototype<V>(read: Loaded<V>): PerPrototype<V> {
  const loader = new DataLoader<number, { found: boolean; value?: V }>(async (ids) => {
    const found = await read(ids);
    return ids.map((id) => (found.has(id) ? { found: true, value: found.get(id) } : { found: false }));
  });
  const load: Loaded<V> = async (ids) => {
    // load() rejects when the read fails (loadMany would hand the error back as a value).
    const answers = await Promise.all(ids.map((id) => loader.load(id)));
    return new Map(ids.flatMap((id, i) => (answers[i]!.found ? [[id, answers[i]!.value as V] as const] : [])));
  };
  return Object.assign(load, {
    prime: (id: number, value: V | undefined) => void loader.prime(id, value === undefined ? { found: false } : { found: true, value }),
  });
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => (answer ??= read());
}

/**
 * The viewer, and, when the caller already read them in this request (the session's user), the
 * name, e-mail and organisation the conflict rule compares: then they are not read again.
 */
export type FactsViewer = ConfidentialViewer & Partial<ConflictPerson>;

function knownPerson(viewer: FactsViewer): ConflictPerson | null {
  const { id, email, organization, firstName, lastName } = viewer;
  return email !== undefined && organization !== undefined && firstName !== undefined && lastName !== undefined
    ? { id, email, organization, firstName, lastName }
    : null;
}

export function viewerFacts(db: Db, viewer: FactsViewer, now: Date): ViewerFacts {
  const prototypes = perPrototype(
    async (ids) =>
      new Map((await db.prototype.findMany({ where: { id: { in: [...ids] } }, select: prototypeFactsSelect(viewer.id) })).map((row) => [row.id, row] as const)),
  );
  const known = knownPerson(viewer);
  const person = once(() => (known ? Promise.resolve(known) : conflictPersonOf(db, viewer.id)));
  const complianceStates = perPrototype((ids) => complianceStatesOf(db, ids));
  const attested = perPrototype(async (ids) => new Map([...(await attestedPrototypes(db, viewer.id, ids))].map((id) => [id, true] as const)));
  const revoked = perPrototype(async (ids) => new Map([...(await revokedPrototypes(db, viewer.id, ids))].map((id) => [id, true] as const)));
  const panelPlaces = perPrototype(async (ids) => {
    // panelPlace's "on the panel" in the query, so that of thousands of ids only the few come back.
    const rows = await db.prototype.findMany({
      where: {
        id: { in: [...ids] },
        OR: [{ assignedTo: viewer.id }, { reviewers: { some: { reviewerId: viewer.id } } }, { panelMembers: { some: { adminId: viewer.id } } }],
      },
      select: { id: true, ...panelPlaceSelect(viewer.id) },
    });
    return new Map(rows.map((row) => [row.id, panelPlace(viewer.id, row)!] as const));
  });
  return {
    db,
    viewer,
    now,
    prototypes,
    conflicts: async (ids) => {
      const [admin, rows] = await Promise.all([person(), prototypes(ids)]);
      return conflictedPrototypes(admin, [...rows.values()]);
    },
    complianceStates,
    clearances: perPrototype(async (ids) => {
      const states = await complianceStates(ids);
      return clearancesOfControlled(
        db,
        viewer.id,
        ids.filter((id) => states.get(id) === 'controlled'),
        now,
      );
    }),
    attested: async (ids) => new Set((await attested(ids)).keys()),
    revoked: async (ids) => new Set((await revoked(ids)).keys()),
    panelPlaces,
    terms: once(() => hasAcceptedCurrentTerms(db, viewer.id)),
    know: (rows) => {
      for (const row of rows) {
        const { id, status, updatedAt, seller } = row;
        prototypes.prime(id, { id, status, updatedAt, seller });
        panelPlaces.prime(id, panelPlace(viewer.id, row) ?? undefined);
        const { exportScreening, exportClassifications, attestations, revocations } = row;
        if (exportScreening !== undefined && exportClassifications) complianceStates.prime(id, complianceState({ exportScreening, exportClassifications }));
        if (attestations) attested.prime(id, attestations.length > 0 ? true : undefined);
        if (revocations) revoked.prime(id, revocations.length > 0 ? true : undefined);
      }
    },
  };
}
