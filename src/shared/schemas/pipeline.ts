// The admin pipeline board's input (issue 14 point 10): optional filters and the cards per column.
import { z } from 'zod';
import { ENERGY_TYPES, LEVELS } from '../constants.ts';

/** Cards a column shows by default (the newest); its count is always the stage's full total. */
export const BOARD_CARDS_PER_STAGE = 50;
export const BOARD_MAX_CARDS_PER_STAGE = 100;

export const pipelineBoardInput = z
  .object({
    energyType: z.enum(ENERGY_TYPES).optional(),
    priority: z.enum(LEVELS).optional(),
    /** Only prototypes whose lead reviewer (assignedTo) is the caller. */
    mine: z.boolean().default(false),
    perStage: z.coerce.number().int().min(1).max(BOARD_MAX_CARDS_PER_STAGE).default(BOARD_CARDS_PER_STAGE),
  })
  .default({});
export type PipelineBoardInput = z.input<typeof pipelineBoardInput>;
