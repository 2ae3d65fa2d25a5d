// Where a quoted prototype's deal stands for its seller (issue 34, point 5): after the seller accepts
// a quote the status stays "quoted" until the team confirms the purchase, so the seller's screens
// read the answer too, and say what happens next. Pure: the seller's pages and their tests use it.
import { stateLabel } from './format.ts';
import type { PrototypeStage } from './prototype-stages.ts';
import { STAGES } from './prototype-stages.ts';
import type { SellerAnswer } from './prototype-workflow.ts';

export interface DealSubject {
  status: string;
  /** The seller's answer to the current quote (null: none yet). */
  sellerResponse?: SellerAnswer | string | null;
}

export type DealState = 'answered_accepted' | 'answered_declined' | 'confirmed' | null;

/** The seller's accepted or declined answer waiting on the team, or a confirmed purchase; null otherwise. */
export function dealState(subject: DealSubject): DealState {
  if (subject.status === 'accepted') return 'confirmed';
  if (subject.status !== 'quoted') return null;
  if (subject.sellerResponse === 'accepted') return 'answered_accepted';
  if (subject.sellerResponse === 'declined') return 'answered_declined';
  return null;
}

/** The seller's badge: their answer while the status is still "quoted", else the status. */
export function sellerStatusLabel(subject: DealSubject): string {
  const state = dealState(subject);
  if (state === 'answered_accepted') return 'Quote accepted';
  if (state === 'answered_declined') return 'Quote declined';
  return stateLabel(subject.status);
}

/** The line under the seller's stepper: what the current stage means for this prototype now. */
export function sellerStageNote(stage: PrototypeStage, subject: DealSubject): string {
  switch (dealState(subject)) {
    case 'answered_accepted':
      return 'You accepted the quote. The Atomix team confirms the purchase next.';
    case 'answered_declined':
      return 'You declined the quote. The team may revise it or close the evaluation.';
    case 'confirmed':
      return 'Purchase confirmed: your payout is being prepared, and development starts next.';
    default:
      return STAGES[stage].description;
  }
}

/** The seller's answer to the latest quote, read from a timeline (oldest first): null when a newer quote awaits one. */
export function answerFromTimeline(timeline: readonly { event: string; metadata?: unknown }[]): SellerAnswer | null {
  for (let i = timeline.length - 1; i >= 0; i--) {
    const entry = timeline[i]!;
    if (entry.event === 'quote_provided' || entry.event === 'quote_revised') return null;
    if (entry.event === 'quote_response') {
      const response = (entry.metadata as { response?: unknown } | null)?.response;
      return response === 'accepted' || response === 'declined' ? response : null;
    }
  }
  return null;
}
