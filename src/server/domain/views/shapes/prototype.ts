// A prototype as it leaves the server: the seller's and the admin's shapes (prototype-view.ts derives its types).
import { DECLINE_CATEGORIES } from '~/shared/decline-reasons.ts';
import { z } from 'zod';
import { ENERGY_TYPES, LEVELS, PROTOTYPE_STATUSES, ROLES } from '~/shared/constants.ts';
import { PROTOTYPE_STAGES } from '~/shared/prototype-stages.ts';
import { PROTOTYPE_ACTION_NAMES, type PrototypeAction } from '~/shared/prototype-workflow.ts';
import { QUOTE_RESPONSES } from '~/shared/schemas/prototype.ts';
import { id, jsonValue, moneyText, timestamp, uuid } from './common.ts';

/** All a seller hears of export control (ADR 0050): answer the screening questions, or that screening is in progress. */
const sellerScreeningNotice = z.enum(['action_needed', 'in_progress']).nullable();

/** What the seller and the admins see of a prototype (the seller's own view: seller-visibility.ts, ADR 0037). */
const prototypeFields = {
  id,
  sellerId: uuid,
  prototypeName: z.string(),
  inventorName: z.string(),
  energyType: z.enum(ENERGY_TYPES),
  description: z.string(),
  status: z.enum(PROTOTYPE_STATUSES),
  stage: z.enum(PROTOTYPE_STAGES),
  priority: z.enum(LEVELS),
  powerOutput: z.number().int().nullable(),
  efficiency: z.number().int().nullable(),
  notes: z.string().nullable(),
  /** Prototype amounts are numbers (spec section 3). */
  atomixQuote: z.number().nullable(),
  quoteNotes: z.string().nullable(),
  quotedAt: timestamp.nullable(),
  sellerResponse: z.enum(QUOTE_RESPONSES).nullable(),
  sellerResponseNote: z.string().nullable(),
  sellerResponseAt: timestamp.nullable(),
  finalAmount: z.number().nullable(),
  reviewerComments: z.string().nullable(),
  completedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
};
export const prototype = z.strictObject(prototypeFields);
/** Left out for an admin until the prototype's confidential content opens to them (ADR 0045). */
const confidentialFields = {
  description: z.string().optional(),
  notes: z.string().nullable().optional(),
};
/** Where an admin stands with a prototype's confidential content (issue 31, point 2). */
export const dataRoomAccess = z.strictObject({
  termsAccepted: z.boolean(),
  attested: z.boolean(),
  /** Why it is closed and what to do; null when open. */
  denial: z.strictObject({ reason: z.string(), message: z.string() }).nullable(),
});
/** Admin ids the seller never sees: who quoted, who leads the review. */
const teamFields = {
  quoteProvideBy: uuid.nullable(),
  assignedTo: uuid.nullable(),
};

export const prototypeDocument = z.strictObject({
  id,
  prototypeId: id,
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int().nonnegative(),
  uploadedAt: timestamp,
  /** Admins read it only in the reader (the seller's choice). */
  viewOnly: z.boolean(),
  /** A PDF's page count once known (null before its first page is read, and for other types). */
  pageCount: z.number().int().positive().nullable(),
});
/** A timeline row. The seller sees the team as the team: performedBy null, a performer without a name (seller-visibility.ts). */
const timelineEvent = z.strictObject({
  id,
  event: z.string(),
  description: z.string().nullable(),
  eventDate: timestamp,
  performedBy: uuid.nullable(),
  metadata: jsonValue,
  performer: z.strictObject({ firstName: z.string().nullable(), role: z.enum(ROLES) }).nullable(),
});
/** One quote of the negotiation, newest first (who gave it stays internal). */
const sellerQuoteVersion = z.strictObject({
  id,
  amount: z.number(),
  notes: z.string().nullable(),
  quotedAt: timestamp,
  sellerResponse: z.enum(QUOTE_RESPONSES).nullable(),
  sellerResponseNote: z.string().nullable(),
  sellerResponseAt: timestamp.nullable(),
});
/** The final figures of an evaluation (the prototype's columns plus TRL); null where not recorded. */
export const finalScoreFields = {
  technicalFeasibility: z.number().int().nullable(),
  commercialViability: z.number().int().nullable(),
  riskLevel: z.enum(LEVELS),
  marketPotential: z.enum(LEVELS),
  trl: z.number().int().nullable(),
  estimatedValue: z.number().int().nullable(),
  investmentRequired: z.number().int().nullable(),
  timelineWeeks: z.number().int().nullable(),
};
/** A release's figures as stored then: any of them may be missing (null), the levels too. */
export const releasedScores = z.strictObject({ ...finalScoreFields, riskLevel: z.enum(LEVELS).nullable(), marketPotential: z.enum(LEVELS).nullable() });
/** What the seller sees of a released evaluation (issue 14): scores only when released with them. */
const releasedEvaluation = z.strictObject({
  summary: z.string(),
  strengths: z.string().nullable(),
  concerns: z.string().nullable(),
  scores: releasedScores.nullable(),
  releasedAt: timestamp,
});
const dueDate = z.strictObject({ dueAt: timestamp, metAt: timestamp.nullable() });
/** The review promise (src/shared/review-promise.ts): initial review and feedback due dates. */
export const dueDates = z.strictObject({ initialReview: dueDate, feedback: dueDate });
export const prototypeDetail = z.strictObject({
  ...prototypeFields,
  ...confidentialFields,
  documents: z.array(prototypeDocument),
  /** An admin's access to the confidential content; null for the seller, who is never gated. */
  access: dataRoomAccess.nullable(),
  timeline: z.array(timelineEvent),
  /** Unanswered information requests. */
  openInfoRequests: z.number().int().nonnegative(),
  exportScreening: sellerScreeningNotice,
  quoteVersions: z.array(sellerQuoteVersion),
  /** The latest released evaluation; null until one is released. */
  evaluation: releasedEvaluation.nullable(),
  /** The development milestone, shown once the prototype is in development (null before). */
  nextMilestone: z.string().nullable(),
  milestoneDate: timestamp.nullable(),
  dueDates,
  /** While rejected with a reason category (issue 33, point 6): the category in plain words and what the seller could do next. */
  declineReason: z.strictObject({ category: z.enum(DECLINE_CATEGORIES), label: z.string(), sellerText: z.string(), nextStep: z.string() }).nullable(),
});
/** A row of GET /api/seller/prototypes. */
export const sellerPrototype = z.strictObject({
  ...prototypeFields,
  openInfoRequests: z.number().int().nonnegative(),
  exportScreening: sellerScreeningNotice,
});

export const sellerSummary = z.strictObject({
  totalPrototypes: z.number().int().nonnegative(),
  activePrototypes: z.number().int().nonnegative(),
  quotedPrototypes: z.number().int().nonnegative(),
  revenue: moneyText,
});
export const pipelineEntry = z.strictObject({
  id,
  prototypeName: z.string(),
  energyType: z.enum(ENERGY_TYPES),
  status: z.enum(PROTOTYPE_STATUSES),
  stage: z.enum(PROTOTYPE_STAGES),
  createdAt: timestamp,
  updatedAt: timestamp,
  timeline: z.array(z.strictObject({ id, event: z.string(), description: z.string().nullable(), eventDate: timestamp, metadata: jsonValue })),
});

export const adminPrototype = z.strictObject({
  ...prototypeFields,
  ...confidentialFields,
  ...teamFields,
  sellerName: z.string().nullable(),
  sellerEmail: z.string(),
  assigneeName: z.string().nullable(),
  documents: z.array(prototypeDocument.omit({ prototypeId: true })),
  /** The workflow actions an admin may take now. */
  actions: z.array(z.enum(PROTOTYPE_ACTION_NAMES as [PrototypeAction, ...PrototypeAction[]])),
  access: dataRoomAccess,
});
/** A document as GET /api/admin/prototypes/{id} lists it (issue 31's contract). */
export const dataRoomDocument = z.strictObject({
  id,
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  /** Admins get only the page reader. */
  viewOnly: z.boolean(),
  /** Pages of a PDF, once counted; null otherwise. */
  pages: z.number().int().nonnegative().nullable(),
  uploadedAt: timestamp,
});
/** GET /api/admin/prototypes/{id}: the prototype as admins see it. */
export const adminPrototypeDetail = adminPrototype.omit({ documents: true }).extend({ documents: z.array(dataRoomDocument) });
/** The seller's data room panel: each admin who attested or whose access was withdrawn. */
export const sellerDataRoom = z.strictObject({
  admins: z.array(
    z.strictObject({
      adminId: uuid,
      /** As "Dana K.". */
      name: z.string(),
      attestedAt: timestamp.nullable(),
      termsVersion: z.number().int().nullable(),
      revokedAt: timestamp.nullable(),
    }),
  ),
});
/**
 * A row of GET /api/admin/prototypes: the admin prototype plus due dates and the final scores (all
 * null when the caller may not see them yet: a panel member before their own scorecard, ADR 0049).
 */
export const adminPrototypeListRow = adminPrototype.extend({
  dueDates,
  nextMilestone: z.string().nullable(),
  milestoneDate: timestamp.nullable(),
  /** A development milestone whose date has passed (in_development). */
  milestoneOverdue: z.boolean(),
  technicalFeasibility: z.number().int().nullable(),
  commercialViability: z.number().int().nullable(),
  trl: z.number().int().nullable(),
  riskLevel: z.enum(LEVELS).nullable(),
  marketPotential: z.enum(LEVELS).nullable(),
});
