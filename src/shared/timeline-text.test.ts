import { describe, expect, it } from 'vitest';
import { statusAfter, timelineSentence } from './timeline-text.ts';

describe('timelineSentence', () => {
  it('says a status change as a sentence, with the reason when there is one', () => {
    expect(timelineSentence({ event: 'status_changed', metadata: { action: 'startReview', status: 'under_review' } })).toBe('Status changed to under review');
    expect(timelineSentence({ event: 'status_changed', metadata: { status: 'rejected', reason: 'Not reproducible' } })).toBe(
      'Status changed to rejected. Reason: Not reproducible',
    );
  });
  it('reads the rows of early seeds ("status:under_review") the same way', () => {
    expect(timelineSentence({ event: 'status:under_review', description: 'Status changed to under_review' })).toBe('Status changed to under review');
    expect(statusAfter({ event: 'status:in_development' })).toBe('in_development');
  });
  it('writes quote amounts with the one money format', () => {
    expect(timelineSentence({ event: 'quote_provided', metadata: { amount: '48000.5' } })).toBe('Quote of $48,000.50 provided');
    expect(timelineSentence({ event: 'quote_response', metadata: { response: 'accepted', quote: '48000.50' } })).toBe(
      'Seller accepted the quote of $48,000.50',
    );
    expect(timelineSentence({ event: 'quote_response', metadata: { response: 'declined' } })).toBe('Seller declined the quote');
  });
  it('covers the other events and falls back to the stored description', () => {
    expect(timelineSentence({ event: 'submitted', metadata: { to: 'submitted' } })).toBe('Prototype submitted for confidential review');
    expect(timelineSentence({ event: 'priority_changed', metadata: { priority: 'high' } })).toBe('Priority set to high');
    expect(timelineSentence({ event: 'assigned', metadata: { assignedTo: null } })).toBe('Reviewer unassigned');
    expect(timelineSentence({ event: 'document_uploaded', metadata: { fileName: 'spec.pdf' } })).toBe('Document uploaded: spec.pdf');
    expect(timelineSentence({ event: 'site_visit', description: 'Lab visit booked' })).toBe('Lab visit booked');
    expect(timelineSentence({ event: 'site_visit', description: null })).toBe('Site visit');
  });
  it('describes the evaluation events from their metadata', () => {
    expect(timelineSentence({ event: 'stage_changed', metadata: { from: 'initial_review', to: 'technical_evaluation' } })).toBe(
      'Stage moved from initial review to technical evaluation',
    );
    expect(timelineSentence({ event: 'quote_revised', metadata: { amount: '52000' } })).toBe('Quote revised to $52,000.00');
    expect(timelineSentence({ event: 'reviewers_assigned', metadata: { count: 1 } })).toBe('1 reviewer assigned');
    expect(timelineSentence({ event: 'reviewers_assigned', metadata: { count: 3 } })).toBe('3 reviewers assigned');
    expect(timelineSentence({ event: 'milestone_set', metadata: { milestone: 'Pilot plant', date: '2027-03-01' } })).toBe(
      'Milestone set: Pilot plant, due Mar 1, 2027',
    );
    expect(timelineSentence({ event: 'evaluation_released' })).toBe('Evaluation released to the seller');
    expect(timelineSentence({ event: 'info_requested' })).toBe('More information requested');
  });
  it('knows which status an entry led to', () => {
    expect(statusAfter({ event: 'submitted', metadata: { to: 'submitted' } })).toBe('submitted');
    expect(statusAfter({ event: 'quote_accepted', metadata: { status: 'accepted' } })).toBe('accepted');
    expect(statusAfter({ event: 'quote_response', metadata: { response: 'accepted' } })).toBeNull();
  });
});

describe('the lifecycle events (issue 14)', () => {
  it('says stage moves and revised quotes; a stage move is not a status change', () => {
    expect(timelineSentence({ event: 'stage_changed', metadata: { from: 'initial_review', to: 'technical_evaluation' } })).toBe(
      'Stage moved from initial review to technical evaluation',
    );
    expect(timelineSentence({ event: 'stage_changed', metadata: { to: 'closed' } })).toBe('Stage moved to closed');
    expect(statusAfter({ event: 'stage_changed', metadata: { from: 'negotiation', to: 'development' } })).toBeNull();
    expect(timelineSentence({ event: 'quote_revised', metadata: { amount: '42000' } })).toBe('Quote revised to $42,000.00');
  });
});
