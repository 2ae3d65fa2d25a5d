// The public site's answers: a contact message received, the portfolio counts.
import { z } from 'zod';
import { CONTACT_SUBJECTS } from '~/shared/constants.ts';
import { PROTOTYPE_STAGES } from '~/shared/prototype-stages.ts';
import { id, timestamp } from './common.ts';

export const contactCreated = z.strictObject({
  id,
  name: z.string(),
  email: z.string(),
  subject: z.enum(CONTACT_SUBJECTS),
  message: z.string(),
  createdAt: timestamp,
});
export const portfolio = z.strictObject({
  total: z.number().int().nonnegative(),
  byEnergyType: z.array(z.strictObject({ energyType: z.string(), count: z.number().int().positive() })),
  byStage: z.array(z.strictObject({ stage: z.enum(PROTOTYPE_STAGES), count: z.number().int().positive() })),
});
