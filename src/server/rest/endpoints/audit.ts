// The access record's check (issue 31, point 7; ADR 0047; routers/audit.ts).
import { accessRecordVerdict } from '../../domain/views/shapes/audit.ts';
import { defineRoute } from '../define-route.ts';

export const auditRoutes = [
  defineRoute('GET /api/admin/audit/verify', {
    access: 'admin',
    tag: 'Admin',
    summary: 'Check the access record: every row must hash as written and name the row before it',
    description:
      'Needs `permissions.manage`. `{ ok: true, rows }`, or `{ ok: false, firstBrokenId }`: the first row changed, the row after a deleted one, or (when the last rows were deleted) the id the record ended at.',
    output: { shape: accessRecordVerdict, description: 'The verdict' },
    handler: ({ caller }) => caller.audit.verify(),
  }),
];
