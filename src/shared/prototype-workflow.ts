// The prototype state machine (spec section 4, plus what follows a deal: issue 14) as data: which
// action is allowed from which status, what it leads to, the stage it moves the prototype to, and
// who may take it. Procedures, the admin UI and the tests all read this table.
// Pure (no server imports) so the client can import it too.
import type { PrototypeStatus } from './constants.ts';
import { stateInSentence } from './format.ts';
import { type PrototypeStage, stageAfterTransition } from './prototype-stages.ts';

export type QuoteCondition = 'any' | 'none' | 'present';
/** The seller's answer to the current quote: anything, not a decline, or no answer yet. */
export type AnswerCondition = 'any' | 'not_declined' | 'unanswered';
export type SellerAnswer = 'accepted' | 'declined';

export interface WorkflowAction {
  label: string;
  actor: 'admin' | 'seller';
  from: readonly PrototypeStatus[];
  /** The status afterwards; null keeps the status (a seller's answer, a revised quote). */
  to: PrototypeStatus | null;
  /** Whether a quote (an amount above 0) must be absent or present. */
  quote: QuoteCondition;
  /** What the seller's answer to the current quote must be. */
  answer: AnswerCondition;
  /** The stage the action moves the prototype to (through stageAfterTransition); null keeps it. */
  stage: PrototypeStage | null;
  /** A decision the seller hears about: it meets the feedback due date (review-promise.ts). */
  decision: boolean;
}

export const PROTOTYPE_ACTIONS = {
  startReview: {
    label: 'Start Review',
    actor: 'admin',
    from: ['submitted'],
    to: 'under_review',
    quote: 'any',
    answer: 'any',
    stage: 'technical_evaluation',
    decision: false,
  },
  approve: {
    label: 'Approve',
    actor: 'admin',
    from: ['submitted', 'under_review'],
    to: 'approved',
    quote: 'any',
    answer: 'any',
    // Approval passes the technical review: the commercial side (value, a quote) comes next.
    stage: 'commercial_evaluation',
    decision: true,
  },
  reject: {
    label: 'Reject',
    actor: 'admin',
    from: ['submitted', 'under_review'],
    to: 'rejected',
    quote: 'any',
    answer: 'any',
    stage: 'closed',
    decision: true,
  },
  quote: {
    label: 'Provide Quote',
    actor: 'admin',
    from: ['submitted', 'under_review', 'approved'],
    to: 'quoted',
    quote: 'none',
    answer: 'any',
    stage: 'negotiation',
    decision: true,
  },
  /** A quote the seller declined is not a deal: revise it or reject it. */
  acceptQuote: {
    label: 'Accept Quote',
    actor: 'admin',
    from: ['quoted'],
    to: 'accepted',
    quote: 'present',
    answer: 'not_declined',
    stage: 'negotiation',
    decision: true,
  },
  rejectQuote: {
    label: 'Reject Quote',
    actor: 'admin',
    from: ['quoted'],
    to: 'rejected',
    quote: 'present',
    answer: 'any',
    stage: 'closed',
    decision: true,
  },
  respondToQuote: {
    label: 'Respond to Quote',
    actor: 'seller',
    from: ['quoted'],
    to: null,
    quote: 'present',
    answer: 'unanswered',
    stage: null,
    decision: false,
  },
  /** A new amount and notes, before or after the seller's answer; the seller answers the new one. */
  reviseQuote: {
    label: 'Revise Quote',
    actor: 'admin',
    from: ['quoted'],
    to: null,
    quote: 'present',
    answer: 'any',
    stage: 'negotiation',
    decision: false,
  },
  startDevelopment: {
    label: 'Start Development',
    actor: 'admin',
    from: ['accepted'],
    to: 'in_development',
    quote: 'any',
    answer: 'any',
    stage: 'development',
    decision: false,
  },
  /** Deployed: the prototype is active and completed (completedAt). */
  markDeployed: {
    label: 'Mark Deployed',
    actor: 'admin',
    from: ['in_development'],
    to: 'active',
    quote: 'any',
    answer: 'any',
    stage: 'deployment',
    decision: false,
  },
} as const satisfies Record<string, WorkflowAction>;

export type PrototypeAction = keyof typeof PROTOTYPE_ACTIONS;
export const PROTOTYPE_ACTION_NAMES = Object.keys(PROTOTYPE_ACTIONS) as PrototypeAction[];

export interface WorkflowSubject {
  status: PrototypeStatus;
  /** The quote as a number (null or 0 means no quote). */
  atomixQuote: number | null;
  /** The seller's answer to the current quote; omitted or null means not answered yet. */
  sellerResponse?: SellerAnswer | null;
}

export function hasQuote(subject: Pick<WorkflowSubject, 'atomixQuote'>): boolean {
  return subject.atomixQuote !== null && subject.atomixQuote > 0;
}

function answerAllows(condition: AnswerCondition, answer: SellerAnswer | null | undefined): boolean {
  if (condition === 'not_declined') return answer !== 'declined';
  if (condition === 'unanswered') return !answer;
  return true;
}

export function isAllowed(action: PrototypeAction, subject: WorkflowSubject): boolean {
  const rule: WorkflowAction = PROTOTYPE_ACTIONS[action];
  if (!rule.from.includes(subject.status)) return false;
  if (rule.quote === 'none' && hasQuote(subject)) return false;
  if (rule.quote === 'present' && !hasQuote(subject)) return false;
  return answerAllows(rule.answer, subject.sellerResponse);
}

/** The actions a given actor is offered for a prototype, in table order. */
export function availableActions(subject: WorkflowSubject, actor: WorkflowAction['actor'] = 'admin'): PrototypeAction[] {
  return PROTOTYPE_ACTION_NAMES.filter((name) => PROTOTYPE_ACTIONS[name].actor === actor && isAllowed(name, subject));
}

/** The stage a prototype is in after `action` from `current` (a decision never moves it back, except to closed). */
export function stageAfterAction(action: PrototypeAction, current: PrototypeStage): PrototypeStage {
  const target: PrototypeStage | null = PROTOTYPE_ACTIONS[action].stage;
  return target ? stageAfterTransition(current, target) : current;
}

/** Why an action is refused, in words for a 409. */
export function refusalMessage(action: PrototypeAction, subject: WorkflowSubject): string {
  const rule: WorkflowAction = PROTOTYPE_ACTIONS[action];
  if (!rule.from.includes(subject.status)) {
    return `${rule.label} is not possible while the prototype is ${stateInSentence(subject.status)}`;
  }
  if (rule.quote === 'none' && hasQuote(subject)) return `${rule.label} is not possible: a quote has already been provided`;
  if (rule.quote === 'present' && !hasQuote(subject)) return `${rule.label} is not possible: no quote has been provided`;
  if (rule.answer === 'not_declined') return `${rule.label} is not possible: the seller declined this quote. Revise the quote or reject it`;
  if (rule.answer === 'unanswered') return 'You have already responded to this quote';
  return `${rule.label} is not possible now`;
}

/** Null when `action` is allowed now; otherwise why not, in the words of the server's 409 (for a disabled button). */
export function actionRefusal(action: PrototypeAction, subject: WorkflowSubject): string | null {
  return isAllowed(action, subject) ? null : refusalMessage(action, subject);
}

// --- The evaluation workbench's rules (issue 14): scoring, the final evaluation, release ---------

/** Statuses after a decision: an evaluation may be released to the seller from these. */
export const RELEASABLE_STATUSES = ['approved', 'rejected', 'quoted', 'accepted', 'in_development', 'active'] as const satisfies readonly PrototypeStatus[];
export const RELEASE_BEFORE_DECISION = 'An evaluation can be released only after a decision (approve, reject or quote)';
export const RELEASE_SCORES_WITHOUT_FINAL = 'Record the final evaluation before releasing its scores';
export const EVALUATION_CLOSED = 'The evaluation is closed';

export interface EvaluationSubject {
  status: PrototypeStatus;
  stage: PrototypeStage;
}

/** Scoring, the final evaluation and questions to the seller end with a rejection or a closed stage. */
export function isEvaluationClosed(subject: EvaluationSubject): boolean {
  return subject.status === 'rejected' || subject.stage === 'closed';
}

/** Null when scorecards and the final evaluation may still be recorded; otherwise why not. */
export function evaluationRefusal(subject: EvaluationSubject): string | null {
  return isEvaluationClosed(subject) ? EVALUATION_CLOSED : null;
}

/**
 * Null when an evaluation may be released to the seller (with the final scores when `includeScores`);
 * otherwise why not. `finalRecorded`: the lead has recorded the final figures.
 */
export function releaseRefusal(subject: { status: PrototypeStatus; finalRecorded: boolean }, includeScores = false): string | null {
  if (!(RELEASABLE_STATUSES as readonly PrototypeStatus[]).includes(subject.status)) return RELEASE_BEFORE_DECISION;
  if (includeScores && !subject.finalRecorded) return RELEASE_SCORES_WITHOUT_FINAL;
  return null;
}

export const QUESTIONS_CLOSED = 'This prototype is closed: no more questions can be asked about it';

/** Null when an admin may still ask the seller a question about the prototype; otherwise why not. */
export function questionRefusal(subject: EvaluationSubject): string | null {
  return isEvaluationClosed(subject) ? QUESTIONS_CLOSED : null;
}
