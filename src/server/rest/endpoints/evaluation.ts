// The evaluation workbench (issue 14): reviewers, scorecards, the final evaluation and milestone, and
// its release to the seller (routers/evaluation.ts).
import { declineReportFields, prototypeIdInput } from '~/shared/schemas/admin.ts';
import { discussionForm, finalBody, releaseForm, reviewersForm, scorecardForm } from '~/shared/schemas/evaluation.ts';
import { declineReasonsReport, evaluation } from '../../domain/views/shapes/evaluation.ts';
import { defineRoute } from '../define-route.ts';

const tag = 'Evaluation';
const params = prototypeIdInput.pick({ id: true });

export const evaluationRoutes = [
  defineRoute('PUT /api/admin/prototypes/:id/reviewers', {
    access: 'admin',
    tag,
    summary: 'Set the reviewers (1 to 10 active administrators) and the lead among them',
    description:
      'Only the lead changes a panel that has one (403); while there is none, any administrator with `prototypes.review`. 422 when a reviewer has a conflict of interest with the seller; 409 when a newly added reviewer already holds `REVIEW_LOAD_MAX` open reviews.',
    params,
    body: reviewersForm,
    output: { shape: evaluation, description: 'The evaluation with its reviewers' },
    // 409: on export compliance hold until classified (ADR 0050), or past a reviewer's load cap; 422: a conflict of interest (ADR 0049).
    errors: [409, 422],
    handler: ({ caller, input }) => caller.evaluation.setReviewers(input),
  }),
  defineRoute('PUT /api/admin/prototypes/:id/scorecard', {
    access: 'admin',
    tag,
    summary: 'Submit or replace your own scorecard (assigned reviewers only)',
    params,
    body: scorecardForm,
    output: { shape: evaluation, description: "The evaluation, now with the others' scorecards" },
    errors: [409, 422],
    handler: ({ caller, input }) => caller.evaluation.submitScorecard(input),
  }),
  defineRoute('GET /api/admin/prototypes/:id/evaluation', {
    access: 'admin',
    tag,
    summary:
      "The evaluation: stage, due dates, reviewers, scorecards (a reviewer sees the others' only after submitting their own), their mean and spread, the final figures",
    params,
    output: { shape: evaluation, description: 'The evaluation' },
    handler: ({ caller, input }) => caller.evaluation.evaluation(input),
  }),
  defineRoute('PATCH /api/admin/prototypes/:id/evaluation', {
    access: 'admin',
    tag,
    summary: 'Record the final evaluation (all eight figures together) and/or the next milestone (the lead only)',
    params,
    body: finalBody,
    output: { shape: evaluation, description: 'The evaluation' },
    errors: [409],
    handler: ({ caller, input }) => caller.evaluation.finalise(input),
  }),
  defineRoute('POST /api/admin/prototypes/:id/scorecard/confirm', {
    access: 'admin',
    tag,
    summary: 'Confirm your scorecard as it is after the seller answered an information request (clears its stale mark)',
    description: 'Needs `prototypes.review`. 409 when you have no scorecard for this prototype; confirming a current scorecard changes nothing.',
    params,
    output: { shape: evaluation, description: 'The evaluation' },
    errors: [409],
    handler: ({ caller, input }) => caller.evaluation.confirmScorecard(input),
  }),
  defineRoute('POST /api/admin/prototypes/:id/discussion', {
    access: 'admin',
    tag,
    summary: 'Record how a split among the scorecards was resolved (the lead only; internal, never shown to the seller)',
    description:
      'While the scorecards disagree widely (TRL spread of 3 or more, feasibility or viability spread of 30 points or more), approve, quote and release answer 409 until a note is recorded after the scorecards last changed. 403 for anyone but the lead; 409 once the evaluation is closed.',
    params,
    body: discussionForm,
    status: 201,
    output: { shape: evaluation, description: 'The evaluation with the note' },
    errors: [409],
    handler: ({ caller, input }) => caller.evaluation.discuss(input),
  }),
  defineRoute('GET /api/admin/reports/decline-reasons', {
    access: 'admin',
    tag,
    summary: 'Declined prototypes and quotes by reason category and month (UTC)',
    description: '`from` and `to` are days (YYYY-MM-DD, `to` included); by default the last 12 months. A decline without a category counts as `uncategorised`.',
    query: declineReportFields,
    output: { shape: declineReasonsReport, description: 'Counts by month and category' },
    // An empty parameter (`?from=&to=`) means the default.
    handler: ({ caller, query }) => caller.evaluation.declineReasons(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')) as never),
  }),
  defineRoute('POST /api/admin/prototypes/:id/evaluation/release', {
    access: 'admin',
    tag,
    summary: 'Release an evaluation summary to the seller (after a decision), with the final scores or without',
    description:
      '409 while a scorecard is stale (submitted before the seller answered an information request) or a split among the scorecards has no discussion note.',
    params,
    body: releaseForm,
    status: 201,
    output: { shape: evaluation, description: 'Released; the evaluation with its latest release' },
    errors: [409],
    handler: ({ caller, input }) => caller.evaluation.release(input),
  }),
];
