// Information requests (issue 14, point 5): an admin asks the seller a question about a prototype,
// the seller answers once (with optional documents). The same schemas validate the procedures and
// drive the forms.
import { z } from 'zod';
import { recordId } from './bounds.ts';

export const INFO_TEXT_MAX = 5000;

const infoText = (label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(INFO_TEXT_MAX, `${label} must be at most ${INFO_TEXT_MAX} characters`);

/** POST /api/admin/prototypes/{id}/info-requests: `id` is the prototype's. */
export const askInfoInput = z.object({
  id: recordId('prototype'),
  question: infoText('Question'),
  wantsDocuments: z.boolean({ invalid_type_error: 'wantsDocuments must be true or false' }).optional().default(false),
});
export type AskInfoInput = z.input<typeof askInfoInput>;

/** POST /api/seller/info-requests/{id}/answer: `id` is the request's. */
export const answerInfoInput = z.object({
  id: recordId('information request'),
  answer: infoText('Answer'),
});
export type AnswerInfoInput = z.input<typeof answerInfoInput>;

export const infoRequestIdInput = z.object({ id: recordId('information request') });

/** The forms' own shapes (text as the inputs hold it). */
export const askInfoForm = askInfoInput.omit({ id: true });
export const answerInfoForm = answerInfoInput.omit({ id: true });
