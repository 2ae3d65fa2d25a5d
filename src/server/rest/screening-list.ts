// POST /api/admin/screening-list (issue 32, point 5; ADR 0050): the Consolidated Screening List as
// published, as a text/csv body. Mounted before the JSON body limit of /api/* (the published list runs
// to megabytes), with its own limit and the same-origin check; the procedure decides who may call
// before it looks at the body.
import type { Hono, Context as HonoContext } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { SCREENING_LIST_MAX_BYTES } from '~/shared/schemas/export-control.ts';
import type { Context } from '../context.ts';
import { screeningListImport } from '../domain/views/shapes/compliance.ts';
import { sameOriginWrites } from '../http/security.ts';
import { createCaller } from '../routers/_app.ts';
import { errorResponse } from './adapter.ts';
import { defineHttpRoute, json } from './define-route.ts';

export const SCREENING_LIST_PATH = '/api/admin/screening-list';

export const screeningListRoute = defineHttpRoute({
  method: 'POST',
  path: SCREENING_LIST_PATH,
  access: 'admin',
  tag: 'Compliance',
  summary: 'Import the Consolidated Screening List (replaces the list in force; earlier imports stay in the history)',
  description:
    'Needs `compliance.manage`. The CSV as published, with a header row; the columns `name`, `alt_names` (separated by semicolons), ' +
    '`addresses`, `countries` and `source` are read. At most 64 MB. A tool for compliance officers, not legal advice.',
  errors: [400],
  operation: {
    requestBody: { required: true, content: { 'text/csv': { schema: z.string().describe('The list as CSV') } } },
    responses: { 201: json(screeningListImport, 'The import: how many entries are in force now') },
  },
});

export function mountScreeningListRoute(
  app: Hono,
  deps: { createContext: (c: HonoContext) => Promise<Context>; allowedOrigins: string[]; log: (line: Record<string, unknown>) => void },
) {
  const limit = bodyLimit({ maxSize: SCREENING_LIST_MAX_BYTES, onError: (c) => c.json({ message: 'Request body is too large' }, 413) });
  app.post(SCREENING_LIST_PATH, sameOriginWrites(deps.allowedOrigins), limit, async (c) => {
    try {
      const csv = await c.req.text();
      const caller = createCaller(await deps.createContext(c));
      const result = await caller.compliance.importList({ contentType: c.req.header('content-type') ?? '', csv });
      return c.json(result, 201);
    } catch (error) {
      return errorResponse(c, error, deps.log);
    }
  });
}
