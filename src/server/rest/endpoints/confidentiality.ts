// The data room's terms, attestations, the admin's view of one prototype and the seller's
// revocations (issue 31, points 1, 2 and 5; routers/confidentiality.ts; ADR 0045).
import { acceptTermsInput, accessRevocationInput, attestInput, dataRoomPrototypeInput, publishTermsInput } from '~/shared/schemas/confidentiality.ts';
import { accessRevocation, attestation, currentTerms, publishedTerms, termsAcceptance } from '../../domain/views/shapes/confidentiality.ts';
import { adminPrototypeDetail } from '../../domain/views/shapes/prototype.ts';
import { defineRoute } from '../define-route.ts';

export const confidentialityRoutes = [
  defineRoute('GET /api/confidentiality/terms', {
    access: 'user',
    tag: 'Admin',
    summary: 'The current confidentiality terms, and when you accepted this version (or null)',
    output: { shape: currentTerms, description: 'The current version' },
    handler: ({ caller }) => caller.confidentiality.terms(),
  }),
  defineRoute('PUT /api/admin/confidentiality/terms', {
    access: 'admin',
    tag: 'Admin',
    summary: 'Publish a new version of the confidentiality terms',
    description: 'Needs `permissions.manage`. Every administrator must accept the new version before opening confidential content again.',
    body: publishTermsInput,
    status: 201,
    output: { shape: publishedTerms, description: 'The new version' },
    handler: ({ caller, input }) => caller.confidentiality.publish(input),
  }),
  defineRoute('POST /api/confidentiality/terms/accept', {
    access: 'admin',
    tag: 'Admin',
    summary: 'Accept the current confidentiality terms',
    description: 'The time, your address, your user agent and the SHA-256 of the text are recorded. 409 when `version` is not the current one.',
    body: acceptTermsInput,
    status: 201,
    output: { shape: termsAcceptance, description: 'Your acceptance' },
    errors: [409],
    handler: ({ caller, input }) => caller.confidentiality.accept(input),
  }),
  defineRoute('POST /api/admin/prototypes/:id/attestation', {
    access: 'admin',
    tag: 'Admin',
    summary: 'Attest for a prototype: no conflict of interest with its seller, and confidentiality under the terms you accepted',
    description: '400 when `noConflict` is not `true`; 409 before the current terms are accepted. The seller sees who attested, when, and under which version.',
    input: attestInput,
    status: 201,
    output: { shape: attestation, description: 'The attestation' },
    errors: [404, 409],
    handler: ({ caller, input }) => caller.confidentiality.attest(input),
  }),
  defineRoute('GET /api/admin/prototypes/:id', {
    access: 'admin',
    tag: 'Admin',
    summary: 'One prototype as administrators see it, with its documents and your access to its confidential content',
    description:
      '`description`, `notes` and `documents` are present only once you have accepted the current terms and attested for this prototype (and the seller has not withdrawn your access, nor its retention ended): `access` says which step is missing.',
    params: dataRoomPrototypeInput,
    output: { shape: adminPrototypeDetail, description: 'The prototype' },
    errors: [404],
    handler: ({ caller, input }) => caller.confidentiality.prototype(input),
  }),
  defineRoute('POST /api/seller/prototypes/:id/access-revocations', {
    access: 'user',
    tag: 'Seller',
    summary: "Withdraw one administrator's access to your prototype's documents and confidential content",
    input: accessRevocationInput,
    status: 201,
    output: { shape: accessRevocation, description: 'The withdrawal' },
    errors: [404],
    handler: ({ caller, input }) => caller.confidentiality.revoke(input),
  }),
  defineRoute('DELETE /api/seller/prototypes/:id/access-revocations/:adminId', {
    access: 'user',
    tag: 'Seller',
    summary: "Restore one administrator's access to your prototype's confidential content",
    params: accessRevocationInput,
    status: 204,
    output: { description: 'Restored (or was not withdrawn)' },
    errors: [404],
    handler: ({ caller, input }) => caller.confidentiality.restore(input),
  }),
];
