// What of a prototype's confidential content leaves the server for an admin (issue 31, point 2, ADR
// 0045): every admin view of prototypes and information requests passes through here. Until the
// gate (confidential-access.ts) opens, description, notes, documents, and answers with their
// documents are left out; names, figures, statuses and the workflow stay.
import type { Db } from '../../db/index.ts';
import { type ConfidentialDenial, type ConfidentialViewer, type DataRoomPolicy, confidentialDenials } from '../confidential-access.ts';
import { recordReleases } from '../export-clearance.ts';
import { type FactsViewer, type ViewerFacts, viewerFacts } from '../viewer-facts.ts';

/** Where the viewer stands with a prototype's confidential content (its `access` in the admin views). */
export interface DataRoomAccess {
  termsAccepted: boolean;
  attested: boolean;
  /** Why it stays closed and what to do; null when it is open. */
  denial: ConfidentialDenial | null;
}

const OPEN: DataRoomAccess = { termsAccepted: true, attested: true, denial: null };

export interface GateScope {
  db: Db;
  viewer: ConfidentialViewer;
  now: Date;
  policy: DataRoomPolicy;
  /** What the gate and the score mask read, once for the call. */
  facts: ViewerFacts;
}

/** The scope of one call: a new one per call, so that no fact outlives it. */
export function gateScopeFor(db: Db, viewer: FactsViewer, now: Date, policy: DataRoomPolicy): GateScope {
  return { db, viewer, now, policy, facts: viewerFacts(db, viewer, now) };
}

/** Each prototype's access for the viewer (a seller, who is never gated, gets it open). */
export async function dataRoomAccess(scope: GateScope, prototypeIds: readonly number[]): Promise<Map<number, DataRoomAccess>> {
  const { db, viewer, now, policy, facts } = scope;
  const ids = [...new Set(prototypeIds)];
  if (viewer.role !== 'admin') return new Map(ids.map((id) => [id, OPEN]));
  if (ids.length === 0) return new Map();
  const [denials, terms, attested, clearances] = await Promise.all([
    confidentialDenials(facts, ids, policy),
    facts.terms(),
    facts.attested(ids),
    facts.clearances(ids),
  ]);
  // A controlled item's fields sent, or withheld for want of clearance, is an export decision on record.
  await recordReleases(db, viewer.id, clearances, denials, { channel: 'fields' }, now);
  return new Map(ids.map((id) => [id, { termsAccepted: terms.accepted, attested: attested.has(id), denial: denials.get(id) ?? null }]));
}

type Confidential = { id: number; description?: string; notes?: string | null; documents: readonly unknown[] };
export type Gated<T extends Confidential> = Omit<T, 'description' | 'notes' | 'documents'> & {
  description?: string;
  notes?: string | null;
  documents: T['documents'];
  access: DataRoomAccess;
};

/** The view as the access allows: without description, notes and documents while it is closed. */
export function withAccess<T extends Confidential>(view: T, access: DataRoomAccess): Gated<T> {
  if (!access.denial) return { ...view, access };
  const { description: _description, notes: _notes, ...rest } = view;
  return { ...rest, documents: [] as unknown as T['documents'], access } as unknown as Gated<T>;
}

/** Admin views of prototypes, each with its access and its confidential fields only when open. */
export async function gatePrototypes<T extends Confidential>(scope: GateScope, views: readonly T[]): Promise<Gated<T>[]> {
  const access = await dataRoomAccess(
    scope,
    views.map((v) => v.id),
  );
  return views.map((v) => withAccess(v, access.get(v.id) ?? OPEN));
}

export async function gatePrototype<T extends Confidential>(scope: GateScope, view: T): Promise<Gated<T>> {
  const [gated] = await gatePrototypes(scope, [view]);
  return gated as Gated<T>;
}

type WithAnswer = { prototypeId: number; answer?: string | null; documents: readonly unknown[] };

/** Information requests: the answer and its documents only where the prototype is open to the viewer (answeredAt stays). */
export async function gateInfoRequests<T extends WithAnswer>(
  scope: GateScope,
  rows: readonly T[],
): Promise<(Omit<T, 'answer'> & { answer?: string | null })[]> {
  const access = await dataRoomAccess(
    scope,
    rows.map((r) => r.prototypeId),
  );
  return rows.map((row) => {
    if (!access.get(row.prototypeId)?.denial) return row;
    const { answer: _answer, ...rest } = row;
    return { ...rest, documents: [] as unknown as T['documents'] };
  });
}
