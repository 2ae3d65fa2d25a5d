// The compliance dashboard's figures (issue 32, point 6; ADR 0050): prototypes by compliance state,
// with the newest of each listed, and the screening hits waiting for a decision. The state is
// computed, not stored (complianceState, one rule), so every prototype's inputs are read: a few
// small rows each, which is fine for a catalogue of thousands.
import { COMPLIANCE_STATES, type ComplianceState } from '~/shared/export-control.ts';
import { fullName } from '~/shared/format.ts';
import type { Db } from '../db/index.ts';
import { complianceState, complianceStateSelect } from './export-control.ts';

/** How many prototypes of each state the dashboard lists (newest first); the count covers them all. */
export const DASHBOARD_ITEMS_PER_STATE = 25;
/** Controlled items are listed whole (up to this): each has its release report, and authorizations name one. */
export const DASHBOARD_CONTROLLED_ITEMS = 1000;

export async function complianceDashboard(db: Db, perState = DASHBOARD_ITEMS_PER_STATE) {
  const rows = await db.prototype.findMany({
    orderBy: { id: 'desc' },
    select: {
      id: true,
      prototypeName: true,
      status: true,
      createdAt: true,
      seller: { select: { firstName: true, lastName: true, email: true } },
      ...complianceStateSelect,
      exportClassifications: { orderBy: { id: 'desc' }, take: 1, select: { controlled: true, classification: true } },
    },
  });
  const byState = new Map<ComplianceState, { count: number; items: DashboardItem[] }>(COMPLIANCE_STATES.map((state) => [state, { count: 0, items: [] }]));
  for (const row of rows) {
    const state = complianceState(row);
    const group = byState.get(state)!;
    group.count += 1;
    if (group.items.length < (state === 'controlled' ? DASHBOARD_CONTROLLED_ITEMS : perState)) {
      group.items.push({
        id: row.id,
        prototypeName: row.prototypeName,
        status: row.status,
        createdAt: row.createdAt,
        sellerName: fullName(row.seller) || row.seller.email,
        // The officer's classification on record (null: none yet).
        classification: row.exportClassifications[0]?.classification ?? null,
      });
    }
  }
  const openHits = await db.screeningHit.count({ where: { status: 'open' } });
  return { states: COMPLIANCE_STATES.map((state) => ({ state, ...byState.get(state)! })), openHits };
}

interface DashboardItem {
  id: number;
  prototypeName: string;
  status: string;
  createdAt: Date;
  sellerName: string;
  classification: string | null;
}
