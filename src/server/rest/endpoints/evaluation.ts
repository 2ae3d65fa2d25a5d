// The evaluation workbench (issue 14): reviewers, scorecards, the final evaluation and milestone, and
// its release to the seller (routers/evaluation.ts).
import { prototypeIdInput } from '~/shared/schemas/admin.ts';
import { finalBody, releaseForm, reviewersForm, scorecardForm } from '~/shared/schemas/evaluation.ts';
import { evaluation } from '../../domain/views/shapes/evaluation.ts';
import { defineRoute } from '../define-route.ts';

const tag = 'Evaluation';
const params = prototypeIdInput.pick({ id: true });

export const evaluationRoutes = [
  defineRoute({
    method: 'PUT',
    path: '/api/admin/prototypes/:id/reviewers',
    access: 'admin',
    tag,
    summary: 'Set the reviewers (1 to 10 active administrators) and the lead among them',
    description:
      'Only the lead changes a panel that has one (403); while there is none, any administrator with `prototypes.review`. 422 when a reviewer has a conflict of interest with the seller; 409 when a newly added reviewer already holds `REVIEW_LOAD_MAX` open reviews.',
    params,
    body: reviewersForm,
    output: { shape: evaluation, description: 'The evaluation with its reviewers' },
    errors: [409, 422],
    handler: ({ caller, input }) => caller.evaluation.setReviewers(input),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/admin/prototypes/:id/scorecard',
    access: 'admin',
    tag,
    summary: 'Submit or replace your own scorecard (assigned reviewers only)',
    params,
    body: scorecardForm,
    output: { shape: evaluation, description: "The evaluation, now with the others' scorecards" },
    errors: [409, 422],
    handler: ({ caller, input }) => caller.evaluation.submitScorecard(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/admin/prototypes/:id/evaluation',
    access: 'admin',
    tag,
    summary:
      "The evaluation: stage, due dates, reviewers, scorecards (a reviewer sees the others' only after submitting their own), their mean and spread, the final figures",
    params,
    output: { shape: evaluation, description: 'The evaluation' },
    handler: ({ caller, input }) => caller.evaluation.evaluation(input),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/admin/prototypes/:id/evaluation',
    access: 'admin',
    tag,
    summary: 'Record the final evaluation (all eight figures together) and/or the next milestone (the lead only)',
    params,
    body: finalBody,
    output: { shape: evaluation, description: 'The evaluation' },
    errors: [409],
    handler: ({ caller, input }) => caller.evaluation.finalise(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/admin/prototypes/:id/evaluation/release',
    access: 'admin',
    tag,
    summary: 'Release an evaluation summary to the seller (after a decision), with the final scores or without',
    params,
    body: releaseForm,
    status: 201,
    output: { shape: evaluation, description: 'Released; the evaluation with its latest release' },
    errors: [409],
    handler: ({ caller, input }) => caller.evaluation.release(input),
  }),
];
