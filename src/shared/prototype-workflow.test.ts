import { describe, expect, it } from 'vitest';
import { PROTOTYPE_STATUSES, type PrototypeStatus } from '~/shared/constants.ts';
import { PROTOTYPE_STAGES } from './prototype-stages.ts';
import {
  PROTOTYPE_ACTIONS,
  PROTOTYPE_ACTION_NAMES,
  type PrototypeAction,
  RELEASABLE_STATUSES,
  type SellerAnswer,
  actionRefusal,
  availableActions,
  evaluationRefusal,
  isAllowed,
  refusalMessage,
  releaseRefusal,
  stageAfterAction,
} from './prototype-workflow.ts';

/** The rules written out by hand (spec section 4 and issue 14), to hold the table to. */
function expected(action: PrototypeAction, status: PrototypeStatus, quoted: boolean, answer: SellerAnswer | null): boolean {
  switch (action) {
    case 'startReview':
      return status === 'submitted';
    case 'approve':
    case 'reject':
      return status === 'submitted' || status === 'under_review';
    case 'quote':
      return (status === 'submitted' || status === 'under_review' || status === 'approved') && !quoted;
    case 'acceptQuote':
      return status === 'quoted' && quoted && answer !== 'declined';
    case 'rejectQuote':
    case 'reviseQuote':
      return status === 'quoted' && quoted;
    case 'respondToQuote':
      return status === 'quoted' && quoted && answer === null;
    case 'startDevelopment':
      return status === 'accepted';
    case 'markDeployed':
      return status === 'in_development';
  }
}

describe('prototype workflow (spec section 4, issue 14)', () => {
  it('every status × action × quote × seller answer is allowed exactly as the rules say', () => {
    for (const status of PROTOTYPE_STATUSES) {
      for (const atomixQuote of [null, 0, 500]) {
        for (const sellerResponse of [null, 'accepted', 'declined'] as const) {
          for (const action of PROTOTYPE_ACTION_NAMES) {
            const subject = { status, atomixQuote, sellerResponse };
            expect(isAllowed(action, subject), `${action} from ${status}, quote ${atomixQuote}, answer ${sellerResponse}`).toBe(
              expected(action, status, !!atomixQuote, sellerResponse),
            );
          }
        }
      }
    }
  });
  it('offers Approve, Reject and Provide Quote for submitted or under_review without a quote', () => {
    for (const status of ['submitted', 'under_review'] as const) {
      expect(availableActions({ status, atomixQuote: null })).toEqual(expect.arrayContaining(['approve', 'reject', 'quote']));
      expect(availableActions({ status, atomixQuote: 0 })).toContain('quote');
      expect(availableActions({ status, atomixQuote: 500 })).not.toContain('quote');
    }
  });
  it('approved is no dead end: Provide Quote is offered', () => {
    expect(availableActions({ status: 'approved', atomixQuote: null })).toEqual(['quote']);
  });
  it('quoted: Accept, Reject and Revise; after a decline no Accept Quote', () => {
    expect(availableActions({ status: 'quoted', atomixQuote: 1200 })).toEqual(['acceptQuote', 'rejectQuote', 'reviseQuote']);
    expect(availableActions({ status: 'quoted', atomixQuote: 1200, sellerResponse: 'accepted' })).toEqual(['acceptQuote', 'rejectQuote', 'reviseQuote']);
    expect(availableActions({ status: 'quoted', atomixQuote: 1200, sellerResponse: 'declined' })).toEqual(['rejectQuote', 'reviseQuote']);
    expect(availableActions({ status: 'quoted', atomixQuote: null })).toEqual([]);
  });
  it('after a deal: Start Development, then Mark Deployed, then nothing', () => {
    expect(availableActions({ status: 'accepted', atomixQuote: 100 })).toEqual(['startDevelopment']);
    expect(availableActions({ status: 'in_development', atomixQuote: 100 })).toEqual(['markDeployed']);
    for (const status of ['rejected', 'active'] as const) {
      expect(availableActions({ status, atomixQuote: 100 })).toEqual([]);
      expect(availableActions({ status, atomixQuote: null })).toEqual([]);
    }
  });
  it('lets the seller answer a quote only while quoted and unanswered', () => {
    expect(availableActions({ status: 'quoted', atomixQuote: 900 }, 'seller')).toEqual(['respondToQuote']);
    expect(availableActions({ status: 'quoted', atomixQuote: 900, sellerResponse: 'declined' }, 'seller')).toEqual([]);
    expect(availableActions({ status: 'accepted', atomixQuote: 900 }, 'seller')).toEqual([]);
  });
  it('explains refusals', () => {
    expect(refusalMessage('approve', { status: 'rejected', atomixQuote: null })).toBe('Approve is not possible while the prototype is rejected');
    expect(refusalMessage('quote', { status: 'submitted', atomixQuote: 10 })).toBe('Provide Quote is not possible: a quote has already been provided');
    expect(refusalMessage('acceptQuote', { status: 'quoted', atomixQuote: 10, sellerResponse: 'declined' })).toBe(
      'Accept Quote is not possible: the seller declined this quote. Revise the quote or reject it',
    );
    expect(refusalMessage('startDevelopment', { status: 'quoted', atomixQuote: 10 })).toBe('Start Development is not possible while the prototype is quoted');
  });
  it('states the stage each action moves to', () => {
    const stages = Object.fromEntries(PROTOTYPE_ACTION_NAMES.map((a) => [a, PROTOTYPE_ACTIONS[a].stage]));
    expect(stages).toEqual({
      startReview: 'technical_evaluation',
      approve: 'commercial_evaluation',
      reject: 'closed',
      quote: 'negotiation',
      acceptQuote: 'negotiation',
      rejectQuote: 'closed',
      respondToQuote: null,
      reviseQuote: 'negotiation',
      startDevelopment: 'development',
      markDeployed: 'deployment',
    });
  });
  it('stageAfterAction: at least the action stage, never back, except to closed', () => {
    expect(stageAfterAction('startReview', 'initial_review')).toBe('technical_evaluation');
    expect(stageAfterAction('startReview', 'commercial_evaluation')).toBe('commercial_evaluation');
    expect(stageAfterAction('quote', 'initial_review')).toBe('negotiation');
    expect(stageAfterAction('approve', 'commercial_evaluation')).toBe('commercial_evaluation');
    expect(stageAfterAction('reject', 'technical_evaluation')).toBe('closed');
    expect(stageAfterAction('rejectQuote', 'negotiation')).toBe('closed');
    expect(stageAfterAction('startDevelopment', 'negotiation')).toBe('development');
    expect(stageAfterAction('markDeployed', 'development')).toBe('deployment');
    for (const stage of PROTOTYPE_STAGES) expect(stageAfterAction('respondToQuote', stage)).toBe(stage);
  });
});

describe('why an action is refused, for a disabled button (issue 34, point 6)', () => {
  it('actionRefusal is null exactly when the table allows the action, else the 409 words', () => {
    for (const status of PROTOTYPE_STATUSES) {
      for (const atomixQuote of [null, 500]) {
        for (const sellerResponse of [null, 'accepted', 'declined'] as const) {
          for (const action of PROTOTYPE_ACTION_NAMES) {
            const subject = { status, atomixQuote, sellerResponse };
            const reason = actionRefusal(action, subject);
            if (isAllowed(action, subject)) expect(reason).toBeNull();
            else expect(reason).toBe(refusalMessage(action, subject));
          }
        }
      }
    }
    expect(actionRefusal('markDeployed', { status: 'accepted', atomixQuote: 10 })).toBe('Mark Deployed is not possible while the prototype is accepted');
  });
  it('an evaluation is released only after a decision, and its scores only once the final evaluation is recorded', () => {
    for (const status of PROTOTYPE_STATUSES) {
      const releasable = (RELEASABLE_STATUSES as readonly string[]).includes(status);
      expect(releaseRefusal({ status, finalRecorded: true }) === null, status).toBe(releasable);
      expect(releasable).toBe(!['submitted', 'under_review'].includes(status));
    }
    expect(releaseRefusal({ status: 'submitted', finalRecorded: true })).toBe('An evaluation can be released only after a decision (approve, reject or quote)');
    expect(releaseRefusal({ status: 'approved', finalRecorded: false })).toBeNull();
    expect(releaseRefusal({ status: 'approved', finalRecorded: false }, true)).toBe('Record the final evaluation before releasing its scores');
    expect(releaseRefusal({ status: 'approved', finalRecorded: true }, true)).toBeNull();
  });
  it('scoring ends with a rejection or a closed stage', () => {
    expect(evaluationRefusal({ status: 'under_review', stage: 'technical_evaluation' })).toBeNull();
    expect(evaluationRefusal({ status: 'rejected', stage: 'technical_evaluation' })).toBe('The evaluation is closed');
    expect(evaluationRefusal({ status: 'approved', stage: 'closed' })).toBe('The evaluation is closed');
  });
});
