// Export control (issue 32, ADR 0050): a prototype's compliance record and classification, and the
// denied-party screening hits (routers/compliance.ts). The screening list's import takes a CSV body and
// mounts itself (rest/screening-list.ts). Each needs `compliance.manage`.
import { z } from 'zod';
import {
  complianceOfInput,
  exportAuthorizationInput,
  exportClassificationInput,
  exportStatusInput,
  exportStatusOfInput,
  hitDecisionInput,
  releasesInput,
  removeAuthorizationInput,
  screeningHitsInput,
} from '~/shared/schemas/export-control.ts';
import {
  expiringAuthorization,
  exportRecord,
  exportRelease,
  newExportAuthorization,
  prototypeCompliance,
  screeningHit,
} from '../../domain/views/shapes/compliance.ts';
import { csvAnswer, defineRoute } from '../define-route.ts';

const tag = 'Compliance';
const NEEDS = 'Needs `compliance.manage` (a capability administrators hold only by a grant). A tool for compliance officers, not legal advice.';

export const complianceRoutes = [
  defineRoute('GET /api/admin/prototypes/:id/compliance', {
    access: 'admin',
    tag,
    summary: "A prototype's compliance state, the seller's screening answers, the classification on record and its history",
    description: `${NEEDS} \`state\`: \`unscreened\` (no answers), \`hold\` (a trigger answered yes or a classification other than EAR99, until classified), \`controlled\` or \`not_controlled\`.`,
    params: complianceOfInput,
    output: { shape: prototypeCompliance, description: 'The compliance record' },
    handler: ({ caller, input }) => caller.compliance.forPrototype(input),
  }),
  defineRoute('PUT /api/admin/prototypes/:id/export-classification', {
    access: 'admin',
    tag,
    summary: 'Record the classification of a prototype (earlier ones stay as its history)',
    description: `${NEEDS} Classified and not controlled ends a hold.`,
    input: exportClassificationInput,
    output: { shape: prototypeCompliance, description: 'The compliance record with the new classification' },
    handler: ({ caller, input }) => caller.compliance.classify(input),
  }),
  defineRoute('GET /api/admin/screening/hits', {
    access: 'admin',
    tag,
    summary: 'Possible matches of users on the denied-party screening list, oldest first (at most 500)',
    description: `${NEEDS} An open or confirmed hit holds the user's payouts.`,
    query: screeningHitsInput,
    output: { shape: z.array(screeningHit), description: 'The hits' },
    handler: ({ caller, query }) => caller.compliance.hits({ status: query.status } as never),
  }),
  defineRoute('PATCH /api/admin/screening/hits/:id', {
    access: 'admin',
    tag,
    summary: 'Decide a screening hit: false_positive lifts the payout hold, confirmed restricts the account',
    description: `${NEEDS} 409 when the hit is already decided.`,
    input: hitDecisionInput,
    output: { shape: screeningHit, description: 'The decided hit' },
    errors: [409],
    handler: ({ caller, input }) => caller.compliance.decideHit(input),
  }),
  defineRoute('GET /api/admin/users/:id/export-status', {
    access: 'admin',
    tag,
    summary: "An administrator's export status on record, its history and their authorizations",
    description: `${NEEDS} \`unknown\` until a compliance officer records it.`,
    params: exportStatusOfInput,
    output: { shape: exportRecord, description: 'The export record' },
    handler: ({ caller, input }) => caller.compliance.exportRecord(input),
  }),
  defineRoute('PUT /api/admin/users/:id/export-status', {
    access: 'admin',
    tag,
    summary: "Record an administrator's export status (earlier ones stay as its history)",
    description: `${NEEDS} \`us_person\`, \`foreign_person\` (with \`citizenships\`, ISO 3166 two-letter codes) or \`unknown\`. 409 for a user who is not an administrator, 403 for your own.`,
    input: exportStatusInput.innerType().innerType(),
    output: { shape: exportRecord, description: 'The export record with the new status' },
    errors: [409],
    handler: ({ caller, input }) => caller.compliance.setExportStatus(input),
  }),
  defineRoute('POST /api/admin/users/:id/export-authorizations', {
    access: 'admin',
    tag,
    summary: 'Record an authorization that clears this administrator for one controlled prototype until it expires',
    description: `${NEEDS} 404 for an unknown prototype, 400 for an expiry in the past, 409 for a user who is not an administrator, 403 for your own.`,
    input: exportAuthorizationInput,
    status: 201,
    output: { shape: newExportAuthorization, description: 'The authorization' },
    errors: [409],
    handler: ({ caller, input }) => caller.compliance.addAuthorization(input),
  }),
  defineRoute('DELETE /api/admin/export-authorizations/:id', {
    access: 'admin',
    tag,
    summary: 'Remove an authorization: it stops clearing at once, and stays on record as removed',
    description: NEEDS,
    params: removeAuthorizationInput,
    status: 204,
    output: { description: 'Removed' },
    handler: ({ caller, input }) => caller.compliance.removeAuthorization(input),
  }),
  defineRoute('GET /api/admin/compliance/expiring-authorizations', {
    access: 'admin',
    tag,
    summary: 'Authorizations that expire within 30 days, soonest first',
    description: NEEDS,
    output: { shape: z.array(expiringAuthorization), description: 'The authorizations' },
    handler: ({ caller }) => caller.compliance.expiringAuthorizations(),
  }),
  defineRoute('GET /api/admin/compliance/releases', {
    access: 'admin',
    tag,
    summary: "Every release of a controlled item's content and every refusal, newest first (at most 1,000)",
    description: `${NEEDS} Each row names the person, their export status at that moment and the basis of a release (\`us_person\` or an authorization) or the reason of a refusal.`,
    query: releasesInput.extend({
      format: z.enum(['json', 'csv']).optional().describe('`csv` for the release report as CSV'),
    }),
    output: { shape: z.array(exportRelease), description: 'The releases and refusals', csv: 'the release report' },
    handler: async ({ caller, query }) => {
      const filter = { prototypeId: query.prototypeId } as never;
      if (query.format === undefined || query.format === 'json') return caller.compliance.releases(filter);
      const csv = await caller.compliance.releasesCsv({ prototypeId: query.prototypeId, format: query.format } as never);
      return csvAnswer(csv, query.prototypeId ? `releases-${query.prototypeId}.csv` : 'releases.csv');
    },
  }),
];
