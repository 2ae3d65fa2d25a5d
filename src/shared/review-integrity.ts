// Review integrity (issue 33, points 4 and 5; ADR 0048): when scorecards disagree widely enough that
// the lead must record how the team resolved it, and the words of the refusals. Pure: the server
// enforces it (domain/review-integrity.ts), the evaluation page shows the same reasons.

/** A spread (highest minus lowest) at or above these calls for a discussion. */
export const SPLIT_THRESHOLDS = { trl: 3, technicalFeasibility: 30, commercialViability: 30 } as const;
type SplitField = keyof typeof SPLIT_THRESHOLDS;

const SPLIT_LABELS: Record<SplitField, string> = { trl: 'TRL', technicalFeasibility: 'feasibility', commercialViability: 'viability' };

/** Why the scorecards are split ("TRL 3 to 7"), one line per figure; empty when they are not. */
export function splitReasons(cards: readonly Record<SplitField, number>[]): string[] {
  if (cards.length < 2) return [];
  return (Object.keys(SPLIT_THRESHOLDS) as SplitField[]).flatMap((field) => {
    const values = cards.map((card) => card[field]);
    const min = Math.min(...values);
    const max = Math.max(...values);
    return max - min >= SPLIT_THRESHOLDS[field] ? [`${SPLIT_LABELS[field]} from ${min} to ${max}`] : [];
  });
}

export const SPLIT_NEEDS_DISCUSSION = 'The scorecards disagree widely: the lead reviewer must record a discussion note that says how it was resolved first';
export const STALE_SCORECARDS_BLOCK_RELEASE =
  'Some scorecards were submitted before the seller answered an information request: their reviewers must confirm or change them first';
export const NO_SCORECARD_TO_CONFIRM = 'You have no scorecard for this prototype to confirm';
export const ONLY_LEAD_DISCUSSES = 'Only the lead reviewer may record the discussion note';
export const DISCUSSION_NOTE_REQUIRED = 'Please say how the disagreement was resolved';
export const DISCUSSION_NOTE_MAX = 5000;
