// A prototype as it leaves the server: the seller's and the admin's shapes (prototype-view.ts derives its types).
import { DECLINE_CATEGORIES } from '~/shared/decline-reasons.ts';
import { z } from 'zod';
import { ENERGY_TYPES, LEVELS, PROTOTYPE_STATUSES, ROLES } from '~/shared/constants.ts';
import { PROTOTYPE_STAGES } from '~/shared/prototype-stages.ts';
import { PROTOTYPE_ACTION_NAMES, type PrototypeAction } from '~/shared/prototype-workflow.ts';
import { QUOTE_RESPONSES } from '~/shared/schemas/prototype.ts';
import { id, jsonValue, moneyText, timestamp, uuid } from './common.ts';

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
  documents: z.array(prototypeDocument),
  timeline: z.array(timelineEvent),
  /** Unanswered information requests. */
  openInfoRequests: z.number().int().nonnegative(),
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
export const sellerPrototype = z.strictObject({ ...prototypeFields, openInfoRequests: z.number().int().nonnegative() });

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
  ...teamFields,
  sellerName: z.string().nullable(),
  sellerEmail: z.string(),
  assigneeName: z.string().nullable(),
  documents: z.array(prototypeDocument.omit({ prototypeId: true })),
  /** The workflow actions an admin may take now. */
  actions: z.array(z.enum(PROTOTYPE_ACTION_NAMES as [PrototypeAction, ...PrototypeAction[]])),
});
/** A row of GET /api/admin/prototypes: the admin prototype plus due dates and the final scores. */
export const adminPrototypeListRow = adminPrototype.extend({
  dueDates,
  nextMilestone: z.string().nullable(),
  milestoneDate: timestamp.nullable(),
  /** A development milestone whose date has passed (in_development). */
  milestoneOverdue: z.boolean(),
  technicalFeasibility: z.number().int().nullable(),
  commercialViability: z.number().int().nullable(),
  trl: z.number().int().nullable(),
  riskLevel: z.enum(LEVELS),
  marketPotential: z.enum(LEVELS),
});
