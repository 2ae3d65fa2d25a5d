// What the REST paths answer, as JSON (dates as ISO strings): the response half of the OpenAPI
// contract (rest/openapi.ts). Objects are strict, so a field added to a procedure's result fails
// the REST tests until it is documented here (test/harness.ts checks every response).
import { z } from 'zod';
import { ENERGY_TYPES, LEVELS, PAYOUT_STATUSES, PROTOTYPE_STATUSES, ROLES, USER_STATUSES, CONTACT_SUBJECTS } from '~/shared/constants.ts';
import { QUOTE_RESPONSES } from '~/shared/schemas/prototype.ts';
import { MANUAL_PAYOUT_METHODS } from '~/shared/schemas/payouts.ts';
import { PROTOTYPE_ACTION_NAMES } from '~/shared/prototype-workflow.ts';
import {
  APPEAL_OUTCOMES,
  MEASURE_TYPES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  WARNING_SEVERITIES,
} from '~/shared/moderation.ts';

import { CAPABILITIES } from '~/shared/capabilities.ts';
import { LEDGER_TYPE_NAMES } from '~/shared/ledger.ts';

/** The prototype stages of the data model (prisma/schema.prisma, enum PrototypeStage). */

import { PROTOTYPE_STAGES } from '~/shared/prototype-stages.ts';

const timestamp = z.string().datetime({ offset: true });
const uuid = z.string().uuid();
const id = z.number().int().positive();
/** Transaction amounts: exact decimal strings with two places ("1234.50"). */
const moneyText = z.string().regex(/^-?\d+\.\d{2}$/);
/** JSON metadata of a timeline event, as it was recorded. */
const jsonValue = z.unknown();

export const errorBody = z.strictObject({ message: z.string() });
export const successBody = z.strictObject({ success: z.literal(true) });

// --- Auth ------------------------------------------------------------------------------------------
export const currentUser = z.strictObject({
  id: uuid,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.enum(ROLES),
  isVerified: z.boolean(),
  /** Effective status: a restriction whose time has passed reads "active". */
  status: z.enum(USER_STATUSES),
  banReason: z.string().nullable(),
  restrictedUntil: timestamp.nullable(),
  /** A running suspension's end (null: not suspended). */
  suspendedUntil: timestamp.nullable(),
  adminNotes: z.string().nullable(),
  emailNotifications: z.boolean(),
  /** When two-factor sign-in was turned on (null: off). */
  twoFactorEnabledAt: timestamp.nullable(),
  /** An admin held back until they turn on two-factor sign-in (ADMIN_REQUIRE_2FA). */
  twoFactorSetupRequired: z.boolean(),
  createdAt: timestamp,
});
export const userEnvelope = z.strictObject({ user: currentUser });
/** The password was right; the account needs its second factor (POST /api/login/2fa). */
export const twoFactorRequired = z.strictObject({ twoFactorRequired: z.literal(true) });

// --- Public site -----------------------------------------------------------------------------------
export const contactCreated = z.strictObject({
  id,
  name: z.string(),
  email: z.string(),
  subject: z.enum(CONTACT_SUBJECTS),
  message: z.string(),
  createdAt: timestamp,
});
export const portfolio = z.strictObject({
  total: z.number().int().nonnegative(),
  byEnergyType: z.array(z.strictObject({ energyType: z.string(), count: z.number().int().positive() })),
  byStage: z.array(z.strictObject({ stage: z.enum(PROTOTYPE_STAGES), count: z.number().int().positive() })),
});

// --- Prototypes ------------------------------------------------------------------------------------
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
  quoteProvideBy: uuid.nullable(),
  quotedAt: timestamp.nullable(),
  sellerResponse: z.enum(QUOTE_RESPONSES).nullable(),
  sellerResponseNote: z.string().nullable(),
  sellerResponseAt: timestamp.nullable(),
  finalAmount: z.number().nullable(),
  reviewerComments: z.string().nullable(),
  assignedTo: uuid.nullable(),
  completedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
};
export const prototype = z.strictObject(prototypeFields);

export const prototypeDocument = z.strictObject({
  id,
  prototypeId: id,
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int().nonnegative(),
  uploadedAt: timestamp,
});
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
const finalScoreFields = {
  technicalFeasibility: z.number().int().nullable(),
  commercialViability: z.number().int().nullable(),
  riskLevel: z.enum(LEVELS),
  marketPotential: z.enum(LEVELS),
  trl: z.number().int().nullable(),
  estimatedValue: z.number().int().nullable(),
  investmentRequired: z.number().int().nullable(),
  timelineWeeks: z.number().int().nullable(),
};
/** What the seller sees of a released evaluation (issue 14): scores only when released with them. */
const releasedEvaluation = z.strictObject({
  summary: z.string(),
  strengths: z.string().nullable(),
  concerns: z.string().nullable(),
  scores: z.strictObject(finalScoreFields).nullable(),
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
});
/** A row of GET /api/seller/prototypes. */
export const sellerPrototype = z.strictObject({ ...prototypeFields, openInfoRequests: z.number().int().nonnegative() });

export const sellerTransaction = z.strictObject({
  id,
  prototypeId: id,
  amount: moneyText,
  platformFee: moneyText,
  sellerPayout: moneyText,
  status: z.enum(PAYOUT_STATUSES),
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
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

// --- Admin -----------------------------------------------------------------------------------------
export const adminPrototype = z.strictObject({
  ...prototypeFields,
  sellerName: z.string().nullable(),
  sellerEmail: z.string(),
  assigneeName: z.string().nullable(),
  documents: z.array(prototypeDocument.omit({ prototypeId: true })),
  /** The workflow actions an admin may take now. */
  actions: z.array(z.enum(PROTOTYPE_ACTION_NAMES as [string, ...string[]])),
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
export const adminUser = currentUser.omit({ emailNotifications: true, twoFactorSetupRequired: true });
export const adminMessage = z.strictObject({
  id,
  subject: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: timestamp,
  messageType: z.enum(['admin_to_user', 'user_to_admin']),
  parentMessageId: id.nullable(),
});

// --- Messages --------------------------------------------------------------------------------------
export const messageView = adminMessage.extend({
  aboutPrototype: z.strictObject({ id, prototypeName: z.string() }).nullable(),
  /** "You", the sender's name, or the team's name. */
  from: z.string(),
  /** Whether the caller sent it. */
  mine: z.boolean(),
});

// --- Payouts ---------------------------------------------------------------------------------------
const payoutMethod = z.enum(['stripe', ...MANUAL_PAYOUT_METHODS]);
export const payoutAccount = z.strictObject({
  mode: z.enum(['stripe', 'manual']),
  connected: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
});
export const payoutAccountState = payoutAccount.omit({ mode: true });
export const onboardingLink = z.strictObject({ url: z.string().url() });
export const sellerPayouts = z.strictObject({
  items: z.array(
    z.strictObject({
      id,
      prototypeId: id,
      amount: moneyText,
      platformFee: moneyText,
      sellerPayout: moneyText,
      status: z.enum(PAYOUT_STATUSES),
      payoutMethod: payoutMethod.nullable(),
      createdAt: timestamp,
      completedAt: timestamp.nullable(),
      prototypeName: z.string(),
      /** The Stripe transfer id or the reference an admin recorded. */
      reference: z.string().nullable(),
    }),
  ),
  paidOut: moneyText,
  owed: moneyText,
});
export const adminPayout = z.strictObject({
  id,
  prototypeId: id,
  amount: moneyText,
  platformFee: moneyText,
  sellerPayout: moneyText,
  status: z.enum(PAYOUT_STATUSES),
  payoutMethod: payoutMethod.nullable(),
  payoutReference: z.string().nullable(),
  stripeTransferId: z.string().nullable(),
  failureReason: z.string().nullable(),
  payoutAttempt: z.number().int().nonnegative(),
  createdAt: timestamp,
  updatedAt: timestamp,
  completedAt: timestamp.nullable(),
  prototypeName: z.string(),
  seller: z.strictObject({
    id: uuid,
    name: z.string(),
    email: z.string(),
    payoutAccountConnected: z.boolean(),
    payoutsEnabled: z.boolean(),
  }),
  processedBy: z.string().nullable(),
});
export const payoutTotals = z.array(
  z.strictObject({
    status: z.enum(PAYOUT_STATUSES),
    count: z.number().int().nonnegative(),
    amount: moneyText,
    platformFee: moneyText,
    sellerPayout: moneyText,
  }),
);
export const stripePayoutResult = z.strictObject({
  outcome: z.discriminatedUnion('status', [
    z.strictObject({ status: z.literal('completed'), transferId: z.string() }),
    z.strictObject({ status: z.literal('failed'), reason: z.string() }),
    z.strictObject({ status: z.literal('processing'), reason: z.string() }),
  ]),
  transaction: adminPayout,
});
export const manualPayoutResult = z.strictObject({ transaction: adminPayout });
export const stripeWebhookResult = z.strictObject({
  received: z.literal(true),
  result: z.enum(['processed', 'duplicate', 'ignored']),
});

// --- Information requests and document access (issue 14) -----------------------------------------
export const infoRequest = z.strictObject({
  id,
  prototypeId: id,
  prototypeName: z.string(),
  question: z.string(),
  wantsDocuments: z.boolean(),
  /** Who asked, as "Dana K.". */
  askedBy: z.string().nullable(),
  createdAt: timestamp,
  /** Null while the request is open. */
  answer: z.string().nullable(),
  answeredAt: timestamp.nullable(),
  /** Documents the seller sent with the answer. */
  documents: z.array(prototypeDocument),
});
export const adminInfoRequest = infoRequest.extend({ askedByName: z.string().nullable(), sellerName: z.string() });
export const openInfoRequests = z.strictObject({ total: z.number().int().nonnegative(), items: z.array(adminInfoRequest) });
export const documentAccess = z.strictObject({
  documentId: id,
  fileName: z.string(),
  openedAt: timestamp,
  /** First name and last initial ("Dana K."). */
  openedBy: z.string(),
});
// --- Evaluation workbench (issue 14) ---------------------------------------------------------------
const spread = z.strictObject({ mean: z.number(), min: z.number(), max: z.number(), stdDev: z.number() });
const scorecard = z.strictObject({
  id,
  reviewerId: uuid,
  reviewerName: z.string(),
  /** No longer a reviewer of the prototype; the scorecard is kept. */
  formerReviewer: z.boolean(),
  technicalFeasibility: z.number().int(),
  commercialViability: z.number().int(),
  riskLevel: z.enum(LEVELS),
  marketPotential: z.enum(LEVELS),
  trl: z.number().int(),
  estimatedValue: z.number().int(),
  investmentRequired: z.number().int(),
  timelineWeeks: z.number().int(),
  confidence: z.enum(LEVELS),
  strengths: z.string(),
  concerns: z.string(),
  submittedAt: timestamp,
  updatedAt: timestamp,
});
export const evaluation = z.strictObject({
  id,
  prototypeName: z.string(),
  status: z.enum(PROTOTYPE_STATUSES),
  stage: z.enum(PROTOTYPE_STAGES),
  dueDates,
  leadId: uuid.nullable(),
  /** What the prototype's actions need (issue 34, point 7). */
  priority: z.enum(LEVELS),
  reviewerComments: z.string().nullable(),
  atomixQuote: z.number().nullable(),
  quoteNotes: z.string().nullable(),
  sellerResponse: z.enum(QUOTE_RESPONSES).nullable(),
  reviewers: z.array(z.strictObject({ id: uuid, name: z.string(), email: z.string(), lead: z.boolean(), submitted: z.boolean(), assignedAt: timestamp })),
  viewer: z.strictObject({ isReviewer: z.boolean(), isLead: z.boolean(), submitted: z.boolean(), canSeeScorecards: z.boolean() }),
  scorecardCount: z.number().int().nonnegative(),
  ownScorecard: scorecard.nullable(),
  /** Empty for a reviewer who has not submitted their own (canSeeScorecards false). */
  scorecards: z.array(scorecard),
  /** Mean and spread of each numeric score; null without scorecards or while hidden. */
  aggregate: z
    .strictObject({
      technicalFeasibility: spread,
      commercialViability: spread,
      trl: spread,
      estimatedValue: spread,
      investmentRequired: spread,
      timelineWeeks: spread,
    })
    .nullable(),
  final: z.strictObject({ ...finalScoreFields, nextMilestone: z.string().nullable(), milestoneDate: timestamp.nullable() }),
  latestRelease: z
    .strictObject({
      id,
      summary: z.string(),
      strengths: z.string().nullable(),
      concerns: z.string().nullable(),
      includeScores: z.boolean(),
      scores: z.strictObject(finalScoreFields).nullable(),
      releasedAt: timestamp,
    })
    .nullable(),
});

// --- Moderation and appeals (issue 15, ADR 0016) --------------------------------------------------
const ticketStatus = z.enum(['open', 'in_progress', 'waiting_on_user', 'resolved', 'closed']);
export const warning = z.strictObject({
  id,
  userId: uuid,
  warningType: z.string(),
  severity: z.enum(WARNING_SEVERITIES),
  title: z.string(),
  description: z.string().nullable(),
  /** active, resolved or expired (an active warning past its expiry reads expired). */
  status: z.enum(['active', 'resolved', 'expired']),
  expiresAt: timestamp.nullable(),
  createdAt: timestamp,
  resolvedAt: timestamp.nullable(),
  acknowledgedAt: timestamp.nullable(),
});
export const suspension = z.strictObject({
  id,
  userId: uuid,
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  startDate: timestamp,
  endDate: timestamp,
  isActive: z.boolean(),
  liftedAt: timestamp.nullable(),
  endedAt: timestamp.nullable(),
  createdAt: timestamp,
});
export const appeal = z.strictObject({
  /** The support ticket that holds the appeal. */
  ticketId: id,
  measureType: z.enum(MEASURE_TYPES),
  measureId: id,
  status: ticketStatus,
  message: z.string(),
  resolution: z.string().nullable(),
  outcome: z.enum(APPEAL_OUTCOMES).nullable(),
  createdAt: timestamp,
  resolvedAt: timestamp.nullable(),
});
export const moderationEntry = z.strictObject({
  kind: z.enum([...MEASURE_TYPES, 'appeal']),
  id,
  at: timestamp,
  title: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  severity: z.string().nullable(),
  warningType: z.string().nullable(),
  until: timestamp.nullable(),
  endedAt: timestamp.nullable(),
  byAdmin: z.string().nullable(),
  appeal: appeal.nullable(),
});
export const myMeasure = z.strictObject({
  measureType: z.enum(MEASURE_TYPES),
  measureId: id,
  title: z.string(),
  takenAt: timestamp,
  appealDeadline: timestamp,
  canAppeal: z.boolean(),
  appeal: appeal.nullable(),
});

// --- Support tickets (issue 15) --------------------------------------------------------------------
export const supportTicket = z.strictObject({
  id,
  category: z.enum(TICKET_CATEGORIES).nullable(),
  priority: z.enum(LEVELS),
  status: z.enum(TICKET_STATUSES),
  subject: z.string().nullable(),
  /** The user's opening words: shown as the first message of the conversation. */
  description: z.string().nullable(),
  /** Set when an admin resolved the ticket. */
  resolution: z.string().nullable(),
  createdAt: timestamp,
  lastUpdated: timestamp,
  resolvedAt: timestamp.nullable(),
  /** Messages after the description. */
  messageCount: z.number().int().nonnegative(),
});
const ticketPerson = z.strictObject({ id: uuid, name: z.string(), email: z.string() });
export const adminSupportTicket = supportTicket.extend({
  user: ticketPerson,
  assignee: ticketPerson.nullable(),
  /** Since when the user's oldest unanswered word has waited; null once the team answered. */
  awaitingReplySince: timestamp.nullable(),
  /** An appeal's measure and decision (category appeal). */
  measureType: z.enum(MEASURE_TYPES).nullable(),
  measureId: z.number().int().nullable(),
  appealOutcome: z.enum(APPEAL_OUTCOMES).nullable(),
});
export const ticketMessage = z.strictObject({
  id,
  body: z.string(),
  fromAdmin: z.boolean(),
  /** "You", "Atomix Energy support" (to the user), or the author's name. */
  author: z.string(),
  mine: z.boolean(),
  createdAt: timestamp,
});
export const supportTicketWithMessages = supportTicket.extend({ messages: z.array(ticketMessage) });
export const adminSupportTicketWithMessages = adminSupportTicket.extend({ messages: z.array(ticketMessage) });

// --- Capabilities per user (issue 15, point 6) ---------------------------------------------------
export const effectiveCapability = z.strictObject({
  permission: z.enum(CAPABILITIES),
  label: z.string(),
  allowed: z.boolean(),
  source: z.enum(['role', 'override']),
  overrideId: id.nullable(),
  until: timestamp.nullable(),
});
export const permissionOverride = z.strictObject({
  id,
  userId: uuid,
  /** A capability name (rows written before a name was retired keep it). */
  permission: z.string(),
  granted: z.boolean(),
  reason: z.string().nullable(),
  expiresAt: timestamp.nullable(),
  createdAt: timestamp,
  grantedBy: uuid.nullable(),
  grantedByName: z.string().nullable(),
  expired: z.boolean(),
  deciding: z.boolean(),
});
export const userPermissions = z.strictObject({
  userId: uuid,
  role: z.enum(ROLES),
  capabilities: z.array(effectiveCapability),
  overrides: z.array(permissionOverride),
});

// --- Concern reports (issue 15, point 5) ----------------------------------------------------------
export const ownReport = z.strictObject({
  id,
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  description: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  resolution: z.string().nullable(),
  createdAt: timestamp,
  reviewedAt: timestamp.nullable(),
});
const reportPerson = z.strictObject({ id: uuid, name: z.string(), email: z.string() });
export const adminReport = ownReport.extend({
  /** The target named, with the admin screen it opens on (null once deleted). */
  target: z.strictObject({ label: z.string(), href: z.string().nullable() }),
  reporter: reportPerson.nullable(),
  reviewer: reportPerson.nullable(),
});

// --- The ledger on screen (issue 15, point 7) -------------------------------------------------------
export const statementRow = z.strictObject({
  id,
  type: z.enum(LEDGER_TYPE_NAMES as [string, ...string[]]),
  /** Signed: positive when the platform owes the seller more. */
  amount: moneyText,
  /** The seller's balance after this row. */
  balance: moneyText,
  description: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: timestamp,
});
export const adminLedgerRow = statementRow.extend({ seller: z.strictObject({ id: uuid, name: z.string(), email: z.string() }) });
