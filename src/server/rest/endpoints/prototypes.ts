// The seller's prototypes: submitting one, reading them, answering a quote, the dashboard's figures
// (routers/prototypes.ts). Documents are streamed by rest/documents.ts, not JSON.
import { z } from 'zod';
import { exportScreeningInput } from '~/shared/schemas/export-control.ts';
import { sellerScreeningAnswer } from '../../domain/views/shapes/compliance.ts';
import { documentViewOnlyInput, prototypeIdInput, prototypeInput, quoteResponseInput } from '~/shared/schemas/prototype.ts';
import { documentAccess } from '../../domain/views/shapes/info-request.ts';
import { sellerTransaction } from '../../domain/views/shapes/payout.ts';
import { pipelineEntry, prototype, prototypeDetail, prototypeDocument, sellerPrototype, sellerSummary } from '../../domain/views/shapes/prototype.ts';
import { csvAnswer, defineRoute } from '../define-route.ts';

const tag = 'Seller';
const params = prototypeIdInput.pick({ id: true });

export const prototypeRoutes = [
  defineRoute('POST /api/prototypes', {
    access: 'user',
    tag,
    summary: 'Submit a prototype',
    body: prototypeInput,
    status: 201,
    output: { shape: prototype, description: 'The submitted prototype' },
    errors: [403, 429],
    handler: ({ caller, input }) => caller.prototypes.create(input),
  }),
  defineRoute('GET /api/seller/prototypes', {
    access: 'user',
    tag,
    summary: 'Your prototypes, newest first',
    output: { shape: z.array(sellerPrototype), description: 'Your prototypes (with their unanswered information requests)' },
    handler: ({ caller }) => caller.prototypes.mine(),
  }),
  defineRoute('GET /api/seller/prototypes/:id', {
    access: 'user',
    tag,
    summary: 'One of your prototypes with its documents and timeline',
    params,
    output: { shape: prototypeDetail, description: 'The prototype' },
    handler: ({ caller, input }) => caller.prototypes.byId(input),
  }),
  defineRoute('POST /api/seller/prototypes/:id/quote-response', {
    access: 'user',
    tag,
    summary: 'Accept or decline the quote',
    input: quoteResponseInput,
    output: { shape: prototype, description: 'The prototype with your answer' },
    errors: [409],
    handler: ({ caller, input }) => caller.prototypes.respondToQuote(input),
  }),
  defineRoute('PUT /api/seller/prototypes/:id/export-screening', {
    access: 'user',
    tag,
    summary: 'Answer the export screening questions of your unscreened prototype',
    description: 'The same object as `exportScreening` of `POST /api/prototypes`. 409 when it is already answered.',
    params,
    body: exportScreeningInput,
    output: { shape: sellerScreeningAnswer, description: 'What you see of it now: `in_progress` while compliance officers look at it, else null' },
    errors: [409],
    handler: ({ caller, input }) => caller.prototypes.exportScreening(input),
  }),
  defineRoute('PATCH /api/seller/documents/:id', {
    access: 'user',
    tag,
    summary: 'Make one of your documents view-only (admins then read it page by page in the reader, and cannot download it), or not',
    input: documentViewOnlyInput,
    output: { shape: prototypeDocument, description: 'The document' },
    handler: ({ caller, input }) => caller.prototypes.setDocumentViewOnly(input),
  }),
  defineRoute('GET /api/seller/transactions', {
    access: 'user',
    tag,
    summary: 'Your transactions, newest first',
    output: { shape: z.array(sellerTransaction), description: 'Your transactions' },
    handler: ({ caller }) => caller.prototypes.transactions(),
  }),
  defineRoute('GET /api/seller/summary', {
    access: 'user',
    tag,
    summary: "The dashboard's figures",
    output: { shape: sellerSummary, description: 'Counts and revenue' },
    handler: ({ caller }) => caller.prototypes.summary(),
  }),
  defineRoute('GET /api/seller/pipeline', {
    access: 'user',
    tag,
    summary: 'Each of your prototypes with its timeline',
    output: { shape: z.array(pipelineEntry), description: 'Your pipeline' },
    handler: ({ caller }) => caller.prototypes.pipeline(),
  }),
  defineRoute('GET /api/seller/prototypes/:id/document-access', {
    access: 'user',
    tag,
    summary: "When the evaluation team opened your prototype's documents, attested or was refused, and who (newest first)",
    description:
      "Rows of the access record (ADR 0047): every download and page view by an administrator, their attestations and refusals; the seller's own downloads are not recorded. " +
      "Consecutive page views of one document by one administrator are one row with their `pages`. Administrators may read any prototype's list.",
    params,
    query: z.object({ format: z.enum(['json', 'csv']).optional().describe('`csv` for the export: one line per access record row, with its hash') }),
    output: {
      shape: z.array(documentAccess),
      description: 'The rows',
      csv: 'the export (one line per row of the access record, with its SHA-256)',
    },
    handler: async ({ caller, input, query }) => {
      if (query.format === undefined || query.format === 'json') return caller.documentAccess.forPrototype(input);
      const fields = input as unknown as { id: unknown };
      const csv = await caller.documentAccess.csv({ id: fields.id, format: query.format } as never);
      return csvAnswer(csv, `document-access-${String(fields.id)}.csv`);
    },
  }),
];
