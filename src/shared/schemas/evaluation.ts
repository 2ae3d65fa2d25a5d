// The evaluation workbench's inputs (issue 14, points 3, 6, 7): reviewers, a reviewer's own
// scorecard, the lead's final evaluation with the development milestone, and the release to the
// seller. Shared by the procedures, the REST contract and the admin's forms.
import { z } from 'zod';
import { LEVELS } from '../constants.ts';
import { INT4_MAX, recordId, storableDate, uuidId } from './bounds.ts';
import { optionalText } from './text.ts';
import { DISCUSSION_NOTE_MAX, DISCUSSION_NOTE_REQUIRED } from '../review-integrity.ts';

const prototypeId = recordId('prototype');

export const MAX_REVIEWERS = 10;
export const SCORECARD_TEXT_MAX = 5000;
export const RELEASE_SUMMARY_MAX = 5000;
export const MILESTONE_MAX = 200;
/** Ten years: a timeline past it is a typo. */
export const TIMELINE_WEEKS_MAX = 520;

const whole = (label: string, min: number, max: number) =>
  z
    .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
const level = (label: string) => z.enum(LEVELS, { errorMap: () => ({ message: `${label} must be low, medium or high` }) });
const text = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/** The figures a scorecard and the final evaluation share (the prototype's columns plus TRL). */
export const scoreFields = {
  technicalFeasibility: whole('Technical feasibility', 0, 100),
  commercialViability: whole('Commercial viability', 0, 100),
  riskLevel: level('Risk level'),
  marketPotential: level('Market potential'),
  trl: whole('TRL', 1, 9),
  estimatedValue: whole('Estimated value', 0, INT4_MAX),
  investmentRequired: whole('Investment required', 0, INT4_MAX),
  timelineWeeks: whole('Timeline', 0, TIMELINE_WEEKS_MAX),
};
export const SCORE_FIELD_NAMES = Object.keys(scoreFields) as (keyof typeof scoreFields)[];
/** The numeric score fields: the aggregate's mean and spread are over these. */
export const NUMERIC_SCORE_FIELDS = ['technicalFeasibility', 'commercialViability', 'trl', 'estimatedValue', 'investmentRequired', 'timelineWeeks'] as const;
export type NumericScoreField = (typeof NUMERIC_SCORE_FIELDS)[number];

export const reviewersForm = z
  .object({
    reviewerIds: z
      .array(uuidId('reviewer'), { required_error: 'Choose at least one reviewer', invalid_type_error: 'Choose at least one reviewer' })
      .min(1, 'Choose at least one reviewer')
      .max(MAX_REVIEWERS, `At most ${MAX_REVIEWERS} reviewers`)
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'Each reviewer only once'),
    leadId: uuidId('lead'),
  })
  .refine((v) => v.reviewerIds.some((id) => id.toLowerCase() === v.leadId.toLowerCase()), {
    message: 'The lead must be one of the reviewers',
    path: ['leadId'],
  });
export const reviewersInput = z.object({ id: prototypeId }).and(reviewersForm);

export const scorecardForm = z.object({
  ...scoreFields,
  confidence: level('Confidence'),
  strengths: text('Strengths', SCORECARD_TEXT_MAX),
  concerns: text('Concerns', SCORECARD_TEXT_MAX),
});
export type ScorecardForm = z.infer<typeof scorecardForm>;
export const scorecardInput = scorecardForm.extend({ id: prototypeId });

/** The lead's final evaluation: all eight figures together, or none (a milestone alone). */
const finalFields = z.object({
  technicalFeasibility: scoreFields.technicalFeasibility.optional(),
  commercialViability: scoreFields.commercialViability.optional(),
  riskLevel: scoreFields.riskLevel.optional(),
  marketPotential: scoreFields.marketPotential.optional(),
  trl: scoreFields.trl.optional(),
  estimatedValue: scoreFields.estimatedValue.optional(),
  investmentRequired: scoreFields.investmentRequired.optional(),
  timelineWeeks: scoreFields.timelineWeeks.optional(),
  nextMilestone: optionalText('Next milestone', MILESTONE_MAX).optional(),
  milestoneDate: storableDate('Invalid milestone date').nullish(),
});
function allOrNone(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  const given = SCORE_FIELD_NAMES.filter((name) => v[name] !== undefined);
  if (given.length > 0 && given.length < SCORE_FIELD_NAMES.length) {
    for (const name of SCORE_FIELD_NAMES.filter((n) => v[n] === undefined)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: 'Give all final figures together' });
    }
  }
  if (given.length === 0 && v.nextMilestone === undefined && v.milestoneDate === undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: 'Nothing to record: give the final figures or a milestone' });
  }
}
export const finalForm = finalFields.superRefine(allOrNone);
export const finalInput = finalFields.extend({ id: prototypeId }).superRefine(allOrNone);
/** For the REST contract (zod-openapi cannot see through the refinement). */
export const finalBody = finalFields;

export const releaseForm = z.object({
  summary: text('Summary', RELEASE_SUMMARY_MAX).min(1, 'Summary is required'),
  strengths: optionalText('Strengths', SCORECARD_TEXT_MAX),
  concerns: optionalText('Concerns', SCORECARD_TEXT_MAX),
  includeScores: z.boolean({ required_error: 'Say whether to include the scores', invalid_type_error: 'includeScores must be true or false' }),
});
export const releaseInput = releaseForm.extend({ id: prototypeId });

/** The lead's discussion note on a split decision (issue 33, point 5). */
export const discussionForm = z.object({
  note: z
    .string({ required_error: DISCUSSION_NOTE_REQUIRED, invalid_type_error: DISCUSSION_NOTE_REQUIRED })
    .trim()
    .min(1, DISCUSSION_NOTE_REQUIRED)
    .max(DISCUSSION_NOTE_MAX, `Note must be at most ${DISCUSSION_NOTE_MAX} characters`),
});
export const discussionInput = discussionForm.extend({ id: prototypeId });
