// The admin pipeline board (issue 14 point 10): a column per stage with the stage's total and its
// newest cards. One groupBy for the totals and one small indexed query per stage (prototypes
// (stage, created_at DESC)), so the board costs the same with ten prototypes or a hundred thousand.
// A card's final figures are shown only to whom the evaluation page shows them (score-visibility.ts).
import type { z } from 'zod';
import type { Prisma } from '~/generated/prisma/client.ts';
import { fullName } from '~/shared/format.ts';
import { type DueDate, type DueState, dueDates, dueState } from '~/shared/review-promise.ts';
import { PROTOTYPE_STAGES, type PrototypeStage } from '~/shared/prototype-stages.ts';
import type { pipelineBoardInput } from '~/shared/schemas/pipeline.ts';
import type { Db } from '../../db/index.ts';
import { scoresHiddenFrom, withoutFinalFigures } from '../score-visibility.ts';
import { type ViewerFacts, scoreMaskFactsSelect, withoutFactsOnly } from '../viewer-facts.ts';
import { personName } from './person-name.ts';
import { newestFirst } from '../keyset.ts';

type BoardInput = z.output<typeof pipelineBoardInput>;

const boardCardSelect = {
  id: true,
  prototypeName: true,
  inventorName: true,
  energyType: true,
  status: true,
  stage: true,
  priority: true,
  technicalFeasibility: true,
  commercialViability: true,
  trl: true,
  createdAt: true,
  initialReviewMetAt: true,
  feedbackMetAt: true,
  assignee: { select: personName },
} satisfies Prisma.PrototypeSelect;
type BoardCardRow = Prisma.PrototypeGetPayload<{ select: typeof boardCardSelect }>;

/** The promise a card's due badge shows: the initial review while in initial_review, then the feedback. */
export interface BoardDue {
  which: 'initial_review' | 'feedback';
  dueAt: Date;
  metAt: Date | null;
  state: DueState;
}

/**
 * In initial_review the initial-review date; in the evaluation stages the feedback date; once a
 * prototype is decided (development, deployment, closed) only a met feedback date is worth showing.
 */
export function boardDue(row: Pick<BoardCardRow, 'stage' | 'createdAt' | 'initialReviewMetAt' | 'feedbackMetAt'>, now: Date): BoardDue | null {
  const dates = dueDates(row);
  const pick = (which: BoardDue['which'], due: DueDate): BoardDue => ({ which, ...due, state: dueState(due, now) });
  if (row.stage === 'initial_review') return pick('initial_review', dates.initialReview);
  if (row.stage === 'development' || row.stage === 'deployment' || row.stage === 'closed') {
    return dates.feedback.metAt ? pick('feedback', dates.feedback) : null;
  }
  return pick('feedback', dates.feedback);
}

function toBoardCard(row: BoardCardRow, now: Date) {
  const { assignee, initialReviewMetAt: _i, feedbackMetAt: _f, ...card } = row;
  return { ...card, leadName: assignee ? fullName(assignee) : null, due: boardDue(row, now) };
}
export type BoardCard = ReturnType<typeof toBoardCard>;

export interface BoardColumn {
  stage: PrototypeStage;
  total: number;
  cards: BoardCard[];
}

export async function pipelineBoard(db: Db, input: BoardInput, facts: ViewerFacts): Promise<{ now: Date; columns: BoardColumn[] }> {
  const { now } = facts;
  const where: Prisma.PrototypeWhereInput = {};
  if (input.energyType) where.energyType = input.energyType;
  if (input.priority) where.priority = input.priority;
  if (input.mine) where.assignedTo = facts.viewer.id;
  const [counts, ...cardsByStage] = await Promise.all([
    db.prototype.groupBy({ by: ['stage'], where, _count: { _all: true } }),
    ...PROTOTYPE_STAGES.map((stage) =>
      db.prototype.findMany({
        where: { ...where, stage },
        orderBy: newestFirst(),
        take: input.perStage,
        // With what the score mask asks of these cards, so that it need not read it again.
        select: { ...boardCardSelect, ...scoreMaskFactsSelect(facts.viewer.id) },
      }),
    ),
  ]);
  facts.know(cardsByStage.flat());
  const columns = PROTOTYPE_STAGES.map((stage, index) => ({
    stage,
    total: counts.find((row) => row.stage === stage)?._count._all ?? 0,
    cards: (cardsByStage[index] ?? []).map((row) => {
      const { seller: _seller, assignedTo: _lead, updatedAt: _updated, ...card } = withoutFactsOnly(row);
      return toBoardCard(card, now);
    }),
  }));
  // A card's figures follow the evaluation page's rule (score-visibility.ts, ADR 0049): null where hidden from the viewer.
  const hidden = await scoresHiddenFrom(
    facts,
    columns.flatMap((column) => column.cards.map((card) => card.id)),
  );
  for (const column of columns) column.cards = column.cards.map((card) => (hidden.has(card.id) ? withoutFinalFigures(card) : card));
  return { now, columns };
}
export type PipelineBoard = Awaited<ReturnType<typeof pipelineBoard>>;
