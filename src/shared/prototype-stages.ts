// The evaluation stages (prototypes.stage) as data, beside the status table in prototype-workflow.ts.
// The stored stage is the one truth: admins move it one step at a time through the evaluation
// stages, and the status transitions move it where a decision puts it (a quote into negotiation, a
// rejection to closed, Start Development and Mark Deployed into the last two). Pure: the client
// imports it too.
import type { PrototypeStatus } from './constants.ts';
import { PIPELINE_STAGES } from './constants.ts';
import { stateInSentence } from './format.ts';

export const PROTOTYPE_STAGES = [...PIPELINE_STAGES, 'closed'] as const;
export type PrototypeStage = (typeof PROTOTYPE_STAGES)[number];

/** The stages an admin moves a prototype through by hand, one step forward or back. */
export const EVALUATION_STAGES = [
  'initial_review',
  'technical_evaluation',
  'commercial_evaluation',
  'negotiation',
] as const satisfies readonly PrototypeStage[];
export type EvaluationStage = (typeof EVALUATION_STAGES)[number];

/** Statuses in which the evaluation is still open, so its stage may be moved by hand. */
export const STAGE_MOVABLE_STATUSES = ['submitted', 'under_review', 'approved'] as const satisfies readonly PrototypeStatus[];

export interface StageRule {
  /** Moved into by hand (the evaluation stages) or only by a status transition. */
  manual: boolean;
  /** One line for the board's column and the seller's progress. */
  description: string;
}

export const STAGES = {
  initial_review: { manual: true, description: 'First look: complete, in scope, confidential handling set up.' },
  technical_evaluation: { manual: true, description: 'Engineers assess feasibility, readiness and risk.' },
  commercial_evaluation: { manual: true, description: 'Market potential, value and investment needed.' },
  negotiation: { manual: true, description: 'A quote is on the table.' },
  development: { manual: false, description: 'Bought by Atomix and being developed.' },
  deployment: { manual: false, description: 'Deployed in the Atomix portfolio.' },
  closed: { manual: false, description: 'Ended without a deal.' },
} as const satisfies Record<PrototypeStage, StageRule>;

export function isEvaluationStage(stage: string): stage is EvaluationStage {
  return (EVALUATION_STAGES as readonly string[]).includes(stage);
}

/** The stages one step before and after, among those an admin may move to by hand. */
export function neighbourStages(stage: PrototypeStage): { previous: EvaluationStage | null; next: EvaluationStage | null } {
  if (!isEvaluationStage(stage)) return { previous: null, next: null };
  const index = EVALUATION_STAGES.indexOf(stage);
  return { previous: EVALUATION_STAGES[index - 1] ?? null, next: EVALUATION_STAGES[index + 1] ?? null };
}

export interface StageSubject {
  status: PrototypeStatus;
  stage: PrototypeStage;
}

/** Null when an admin may move the prototype from its stage to `to`; otherwise why not (a 409). */
export function stageMoveRefusal(subject: StageSubject, to: PrototypeStage): string | null {
  if (!(STAGE_MOVABLE_STATUSES as readonly string[]).includes(subject.status)) {
    return `The stage cannot be changed while the prototype is ${stateInSentence(subject.status)}`;
  }
  if (!isEvaluationStage(to)) return `A prototype enters ${stateInSentence(to)} through its status, not by a stage move`;
  const { previous, next } = neighbourStages(subject.stage);
  if (to !== previous && to !== next) return 'A prototype moves one stage forward or back at a time';
  return null;
}

/**
 * The status after a stage move: moving a submitted prototype out of initial_review starts its
 * review (under_review), as Start Review does; every other move keeps the status.
 */
export function statusAfterStageMove(subject: StageSubject): PrototypeStatus {
  return subject.status === 'submitted' && subject.stage === 'initial_review' ? 'under_review' : subject.status;
}

/** Stage order for "at least this far" (closed sorts last). */
export function stageIndex(stage: PrototypeStage): number {
  return PROTOTYPE_STAGES.indexOf(stage);
}

/**
 * The stage a status transition leaves a prototype in: a decision never moves a prototype back,
 * except a rejection, which closes it.
 */
export function stageAfterTransition(current: PrototypeStage, target: PrototypeStage): PrototypeStage {
  if (target === 'closed' || current === 'closed') return target;
  return stageIndex(target) > stageIndex(current) ? target : current;
}
