import { z } from 'zod';
import { CONTACT_SUBJECTS } from '../constants.ts';
import { emailField } from './auth.ts';

/** Contact form (spec section 5): all four fields required; validates the form and POST /api/contact alike. */
export const contactInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  email: emailField,
  subject: z.enum(CONTACT_SUBJECTS, { errorMap: () => ({ message: 'Please choose a subject' }) }),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'Message must be at most 5000 characters'),
});
export type ContactInput = z.infer<typeof contactInput>;
