// What a seller sees of the team's work on their prototype, written once (ADRs 0014, 0015, 0037): the
// timeline events they see (their timeline, their pipeline, the live events of a change) and how the
// team's members appear in them. An event not listed in SELLER_TIMELINE_EVENTS is internal.
import type { PrototypeStatus, Role } from '~/shared/constants.ts';
import type { TimelineEvent } from '~/shared/event-names.ts';
import { isTimelineEvent, statusAfter } from '~/shared/timeline-text.ts';

/** Statuses in which the seller sees the development milestone: its fields, its timeline rows, its notice. */
export const MILESTONE_VISIBLE_STATUSES = ['in_development', 'active'] as const satisfies readonly PrototypeStatus[];

/** When the seller sees an event: always, or only if it happened while the prototype was in one of these statuses. */
export type SellerSees = 'always' | readonly PrototypeStatus[];

/**
 * The timeline events a seller sees. Internal, so not listed: `assigned` (the lead's id),
 * `reviewers_assigned` (how many review), `reviewer_withdrawn` (a conflict of interest), `scorecard_submitted` (who scored), `evaluation_finalised`
 * (the final figures are the team's until a release includes them), `discussion_recorded` (the lead's
 * internal note on a split decision, issue 33 point 5).
 */
export const SELLER_TIMELINE_EVENTS: Readonly<Partial<Record<TimelineEvent, SellerSees>>> = {
  submitted: 'always',
  document_uploaded: 'always',
  status_changed: 'always',
  stage_changed: 'always',
  quote_provided: 'always',
  quote_revised: 'always',
  quote_accepted: 'always',
  quote_rejected: 'always',
  quote_response: 'always',
  development_started: 'always',
  deployed: 'always',
  // The priority and the reviewer comments are in the seller's view (spec section 3; the rejection reason is a comment).
  priority_changed: 'always',
  comments_updated: 'always',
  info_requested: 'always',
  info_answered: 'always',
  evaluation_released: 'always',
  milestone_set: MILESTONE_VISIBLE_STATUSES,
};

/** The rule of a stored event name; rows of early seeds named a status change "status:<status>". */
export function sellerRule(event: string): SellerSees | null {
  if (isTimelineEvent(event)) return SELLER_TIMELINE_EVENTS[event] ?? null;
  return event.startsWith('status:') ? 'always' : null;
}

/** Whether the seller sees `event`, recorded while the prototype had `status`. */
export function sellerSees(event: string, status: string): boolean {
  const rule = sellerRule(event);
  return rule === 'always' || (rule !== null && (rule as readonly string[]).includes(status));
}

export function milestoneVisible(status: string): boolean {
  return (MILESTONE_VISIBLE_STATUSES as readonly string[]).includes(status);
}

interface TimelineRow {
  event: string;
  metadata: unknown;
  performedBy?: string | null;
  performer?: { firstName: string | null; role: Role } | null;
}

/**
 * A prototype's timeline (oldest first) as its seller sees it: the events listed above, each judged by
 * the status the prototype had when it was recorded (replayed from the timeline itself), and the team's
 * members as the team: no id, no name (the client shows "Atomix team").
 */
export function sellerTimeline<Row extends TimelineRow>(rows: readonly Row[], sellerId: string): Row[] {
  const seen: Row[] = [];
  let status: string = 'submitted';
  for (const row of rows) {
    if (sellerSees(row.event, status)) seen.push(row.performedBy && row.performedBy !== sellerId ? asTheTeam(row) : row);
    status = statusAfter(row) ?? status;
  }
  return seen;
}

function asTheTeam<Row extends TimelineRow>(row: Row): Row {
  return Object.assign({}, row, { performedBy: null, performer: row.performer ? { firstName: null, role: row.performer.role } : row.performer });
}
