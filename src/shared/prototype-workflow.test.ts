import { describe, expect, it } from 'vitest';
import { PROTOTYPE_STATUSES } from '~/shared/constants.ts';
import { availableActions, isAllowed, refusalMessage } from './prototype-workflow.ts';

describe('prototype workflow (spec section 4)', () => {
  it('offers Approve, Reject and Provide Quote for submitted or under_review without a quote', () => {
    for (const status of ['submitted', 'under_review'] as const) {
      expect(availableActions({ status, atomixQuote: null })).toEqual(expect.arrayContaining(['approve', 'reject', 'quote']));
      expect(availableActions({ status, atomixQuote: 0 })).toContain('quote');
      expect(availableActions({ status, atomixQuote: 500 })).not.toContain('quote');
    }
  });
  it('offers Accept Quote and Reject Quote only when quoted with a quote', () => {
    expect(availableActions({ status: 'quoted', atomixQuote: 1200 })).toEqual(['acceptQuote', 'rejectQuote']);
    expect(availableActions({ status: 'quoted', atomixQuote: null })).toEqual([]);
  });
  it('offers nothing once decided', () => {
    for (const status of ['approved', 'rejected', 'accepted', 'in_development', 'active'] as const) {
      expect(availableActions({ status, atomixQuote: 100 })).toEqual([]);
      expect(availableActions({ status, atomixQuote: null })).toEqual([]);
    }
  });
  it('start review only from submitted', () => {
    const allowedFrom = PROTOTYPE_STATUSES.filter((status) => isAllowed('startReview', { status, atomixQuote: null }));
    expect(allowedFrom).toEqual(['submitted']);
  });
  it('lets the seller answer a quote only while quoted', () => {
    expect(availableActions({ status: 'quoted', atomixQuote: 900 }, 'seller')).toEqual(['respondToQuote']);
    expect(availableActions({ status: 'accepted', atomixQuote: 900 }, 'seller')).toEqual([]);
  });
  it('explains refusals', () => {
    expect(refusalMessage('approve', { status: 'rejected', atomixQuote: null })).toBe('Approve is not possible while the prototype is rejected');
    expect(refusalMessage('quote', { status: 'submitted', atomixQuote: 10 })).toBe('Provide Quote is not possible: a quote has already been provided');
  });
});
