import { describe, expect, it } from 'vitest';
import { PROTOTYPE_STATUSES } from './constants.ts';
import {
  EVALUATION_STAGES,
  PROTOTYPE_STAGES,
  STAGES,
  neighbourStages,
  stageAfterTransition,
  stageMoveRefusal,
  statusAfterStageMove,
} from './prototype-stages.ts';

const ORDER = ['initial_review', 'technical_evaluation', 'commercial_evaluation', 'negotiation', 'development', 'deployment', 'closed'];

describe('stage table (issue 14)', () => {
  it('lists every stage of the schema in order, the evaluation stages as the manual ones', () => {
    expect([...PROTOTYPE_STAGES]).toEqual(ORDER);
    expect(PROTOTYPE_STAGES.filter((s) => STAGES[s].manual)).toEqual([...EVALUATION_STAGES]);
  });

  it('every stage × every target: a move is one step among the evaluation stages, in an open evaluation', () => {
    for (const status of PROTOTYPE_STATUSES) {
      const open = status === 'submitted' || status === 'under_review' || status === 'approved';
      for (const from of PROTOTYPE_STAGES) {
        for (const to of PROTOTYPE_STAGES) {
          const i = ORDER.indexOf(from);
          const j = ORDER.indexOf(to);
          const oneStep = i <= 3 && j <= 3 && Math.abs(i - j) === 1;
          const refusal = stageMoveRefusal({ status, stage: from }, to);
          expect(refusal === null, `${status}: ${from} → ${to}`).toBe(open && oneStep);
        }
      }
    }
  });

  it('says why a move is refused', () => {
    expect(stageMoveRefusal({ status: 'quoted', stage: 'negotiation' }, 'commercial_evaluation')).toBe(
      'The stage cannot be changed while the prototype is quoted',
    );
    expect(stageMoveRefusal({ status: 'under_review', stage: 'negotiation' }, 'development')).toBe(
      'A prototype enters development through its status, not by a stage move',
    );
    expect(stageMoveRefusal({ status: 'under_review', stage: 'initial_review' }, 'commercial_evaluation')).toBe(
      'A prototype moves one stage forward or back at a time',
    );
    expect(stageMoveRefusal({ status: 'under_review', stage: 'technical_evaluation' }, 'technical_evaluation')).toBe(
      'A prototype moves one stage forward or back at a time',
    );
  });

  it('neighbours: none beyond the ends, none outside the evaluation stages', () => {
    expect(neighbourStages('initial_review')).toEqual({ previous: null, next: 'technical_evaluation' });
    expect(neighbourStages('commercial_evaluation')).toEqual({ previous: 'technical_evaluation', next: 'negotiation' });
    expect(neighbourStages('negotiation')).toEqual({ previous: 'commercial_evaluation', next: null });
    for (const stage of ['development', 'deployment', 'closed'] as const) expect(neighbourStages(stage)).toEqual({ previous: null, next: null });
  });

  it('a move out of initial_review starts the review of a submitted prototype, and only then', () => {
    expect(statusAfterStageMove({ status: 'submitted', stage: 'initial_review' })).toBe('under_review');
    expect(statusAfterStageMove({ status: 'under_review', stage: 'initial_review' })).toBe('under_review');
    expect(statusAfterStageMove({ status: 'approved', stage: 'initial_review' })).toBe('approved');
    expect(statusAfterStageMove({ status: 'under_review', stage: 'technical_evaluation' })).toBe('under_review');
  });

  it('stageAfterTransition: every stage × every target', () => {
    for (const current of PROTOTYPE_STAGES) {
      for (const target of PROTOTYPE_STAGES) {
        const after = stageAfterTransition(current, target);
        if (target === 'closed' || current === 'closed') expect(after).toBe(target);
        else expect(after).toBe(ORDER.indexOf(target) > ORDER.indexOf(current) ? target : current);
      }
    }
    expect(stageAfterTransition('commercial_evaluation', 'technical_evaluation')).toBe('commercial_evaluation');
    expect(stageAfterTransition('negotiation', 'closed')).toBe('closed');
  });
});
