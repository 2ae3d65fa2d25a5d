// Export control of prototypes (issue 32, points 1-3; ADR 0050): the seller's screening answers, a
// compliance officer's classification with its history, and the one rule that computes a prototype's
// compliance state from them. Everything that asks "is this prototype on hold?" asks here.
import type { Prisma } from '~/generated/prisma/client.ts';
import {
  type ClassificationBasis,
  type ComplianceState,
  type Jurisdiction,
  type KnownClassification,
  SCREENING_TRIGGERS,
  type SellerScreeningNotice,
} from '~/shared/export-control.ts';
import type { ExportScreening } from '~/shared/schemas/export-control.ts';
import { fullName } from '~/shared/format.ts';
import type { Db } from '../db/index.ts';
import { logActivity } from './activity-log.ts';
import type { DomainDeps } from './deps.ts';
import type { ConfidentialAccessCheck, ConfidentialDenial } from './confidential-access.ts';
import { ConflictError, NotFoundError } from './errors.ts';
import { decideCapability } from './permissions.ts';
import { PROTOTYPE_NOT_FOUND } from './prototype-access.ts';
import { personName } from './views/person-name.ts';

type Tx = Prisma.TransactionClient;

export const ALREADY_SCREENED = 'The export screening of this prototype is already answered';
export const ON_COMPLIANCE_HOLD = 'This prototype is on export compliance hold: a compliance officer must classify it before reviewers are assigned';

/** The answers the state is computed from. */
const screeningAnswersSelect = {
  hydrogenIsotopeSeparation: true,
  tritium: true,
  enrichment: true,
  reactorComponents: true,
  militaryOrSpace: true,
  knownClassification: true,
} satisfies Prisma.PrototypeExportScreeningSelect;

/** What the state is computed from: the answers (null: unscreened) and the newest classification. */
export const complianceStateSelect = {
  exportScreening: { select: screeningAnswersSelect },
  exportClassifications: { orderBy: { id: 'desc' }, take: 1, select: { controlled: true } },
} satisfies Prisma.PrototypeSelect;
type StateRow = Prisma.PrototypeGetPayload<{ select: typeof complianceStateSelect }>;

/**
 * The rule (points 1-3): a classification on record decides (controlled or not); without one, no
 * answers is `unscreened`, any trigger answered yes or a known classification other than EAR99 is
 * `hold`, and "no" to everything with EAR99 is `not_controlled` on the seller's word.
 */
export function complianceState(row: StateRow): ComplianceState {
  const classification = row.exportClassifications[0];
  if (classification) return classification.controlled ? 'controlled' : 'not_controlled';
  const screening = row.exportScreening;
  if (!screening) return 'unscreened';
  const triggered = SCREENING_TRIGGERS.some((trigger) => screening[trigger]);
  return triggered || screening.knownClassification !== 'ear99' ? 'hold' : 'not_controlled';
}

/** Each of `prototypeIds`' state (a missing prototype is absent). One query for any number. */
export async function complianceStatesOf(db: Pick<Tx, 'prototype'>, prototypeIds: readonly number[]): Promise<Map<number, ComplianceState>> {
  const rows = await db.prototype.findMany({ where: { id: { in: [...prototypeIds] } }, select: { id: true, ...complianceStateSelect } });
  return new Map(rows.map((row) => [row.id, complianceState(row)]));
}

/** What the seller sees of it, and nothing else: a request to answer, or that screening is in progress. */
export function sellerScreeningNotice(state: ComplianceState): SellerScreeningNotice | null {
  if (state === 'unscreened') return 'action_needed';
  if (state === 'hold') return 'in_progress';
  return null;
}

/** The answers stored with a new prototype (submitPrototype's transaction). */
export async function recordScreening(tx: Tx, prototypeId: number, answeredBy: string, answers: ExportScreening, now: Date) {
  await tx.prototypeExportScreening.create({ data: { prototypeId, ...answers, answeredBy, answeredAt: now } });
}

export interface ScreeningDeps extends DomainDeps {
  sellerId: string;
  now: Date;
}

/**
 * PUT /api/seller/prototypes/{id}/export-screening: the seller answers for their own unscreened
 * prototype (another's is 404); answered already is 409, and of two answers at once one wins.
 */
export async function completeScreening(deps: ScreeningDeps, prototypeId: number, answers: ExportScreening) {
  const { db, meta, sellerId, now } = deps;
  return db.$transaction(async (tx) => {
    const prototype = await tx.prototype.findFirst({ where: { id: prototypeId, sellerId }, select: { id: true } });
    if (!prototype) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
    const { count } = await tx.prototypeExportScreening.createMany({
      data: [{ prototypeId, ...answers, answeredBy: sellerId, answeredAt: now }],
      skipDuplicates: true,
    });
    if (count === 0) throw new ConflictError(ALREADY_SCREENED);
    await logActivity(tx, meta, { userId: sellerId, action: 'prototype.export_screening', targetType: 'prototype', targetId: prototypeId });
    const row = await tx.prototype.findUniqueOrThrow({ where: { id: prototypeId }, select: complianceStateSelect });
    return { notice: sellerScreeningNotice(complianceState(row)) };
  });
}

/** Refuses (409) an action a held prototype may not have yet: assigning reviewers (point 2). */
export async function assertNotOnHold(db: Pick<Tx, 'prototype'>, prototypeId: number) {
  const row = await db.prototype.findUnique({ where: { id: prototypeId }, select: complianceStateSelect });
  if (row && complianceState(row) === 'hold') throw new ConflictError(ON_COMPLIANCE_HOLD);
}

const screeningSelect = {
  ...screeningAnswersSelect,
  eccn: true,
  answeredAt: true,
} satisfies Prisma.PrototypeExportScreeningSelect;

const classificationSelect = {
  id: true,
  jurisdiction: true,
  classification: true,
  controlled: true,
  basis: true,
  note: true,
  recordedAt: true,
  recordedBy: true,
  recorder: { select: personName },
} satisfies Prisma.ExportClassificationSelect;
type ClassificationRow = Prisma.ExportClassificationGetPayload<{ select: typeof classificationSelect }>;

function toClassificationView(row: ClassificationRow) {
  const { recorder, ...rest } = row;
  return {
    ...rest,
    jurisdiction: row.jurisdiction as Jurisdiction,
    basis: row.basis as ClassificationBasis,
    recordedByName: recorder ? fullName(recorder) : null,
  };
}

/** The screening answers and state any admin sees on the prototype's page. */
export async function screeningOf(db: Db, prototypeId: number) {
  const row = await db.prototype.findUnique({
    where: { id: prototypeId },
    select: { ...complianceStateSelect, exportScreening: { select: screeningSelect } },
  });
  if (!row) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
  return { state: complianceState(row), screening: toScreeningView(row.exportScreening) };
}

function toScreeningView(row: Prisma.PrototypeExportScreeningGetPayload<{ select: typeof screeningSelect }> | null) {
  return row ? { ...row, knownClassification: row.knownClassification as KnownClassification } : null;
}

/** GET /api/admin/prototypes/{id}/compliance: state, answers, the classification on record and its history (newest first). */
export async function complianceOf(db: Db, prototypeId: number) {
  const row = await db.prototype.findUnique({
    where: { id: prototypeId },
    select: {
      ...complianceStateSelect,
      exportScreening: { select: screeningSelect },
      exportClassifications: { orderBy: { id: 'desc' }, take: 200, select: classificationSelect },
    },
  });
  if (!row) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
  const history = row.exportClassifications.map(toClassificationView);
  return { state: complianceState(row), screening: toScreeningView(row.exportScreening), classification: history[0] ?? null, history };
}

/** A compliance officer's action: who acts and when. */
export interface ComplianceDeps extends DomainDeps {
  actorId: string;
  now: Date;
}

/**
 * PUT /api/admin/prototypes/{id}/export-classification: a new classification on record. Rows are
 * never changed, so the earlier ones stay as the history; the newest (highest id) decides.
 */
export async function classify(
  deps: ComplianceDeps,
  prototypeId: number,
  input: { jurisdiction: Jurisdiction; classification: string; controlled: boolean; basis: ClassificationBasis; note: string | null },
) {
  const { db, meta, actorId, now } = deps;
  await db.$transaction(async (tx) => {
    const prototype = await tx.prototype.findUnique({ where: { id: prototypeId }, select: { id: true } });
    if (!prototype) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
    const row = await tx.exportClassification.create({ data: { prototypeId, ...input, recordedBy: actorId, recordedAt: now }, select: { id: true } });
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.compliance.classify',
      targetType: 'prototype',
      targetId: prototypeId,
      details: { classificationId: row.id, ...input },
    });
  });
  return complianceOf(db, prototypeId);
}

export const EXPORT_HOLD_DENIAL =
  'This prototype is on export compliance hold: until a compliance officer classifies it, its confidential content and documents open only to people with the "compliance.manage" permission.';

/**
 * The data room's export rule for held items (point 2): until classified, a held prototype's
 * confidential content opens only to holders of compliance.manage. Once classified controlled, the
 * clearance rule decides (export-clearance.ts).
 */
export const exportHoldCheck: ConfidentialAccessCheck = async (facts, prototypeIds) => {
  const denials = new Map<number, ConfidentialDenial>();
  const states = await facts.complianceStates(prototypeIds);
  const held = prototypeIds.filter((id) => states.get(id) === 'hold');
  if (held.length === 0) return denials;
  const { allowed } = await decideCapability(facts.db, { id: facts.viewer.id, role: 'admin' }, 'compliance.manage', facts.now);
  if (!allowed) for (const id of held) denials.set(id, { reason: 'export_hold', message: EXPORT_HOLD_DENIAL });
  return denials;
};
