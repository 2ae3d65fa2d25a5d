// The admin's prototypes and users: the two lists, the review and quote transitions, the lifecycle
// after review, user management and starting a thread with a user (routers/admin.ts).
import { z } from 'zod';
import { ADMIN_MAX_PAGE_SIZE } from '~/shared/constants.ts';
import {
  adminMessageInput,
  deleteUserInput,
  finalApproveInput,
  finalRejectInput,
  moveStageInput,
  prototypeIdInput,
  prototypeListInput,
  quoteInput,
  rejectInput,
  resetPasswordInput,
  reviseQuoteInput,
  userListInput,
  userStatusInput,
} from '~/shared/schemas/admin.ts';
import { adminMessage } from '../../domain/views/shapes/message.ts';
import { adminPrototype, adminPrototypeListRow } from '../../domain/views/shapes/prototype.ts';
import { adminUser } from '../../domain/views/shapes/user.ts';
import { type ProcedureRoute, type RestRequest, defineRoute, pagedList, successBody } from '../define-route.ts';

const tag = 'Admin';
const prototypeParams = prototypeIdInput.pick({ id: true });
const userParams = deleteUserInput.pick({ id: true });

// The amount is checked by a refinement zod-openapi cannot see through: say what it accepts.
const amountDocumented = <T extends z.AnyZodObject>(schema: T) =>
  schema.omit({ id: true }).extend({
    atomixQuote: (schema.shape.atomixQuote as z.ZodTypeAny).openapi({
      type: ['number', 'string'],
      description: 'Above 0, at most 2 decimals and 10 digits before the point: a number or a decimal string ("48000.50")',
    }),
  });

/** A move of a prototype through the workflow: answered with the admin's view of it, in its new status. */
function transition(
  path: string,
  summary: string,
  handler: (caller: RestRequest['caller'], input: never) => Promise<unknown>,
  body?: z.ZodTypeAny,
): ProcedureRoute {
  return defineRoute(`PATCH /api/admin/prototypes/:id/${path}`, {
    access: 'admin',
    tag,
    summary,
    params: prototypeParams,
    ...(body ? { body } : {}),
    output: { shape: adminPrototype, description: 'The prototype in its new status' },
    errors: [409],
    handler: ({ caller, input }) => handler(caller, input),
  });
}

export const adminRoutes = [
  // Lists: JSON arrays, newest first; optional limit/cursor, the next page in the Link header.
  pagedList({
    path: '/api/admin/prototypes',
    access: 'admin',
    tag,
    summary: 'All prototypes, newest first (paged)',
    input: prototypeListInput,
    fixed: { sort: 'newest' },
    defaultLimit: ADMIN_MAX_PAGE_SIZE,
    item: adminPrototypeListRow,
    answers: 'One page',
    list: (caller, input) => caller.admin.prototypes(input),
  }),
  pagedList({
    path: '/api/admin/users',
    access: 'admin',
    tag,
    summary: 'All users, newest first (paged)',
    input: userListInput,
    fixed: { sort: 'newest' },
    defaultLimit: ADMIN_MAX_PAGE_SIZE,
    item: adminUser,
    answers: 'One page',
    list: (caller, input) => caller.admin.users(input),
  }),
  transition('approve', 'Approve a prototype', (caller, input) => caller.admin.approve(input)),
  transition('reject', 'Reject a prototype with a reason', (caller, input) => caller.admin.reject(input), rejectInput.omit({ id: true })),
  transition('quote', 'Provide a quote', (caller, input) => caller.admin.quote(input), amountDocumented(quoteInput)),
  transition(
    'final-approve',
    'Accept the quote (creates the pending payout)',
    (caller, input) => caller.admin.acceptQuote(input),
    finalApproveInput.omit({ id: true }),
  ),
  transition('final-reject', 'Reject the quote', (caller, input) => caller.admin.rejectQuote(input), finalRejectInput.omit({ id: true })),
  // The lifecycle after review (issue 14)
  transition(
    'stage',
    'Move the prototype one evaluation stage forward or back (from submitted, out of initial review, this starts its review)',
    (caller, input) => caller.admin.moveStage(input),
    moveStageInput.omit({ id: true }),
  ),
  transition('start-development', 'Start development of an accepted prototype (stage development)', (caller, input) => caller.admin.startDevelopment(input)),
  transition('mark-deployed', 'Mark a prototype in development deployed (status active, stage deployment, completedAt set)', (caller, input) =>
    caller.admin.markDeployed(input),
  ),
  transition(
    'revise-quote',
    'Revise the quote (a new version; the seller answers the new amount)',
    (caller, input) => caller.admin.reviseQuote(input),
    amountDocumented(reviseQuoteInput),
  ),
  // Users
  defineRoute('PATCH /api/admin/users/:id/status', {
    access: 'admin',
    tag,
    summary: "Set a user's status (active, restricted, banned)",
    input: userStatusInput.innerType(),
    output: { shape: adminUser, description: 'The user' },
    handler: ({ caller, input }) => caller.admin.updateUserStatus(input),
  }),
  defineRoute('PUT /api/admin/users/:id/password', {
    access: 'admin',
    tag,
    summary: "Set a user's password (signs them out everywhere)",
    input: resetPasswordInput,
    output: { shape: successBody, description: 'Password set' },
    handler: ({ caller, input }) => caller.admin.resetPassword(input),
  }),
  defineRoute('DELETE /api/admin/users/:id', {
    access: 'admin',
    tag,
    summary: 'Delete a user with their prototypes, documents and messages',
    params: userParams,
    output: { shape: successBody, description: 'Deleted' },
    handler: ({ caller, input }) => caller.admin.deleteUser(input),
  }),
  defineRoute('POST /api/admin/messages', {
    access: 'admin',
    tag,
    summary: 'Start a message thread with a user',
    body: adminMessageInput,
    status: 201,
    output: { shape: adminMessage, description: 'The message' },
    errors: [404],
    handler: ({ caller, input }) => caller.admin.sendMessage(input),
  }),
];
