// Information requests (issue 14): the admin asks, the seller answers (routers/info-requests.ts).
// Documents sent with an answer stream through rest/documents.ts.
import { z } from 'zod';
import { answerInfoInput, askInfoInput } from '~/shared/schemas/info-requests.ts';
import { adminInfoRequest, infoRequest, openInfoRequests } from '../../domain/views/shapes/info-request.ts';
import { defineRoute } from '../define-route.ts';

export const infoRequestRoutes = [
  defineRoute('POST /api/admin/prototypes/:id/info-requests', {
    access: 'admin',
    tag: 'Admin',
    summary: 'Ask the seller a question about a prototype (optionally asking for documents)',
    input: askInfoInput,
    status: 201,
    output: { shape: adminInfoRequest, description: 'The request (the seller is notified)' },
    errors: [409],
    handler: ({ caller, input }) => caller.infoRequests.ask(input),
  }),
  defineRoute('GET /api/admin/info-requests', {
    access: 'admin',
    tag: 'Admin',
    summary: 'Unanswered information requests, longest waiting first',
    output: { shape: openInfoRequests, description: 'How many are open, and (up to 500 of) them' },
    handler: ({ caller }) => caller.infoRequests.openForAdmin(),
  }),
  defineRoute('GET /api/seller/info-requests', {
    access: 'user',
    tag: 'Seller',
    summary: 'Information requests about your prototypes: open ones first, then the answered, newest first',
    output: { shape: z.array(infoRequest), description: 'Your information requests' },
    handler: ({ caller }) => caller.infoRequests.mine(),
  }),
  defineRoute('POST /api/seller/info-requests/:id/answer', {
    access: 'user',
    tag: 'Seller',
    summary: 'Answer an information request (once)',
    description: 'Send the documents first, to `POST /api/seller/info-requests/{id}/documents`: only an open request takes them.',
    input: answerInfoInput,
    output: { shape: infoRequest, description: 'The answered request' },
    errors: [403, 409],
    handler: ({ caller, input }) => caller.infoRequests.answer(input),
  }),
];
