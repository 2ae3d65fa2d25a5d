// Conflicts of interest and reviewer suggestions (issue 33, points 1 and 3; routers/conflicts.ts).
import { z } from 'zod';
import { prototypeIdInput } from '~/shared/schemas/admin.ts';
import { conflictIdInput, declareConflictInput } from '~/shared/schemas/conflicts.ts';
import { declaredConflict, prototypeConflict, reviewerSuggestion } from '../../domain/views/shapes/conflicts.ts';
import { defineRoute } from '../define-route.ts';

const tag = 'Evaluation';
const params = prototypeIdInput.pick({ id: true });

export const conflictRoutes = [
  defineRoute('GET /api/admin/conflicts', {
    access: 'admin',
    tag,
    summary: 'The conflicts of interest you declared, newest first',
    output: { shape: z.array(declaredConflict), description: 'Your declared conflicts' },
    handler: ({ caller }) => caller.conflicts.mine(),
  }),
  defineRoute('POST /api/admin/conflicts', {
    access: 'admin',
    tag,
    summary: 'Declare a conflict of interest with a seller',
    description:
      "You leave the panel of each of the seller's prototypes at once (a lead seat you held is left empty); a scorecard you submitted stays for the record and counts in no aggregate. 404 for an unknown seller, 409 when already declared.",
    body: declareConflictInput,
    status: 201,
    output: { shape: declaredConflict, description: 'Declared' },
    errors: [404, 409],
    handler: ({ caller, input }) => caller.conflicts.declare(input),
  }),
  defineRoute('DELETE /api/admin/conflicts/:id', {
    access: 'admin',
    tag,
    summary: 'Remove one of your declared conflicts (panels you left stay as they are)',
    params: conflictIdInput,
    status: 204,
    output: { description: 'Removed' },
    handler: ({ caller, input }) => caller.conflicts.remove(input),
  }),
  defineRoute('GET /api/admin/prototypes/:id/conflicts', {
    access: 'admin',
    tag,
    summary: "Each administrator's conflicts of interest with this prototype's seller (shared e-mail domain, same organization, declared)",
    params,
    output: { shape: z.array(prototypeConflict), description: 'The conflicted administrators and why' },
    handler: ({ caller, input }) => caller.conflicts.forPrototype(input),
  }),
  defineRoute('GET /api/admin/prototypes/:id/reviewer-suggestions', {
    access: 'admin',
    tag,
    summary: 'Administrators who may review this prototype, ranked: expertise matching its energy type first, then the lowest open load',
    description: 'Administrators in conflict with the seller are left out. `openLoad` counts their assignments on other prototypes not yet decided.',
    params,
    output: { shape: z.array(reviewerSuggestion), description: 'The ranked suggestions' },
    handler: ({ caller, input }) => caller.conflicts.suggestions(input),
  }),
];
