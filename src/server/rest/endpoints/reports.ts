// Concern reports (issue 15, point 5; ADR 0018): filing one, and the admin queue (routers/reports.ts).
import { INT4_MAX } from '~/shared/schemas/bounds.ts';
import { fileReportInput, reportListInput, reportUpdateInput } from '~/shared/schemas/reports.ts';
import { adminReport, ownReport } from '../../domain/views/shapes/report.ts';
import { defineRoute, pagedList } from '../define-route.ts';

export const reportRoutes = [
  defineRoute('POST /api/reports', {
    access: 'user',
    tag: 'Reports',
    summary: 'Report a concern: a message you received or your own prototype (administrators: any prototype, message or user)',
    description:
      'Needs `reports.file`. 404 for anything you cannot see (as for what does not exist); 403 for a user account unless you are an administrator; 409 while your report about the same target is open.',
    // The target's id is checked against its type (a refinement zod-openapi cannot state).
    body: fileReportInput.innerType().extend({
      targetId: fileReportInput.innerType().shape.targetId.openapi({
        anyOf: [
          { type: 'integer', minimum: 1, maximum: INT4_MAX },
          { type: 'string', pattern: '^[0-9]{1,10}$' },
          { type: 'string', format: 'uuid' },
        ],
        description: "A prototype's or message's number (1 to 2147483647, or its digits), or a user's id (a uuid)",
      }),
    }),
    status: 201,
    output: { shape: ownReport, description: 'The report' },
    errors: [403, 404, 409, 429],
    handler: ({ caller, input }) => caller.reports.file(input),
  }),
  pagedList({
    path: '/api/admin/reports',
    access: 'admin',
    tag: 'Admin',
    summary: 'The concern reports queue, newest first, filtered by status, reason and target type',
    input: reportListInput,
    filters: ['status', 'reason', 'targetType'],
    item: adminReport,
    answers: 'One page of reports',
    list: (caller, input) => caller.reports.queue(input),
  }),
  defineRoute('PATCH /api/admin/reports/:id', {
    access: 'admin',
    tag: 'Admin',
    summary: 'Review, resolve or dismiss a report (resolving or dismissing needs a resolution; the reporter is told)',
    description: 'Needs `users.manage`. 409 once the report is resolved or dismissed.',
    input: reportUpdateInput.innerType(),
    output: { shape: adminReport, description: 'The report after the change' },
    errors: [409],
    handler: ({ caller, input }) => caller.reports.update(input),
  }),
];
