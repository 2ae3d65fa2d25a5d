// What the evaluation workbench returns (issue 14, points 3, 6, 7): the admin's evaluation of one
// prototype (reviewers, scorecards under the visibility rule, their mean and spread, the final
// figures) and the seller's released evaluation and milestone.
//
// Visibility (HotCRP-style): a current reviewer who has not submitted a scorecard sees no one's
// scorecard content nor the aggregate, only how many were submitted; once theirs is in they see all.
// An admin who is not a reviewer of the prototype is not scoring, so sees everything. A reviewer
// removed later keeps their scorecard (shown, marked formerReviewer) and it still counts in the
// aggregate.
import type { Prisma } from '~/generated/prisma/client.ts';
import { fullName } from '~/shared/format.ts';
import { moneyNumber } from '../money.ts';
import { milestoneVisible } from '../seller-visibility.ts';
import { dueDates } from '~/shared/review-promise.ts';
import { NUMERIC_SCORE_FIELDS, type NumericScoreField } from '~/shared/schemas/evaluation.ts';
import { splitReasons } from '~/shared/review-integrity.ts';
import { maySeeScores, withoutFinalFigures } from '../score-visibility.ts';
import type { z } from 'zod';
import type { evaluation } from './shapes/evaluation.ts';
import { personName } from './person-name.ts';

/** The eight figures a scorecard and the final evaluation share (columns of both tables). */
export const scoreSelect = {
  technicalFeasibility: true,
  commercialViability: true,
  riskLevel: true,
  marketPotential: true,
  trl: true,
  estimatedValue: true,
  investmentRequired: true,
  timelineWeeks: true,
} as const satisfies Prisma.PrototypeSelect & Prisma.ScorecardSelect;

export const evaluationPrototypeSelect = {
  id: true,
  sellerId: true,
  prototypeName: true,
  status: true,
  stage: true,
  assignedTo: true,
  priority: true,
  reviewerComments: true,
  atomixQuote: true,
  quoteNotes: true,
  sellerResponse: true,
  createdAt: true,
  initialReviewMetAt: true,
  feedbackMetAt: true,
  ...scoreSelect,
  nextMilestone: true,
  milestoneDate: true,
  reviewers: {
    select: { reviewerId: true, assignedAt: true, reviewer: { select: personName } },
    orderBy: { assignedAt: 'asc' },
  },
  scorecards: {
    select: {
      id: true,
      reviewerId: true,
      ...scoreSelect,
      confidence: true,
      strengths: true,
      concerns: true,
      submittedAt: true,
      updatedAt: true,
      conflictExcludedAt: true,
      staleSince: true,
      reviewer: { select: personName },
    },
    orderBy: { submittedAt: 'asc' },
  },
  panelMembers: { select: { adminId: true } },
  discussionNotes: { select: { id: true, note: true, authorId: true, createdAt: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  releases: {
    select: { id: true, summary: true, strengths: true, concerns: true, includeScores: true, scores: true, releasedAt: true },
    orderBy: [{ releasedAt: 'desc' }, { id: 'desc' }],
  },
} satisfies Prisma.PrototypeSelect;
type EvaluationRow = Prisma.PrototypeGetPayload<{ select: typeof evaluationPrototypeSelect }>;
type ScorecardRow = EvaluationRow['scorecards'][number];

/** The prototype's final figures (its own columns). */
export function finalScores(row: Pick<EvaluationRow, NumericScoreField | 'riskLevel' | 'marketPotential'>) {
  return {
    technicalFeasibility: row.technicalFeasibility,
    commercialViability: row.commercialViability,
    riskLevel: row.riskLevel,
    marketPotential: row.marketPotential,
    trl: row.trl,
    estimatedValue: row.estimatedValue,
    investmentRequired: row.investmentRequired,
    timelineWeeks: row.timelineWeeks,
  };
}
export type FinalScores = ReturnType<typeof finalScores>;

/**
 * A release's stored figures (JSON written at release time) as all eight fields: one written by an
 * older version or by hand may lack some, and a missing figure is null ("—"), never absent.
 */
export function releasedScores(json: Prisma.JsonValue | null) {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const whole = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
  const level = (value: unknown) => (value === 'low' || value === 'medium' || value === 'high' ? (value as 'low' | 'medium' | 'high') : null);
  return {
    technicalFeasibility: whole(json.technicalFeasibility),
    commercialViability: whole(json.commercialViability),
    riskLevel: level(json.riskLevel),
    marketPotential: level(json.marketPotential),
    trl: whole(json.trl),
    estimatedValue: whole(json.estimatedValue),
    investmentRequired: whole(json.investmentRequired),
    timelineWeeks: whole(json.timelineWeeks),
  };
}

export interface Spread {
  mean: number;
  min: number;
  max: number;
  /** Population standard deviation (0 for one scorecard). */
  stdDev: number;
}

/** Mean and spread of each numeric score; null when there is no scorecard. Rounded to 2 decimals. */
export function aggregateScores(cards: readonly Pick<ScorecardRow, NumericScoreField>[]): Record<NumericScoreField, Spread> | null {
  if (cards.length === 0) return null;
  const round = (n: number) => Math.round(n * 100) / 100;
  const entries = NUMERIC_SCORE_FIELDS.map((field) => {
    const values = cards.map((card) => card[field]);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
    return [field, { mean: round(mean), min: Math.min(...values), max: Math.max(...values), stdDev: round(Math.sqrt(variance)) }] as const;
  });
  return Object.fromEntries(entries) as Record<NumericScoreField, Spread>;
}

/** A note's author by the panel's names, else "A team member" (they may have left the panel). */
function nameOf(row: EvaluationRow, userId: string | null): string {
  const reviewer = row.reviewers.find((r) => r.reviewerId === userId)?.reviewer ?? row.scorecards.find((c) => c.reviewerId === userId)?.reviewer;
  return reviewer ? fullName(reviewer) : 'A team member';
}

function toScorecardView(card: ScorecardRow, currentReviewers: ReadonlySet<string>) {
  const { reviewer, conflictExcludedAt, ...rest } = card;
  return {
    ...rest,
    reviewerName: fullName(reviewer),
    formerReviewer: !currentReviewers.has(card.reviewerId),
    excludedForConflict: conflictExcludedAt !== null,
  };
}

/** The score-visibility rule (score-visibility.ts, ADR 0049) on a row already read. */
function maySeeScoresOf(row: EvaluationRow, viewerId: string, own: ScorecardRow | null, conflicted: boolean): boolean {
  const onPanel = row.assignedTo === viewerId || row.reviewers.some((r) => r.reviewerId === viewerId) || row.panelMembers.some((m) => m.adminId === viewerId);
  return maySeeScores({ conflicted, onPanel, ownScorecardCounts: own !== null && own.conflictExcludedAt === null });
}

/**
 * Whether the scorecards are split (issue 33, point 5) and whether a discussion note recorded since
 * they last changed resolves it: the same rule as review-integrity.ts's gate, on rows already read.
 */
function splitOf(counted: EvaluationRow['scorecards'], discussionNotes: EvaluationRow['discussionNotes']) {
  const reasons = splitReasons(counted);
  if (reasons.length === 0) return null;
  const lastChange = Math.max(...counted.map((c) => Math.max(c.submittedAt.getTime(), c.updatedAt.getTime())));
  return { reasons, resolved: discussionNotes.some((n) => n.createdAt.getTime() >= lastChange) };
}

export function toEvaluationView(row: EvaluationRow, viewerId: string, { conflicted }: { conflicted: boolean }): EvaluationView {
  const reviewerIds = new Set(row.reviewers.map((r) => r.reviewerId));
  const own = row.scorecards.find((card) => card.reviewerId === viewerId) ?? null;
  const isReviewer = reviewerIds.has(viewerId);
  const maySee = maySeeScoresOf(row, viewerId, own, conflicted);
  const counted = row.scorecards.filter((card) => card.conflictExcludedAt === null);
  const latest = row.releases[0] ?? null;
  return {
    id: row.id,
    prototypeName: row.prototypeName,
    status: row.status,
    stage: row.stage,
    dueDates: dueDates(row),
    leadId: row.assignedTo,
    // What the prototype's actions need (the evaluation page is its one admin page, issue 34 point 7).
    priority: row.priority,
    reviewerComments: row.reviewerComments,
    atomixQuote: moneyNumber(row.atomixQuote),
    quoteNotes: row.quoteNotes,
    sellerResponse: row.sellerResponse,
    reviewers: row.reviewers.map((r) => ({
      id: r.reviewerId,
      name: fullName(r.reviewer),
      email: r.reviewer.email,
      lead: r.reviewerId === row.assignedTo,
      submitted: row.scorecards.some((card) => card.reviewerId === r.reviewerId),
      assignedAt: r.assignedAt,
    })),
    viewer: { isReviewer, isLead: row.assignedTo === viewerId, submitted: own !== null, canSeeScorecards: maySee, conflicted },
    /** How many scorecards count (always shown; their content only under the rule above). */
    scorecardCount: counted.length,
    ownScorecard: own ? toScorecardView(own, reviewerIds) : null,
    scorecards: maySee ? row.scorecards.map((card) => toScorecardView(card, reviewerIds)) : [],
    aggregate: maySee ? aggregateScores(counted) : null,
    // Review integrity (issue 33, points 4, 5): who must confirm, whether a split waits for its note, the notes.
    staleCount: counted.filter((card) => card.staleSince !== null).length,
    split: maySee ? splitOf(counted, row.discussionNotes) : null,
    discussionNotes: maySee ? row.discussionNotes.map((n) => ({ id: n.id, note: n.note, createdAt: n.createdAt, authorName: nameOf(row, n.authorId) })) : [],
    final: { ...(maySee ? finalScores(row) : withoutFinalFigures(finalScores(row))), nextMilestone: row.nextMilestone, milestoneDate: row.milestoneDate },
    latestRelease: latest && { ...latest, scores: maySee ? releasedScores(latest.scores) : null },
  };
}
export type EvaluationView = z.infer<typeof evaluation>;

/** The seller's share: the latest released evaluation (null before any) and the milestone once in development. */
export async function sellerEvaluationFields(
  db: Pick<Prisma.TransactionClient, 'evaluationRelease'>,
  prototype: { id: number; status: string; nextMilestone: string | null; milestoneDate: Date | null },
) {
  const release = await db.evaluationRelease.findFirst({
    where: { prototypeId: prototype.id },
    orderBy: [{ releasedAt: 'desc' }, { id: 'desc' }],
    select: { summary: true, strengths: true, concerns: true, scores: true, releasedAt: true },
  });
  const showMilestone = milestoneVisible(prototype.status);
  return {
    evaluation: release ? { ...release, scores: releasedScores(release.scores) } : null,
    nextMilestone: showMilestone ? prototype.nextMilestone : null,
    milestoneDate: showMilestone ? prototype.milestoneDate : null,
  };
}
