// The prototype state machine (spec section 4) as data: which action is allowed from which status,
// what it leads to, and who may take it. Procedures, the admin UI and the tests all read this table.
// Pure (no server imports) so the client can import it too.
import type { PrototypeStatus } from './constants.ts';

export type QuoteCondition = 'any' | 'none' | 'present';

export interface WorkflowAction {
  label: string;
  actor: 'admin' | 'seller';
  from: readonly PrototypeStatus[];
  /** The status afterwards; null keeps the status (a seller's answer to a quote). */
  to: PrototypeStatus | null;
  /** Whether a quote (an amount above 0) must be absent or present. */
  quote: QuoteCondition;
}

export const PROTOTYPE_ACTIONS = {
  startReview: { label: 'Start Review', actor: 'admin', from: ['submitted'], to: 'under_review', quote: 'any' },
  approve: { label: 'Approve', actor: 'admin', from: ['submitted', 'under_review'], to: 'approved', quote: 'any' },
  reject: { label: 'Reject', actor: 'admin', from: ['submitted', 'under_review'], to: 'rejected', quote: 'any' },
  quote: { label: 'Provide Quote', actor: 'admin', from: ['submitted', 'under_review'], to: 'quoted', quote: 'none' },
  acceptQuote: { label: 'Accept Quote', actor: 'admin', from: ['quoted'], to: 'accepted', quote: 'present' },
  rejectQuote: { label: 'Reject Quote', actor: 'admin', from: ['quoted'], to: 'rejected', quote: 'present' },
  respondToQuote: { label: 'Respond to Quote', actor: 'seller', from: ['quoted'], to: null, quote: 'present' },
} as const satisfies Record<string, WorkflowAction>;

export type PrototypeAction = keyof typeof PROTOTYPE_ACTIONS;
export const PROTOTYPE_ACTION_NAMES = Object.keys(PROTOTYPE_ACTIONS) as PrototypeAction[];

export interface WorkflowSubject {
  status: PrototypeStatus;
  /** The quote as a number (null or 0 means no quote). */
  atomixQuote: number | null;
}

export function hasQuote(subject: Pick<WorkflowSubject, 'atomixQuote'>): boolean {
  return subject.atomixQuote !== null && subject.atomixQuote > 0;
}

export function isAllowed(action: PrototypeAction, subject: WorkflowSubject): boolean {
  const rule: WorkflowAction = PROTOTYPE_ACTIONS[action];
  if (!rule.from.includes(subject.status)) return false;
  if (rule.quote === 'none') return !hasQuote(subject);
  if (rule.quote === 'present') return hasQuote(subject);
  return true;
}

/** The actions a given actor is offered for a prototype, in table order. */
export function availableActions(subject: WorkflowSubject, actor: WorkflowAction['actor'] = 'admin'): PrototypeAction[] {
  return PROTOTYPE_ACTION_NAMES.filter((name) => PROTOTYPE_ACTIONS[name].actor === actor && isAllowed(name, subject));
}

/** Why an action is refused, in words for a 409. */
export function refusalMessage(action: PrototypeAction, subject: WorkflowSubject): string {
  const rule: WorkflowAction = PROTOTYPE_ACTIONS[action];
  if (!rule.from.includes(subject.status)) {
    return `${rule.label} is not possible while the prototype is ${subject.status.replace('_', ' ')}`;
  }
  return rule.quote === 'none'
    ? `${rule.label} is not possible: a quote has already been provided`
    : `${rule.label} is not possible: no quote has been provided`;
}
