// CSV exports of the admin lists: the file, and an audit row saying who took which rows out.
import type { z } from 'zod';
import { CSV_EXPORT_LIMIT, type activityFilters, type prototypeFilters } from '~/shared/schemas/admin.ts';
import { logActivity } from './activity-log.ts';
import { activityCsv } from './views/activity-view.ts';
import { prototypesCsv } from './views/prototype-view.ts';
import { viewerFacts } from './viewer-facts.ts';
import type { DomainDeps } from './deps.ts';

export interface ExportDeps extends DomainDeps {
  actorId: string;
  now: Date;
}

export async function exportPrototypes(deps: ExportDeps, filters: z.output<typeof prototypeFilters>) {
  const csv = await prototypesCsv(deps.db, filters, CSV_EXPORT_LIMIT, { userId: deps.actorId, now: deps.now });
  await logActivity(deps.db, deps.meta, { userId: deps.actorId, action: 'admin.export.prototypes', details: { ...filters } });
  return csv;
}

export async function exportActivity(deps: ExportDeps, filters: z.output<typeof activityFilters>) {
  const csv = await activityCsv(deps.db, filters, CSV_EXPORT_LIMIT, viewerFacts(deps.db, { id: deps.actorId, role: 'admin' }, deps.now));
  await logActivity(deps.db, deps.meta, { userId: deps.actorId, action: 'admin.export.activity', details: { ...filters } });
  return csv;
}
