import { describe, expect, it } from 'vitest';
import { answerFromTimeline, dealState, sellerStageNote, sellerStatusLabel } from './deal-progress.ts';

describe('deal progress as the seller sees it (issue 34, point 5)', () => {
  it('an accepted answer changes the badge and the stepper line while the status is still quoted', () => {
    const answered = { status: 'quoted', sellerResponse: 'accepted' };
    expect(dealState(answered)).toBe('answered_accepted');
    expect(sellerStatusLabel(answered)).toBe('Quote accepted');
    expect(sellerStageNote('negotiation', answered)).toMatch(/You accepted the quote/);
  });
  it('no answer yet, a decline, a confirmed purchase and other statuses', () => {
    expect(dealState({ status: 'quoted', sellerResponse: null })).toBeNull();
    expect(sellerStatusLabel({ status: 'quoted' })).toBe('Quoted');
    expect(sellerStageNote('negotiation', { status: 'quoted' })).toBe('A quote is on the table.');
    expect(sellerStatusLabel({ status: 'quoted', sellerResponse: 'declined' })).toBe('Quote declined');
    expect(dealState({ status: 'accepted', sellerResponse: 'accepted' })).toBe('confirmed');
    expect(sellerStageNote('negotiation', { status: 'accepted' })).toMatch(/Purchase confirmed/);
    // An old answer on a prototype that moved on says nothing.
    expect(dealState({ status: 'in_development', sellerResponse: 'accepted' })).toBeNull();
    expect(sellerStatusLabel({ status: 'under_review' })).toBe('Under review');
  });
  it('reads the answer to the latest quote from a timeline', () => {
    const provided = { event: 'quote_provided', metadata: { amount: '100' } };
    const accepted = { event: 'quote_response', metadata: { response: 'accepted' } };
    expect(answerFromTimeline([provided, accepted, { event: 'document_uploaded' }])).toBe('accepted');
    expect(answerFromTimeline([provided, accepted, { event: 'quote_revised' }])).toBeNull();
    expect(answerFromTimeline([provided])).toBeNull();
    expect(answerFromTimeline([])).toBeNull();
  });
});
