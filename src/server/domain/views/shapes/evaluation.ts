// The evaluation workbench: reviewers, scorecards, their spread, final figures and releases (evaluation-view.ts).
import { z } from 'zod';
import { DECLINE_CATEGORIES, type DeclineCategory } from '~/shared/decline-reasons.ts';
import { LEVELS, PROTOTYPE_STATUSES } from '~/shared/constants.ts';
import { PROTOTYPE_STAGES } from '~/shared/prototype-stages.ts';
import { QUOTE_RESPONSES } from '~/shared/schemas/prototype.ts';
import { dueDates, finalScoreFields, releasedScores } from './prototype.ts';
import { id, timestamp, uuid } from './common.ts';

const spread = z.strictObject({ mean: z.number(), min: z.number(), max: z.number(), stdDev: z.number() });
const scorecard = z.strictObject({
  id,
  reviewerId: uuid,
  reviewerName: z.string(),
  /** No longer a reviewer of the prototype; the scorecard is kept. */
  formerReviewer: z.boolean(),
  /** Its reviewer declared a conflict with the seller: kept for the record, left out of every aggregate. */
  excludedForConflict: z.boolean(),
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
  /** When the seller's answer to an information request made it stale; null once confirmed or changed. */
  staleSince: timestamp.nullable(),
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
  viewer: z.strictObject({
    isReviewer: z.boolean(),
    isLead: z.boolean(),
    submitted: z.boolean(),
    /** Scorecards, their aggregate and the final figures: false for a panel member (ever) whose own is not in, or a conflicted admin. */
    canSeeScorecards: z.boolean(),
    /** In conflict of interest with the seller (ADR 0049). */
    conflicted: z.boolean(),
  }),
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
  /** How many scorecards are stale (release waits for none). */
  staleCount: z.number().int().nonnegative(),
  /** Null when the scorecards agree (or are hidden); else why they are split and whether a note since their last change resolves it. */
  split: z.strictObject({ reasons: z.array(z.string()), resolved: z.boolean() }).nullable(),
  /** The lead's internal discussion notes, oldest first (hidden like the scorecards). */
  discussionNotes: z.array(z.strictObject({ id, note: z.string(), authorName: z.string(), createdAt: timestamp })),
  /** The lead's figures; all null while hidden (canSeeScorecards false). */
  final: z.strictObject({
    ...finalScoreFields,
    riskLevel: z.enum(LEVELS).nullable(),
    marketPotential: z.enum(LEVELS).nullable(),
    nextMilestone: z.string().nullable(),
    milestoneDate: timestamp.nullable(),
  }),
  latestRelease: z
    .strictObject({
      id,
      summary: z.string(),
      strengths: z.string().nullable(),
      concerns: z.string().nullable(),
      includeScores: z.boolean(),
      scores: releasedScores.nullable(),
      releasedAt: timestamp,
    })
    .nullable(),
});

/** Declines by month and category (issue 33, point 6). */
const declineCounts = z.strictObject(
  Object.fromEntries([...DECLINE_CATEGORIES, 'uncategorised'].map((c) => [c, z.number().int().nonnegative()])) as Record<
    DeclineCategory | 'uncategorised',
    z.ZodNumber
  >,
);
export const declineReasonsReport = z.strictObject({
  /** The days counted (UTC, inclusive). */
  from: z.string(),
  to: z.string(),
  /** Months with at least one decline, oldest first ("YYYY-MM"). */
  months: z.array(z.strictObject({ month: z.string(), counts: declineCounts, total: z.number().int().nonnegative() })),
});
