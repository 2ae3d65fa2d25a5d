// Export control (issue 32, ADR 0050): a prototype's compliance record and classification, and the
// denied-party screening hits (routers/compliance.ts). The screening list's import takes a CSV body and
// mounts itself (rest/screening-list.ts). Each needs `compliance.manage`.
import { z } from 'zod';
import { complianceOfInput, exportClassificationInput, hitDecisionInput, screeningHitsInput } from '~/shared/schemas/export-control.ts';
import { prototypeCompliance, screeningHit } from '../../domain/views/shapes/compliance.ts';
import { defineRoute } from '../define-route.ts';

const tag = 'Compliance';
const NEEDS = 'Needs `compliance.manage` (a capability administrators hold only by a grant). A tool for compliance officers, not legal advice.';

export const complianceRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/admin/prototypes/:id/compliance',
    access: 'admin',
    tag,
    summary: "A prototype's compliance state, the seller's screening answers, the classification on record and its history",
    description: `${NEEDS} \`state\`: \`unscreened\` (no answers), \`hold\` (a trigger answered yes or a classification other than EAR99, until classified), \`controlled\` or \`not_controlled\`.`,
    params: complianceOfInput,
    output: { shape: prototypeCompliance, description: 'The compliance record' },
    handler: ({ caller, input }) => caller.compliance.forPrototype(input),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/admin/prototypes/:id/export-classification',
    access: 'admin',
    tag,
    summary: 'Record the classification of a prototype (earlier ones stay as its history)',
    description: `${NEEDS} Classified and not controlled ends a hold.`,
    params: complianceOfInput,
    body: exportClassificationInput.omit({ id: true }),
    output: { shape: prototypeCompliance, description: 'The compliance record with the new classification' },
    handler: ({ caller, input }) => caller.compliance.classify(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/admin/screening/hits',
    access: 'admin',
    tag,
    summary: 'Possible matches of users on the denied-party screening list, oldest first (at most 500)',
    description: `${NEEDS} An open or confirmed hit holds the user's payouts.`,
    query: screeningHitsInput,
    output: { shape: z.array(screeningHit), description: 'The hits' },
    handler: ({ caller, query }) => caller.compliance.hits({ status: query.status } as never),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/admin/screening/hits/:id',
    access: 'admin',
    tag,
    summary: 'Decide a screening hit: false_positive lifts the payout hold, confirmed restricts the account',
    description: `${NEEDS} 409 when the hit is already decided.`,
    params: hitDecisionInput.pick({ id: true }),
    body: hitDecisionInput.omit({ id: true }),
    output: { shape: screeningHit, description: 'The decided hit' },
    errors: [409],
    handler: ({ caller, input }) => caller.compliance.decideHit(input),
  }),
];
