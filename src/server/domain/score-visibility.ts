// Who sees a prototype's scores: the scorecards, their aggregate and the lead's final figures (issue 33,
// point 2; ADR 0049). One rule, read by the evaluation page (views/evaluation-view.ts) for one prototype
// and here for many at once by every other view that carries the final figures: the prototype list,
// the pipeline board and the activity log (the final evaluation's audit row).
import { SCORE_FIELD_NAMES } from '~/shared/schemas/evaluation.ts';
import type { ViewerFacts } from './viewer-facts.ts';

/** What the rule needs to know about one viewer and one prototype. */
export interface ScoreViewer {
  /** In conflict with the prototype's seller (conflicts-of-interest.ts). */
  conflicted: boolean;
  /** Ever a reviewer or the lead of this prototype (prototype_panel_members, or seated now). */
  onPanel: boolean;
  /** Their own scorecard is in and counts (not set aside for a conflict). */
  ownScorecardCounts: boolean;
}

/**
 * An admin who has never been on the panel sees the scores (they are not scoring); a panel member
 * only once their own counting scorecard is in; an admin in conflict with the seller never. Leaving,
 * re-joining or leading the panel changes nothing.
 */
export function maySeeScores({ conflicted, onPanel, ownScorecardCounts }: ScoreViewer): boolean {
  if (conflicted) return false;
  return !onPanel || ownScorecardCounts;
}

/** The final evaluation's figures, as the prototype's columns (a scorecard's): what a hidden view shows as null. */
const FINAL_FIGURE_FIELDS = SCORE_FIELD_NAMES;
type FinalFigureField = (typeof FINAL_FIGURE_FIELDS)[number];

export type MaskedFigures<T> = { [K in keyof T]: K extends FinalFigureField ? T[K] | null : T[K] };

/** `row` with whichever final figures it carries set to null. */
export function withoutFinalFigures<T extends object>(row: T): MaskedFigures<T> {
  const masked: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const field of FINAL_FIGURE_FIELDS) if (field in masked) masked[field] = null;
  return masked as MaskedFigures<T>;
}

/**
 * Of `prototypeIds`, those whose scores the viewer (an admin) may not see under `maySeeScores`, from
 * the call's facts: the viewer's place on each panel, and the conflicts the gate reads too.
 */
export async function scoresHiddenFrom(facts: ViewerFacts, prototypeIds: readonly number[]): Promise<Set<number>> {
  const ids = [...new Set(prototypeIds)];
  if (ids.length === 0) return new Set();
  const [places, conflicted] = await Promise.all([facts.panelPlaces(ids), facts.conflicts(ids)]);
  return new Set(
    ids.filter((id) => {
      const place = places.get(id);
      return !maySeeScores({ conflicted: conflicted.has(id), onPanel: place !== undefined, ownScorecardCounts: place?.ownScorecardCounts ?? false });
    }),
  );
}

/** Rows with the final figures of those hidden from the viewer set to null (the rows keep their order). */
export async function maskFinalFigures<T extends { id: number }>(facts: ViewerFacts, rows: readonly T[]): Promise<MaskedFigures<T>[]> {
  const hidden = await scoresHiddenFrom(
    facts,
    rows.map((row) => row.id),
  );
  // A row shown as it is fits the masked type (each figure may be null there).
  return rows.map((row) => (hidden.has(row.id) ? withoutFinalFigures(row) : (row as MaskedFigures<T>)));
}
