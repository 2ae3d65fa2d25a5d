// Text fields with the messages the forms and the API show: "<Label> is required", "<Label> must be
// text", "<Label> must be at most <max> characters". Trimmed first, so blank is empty.
import { z } from 'zod';

export const requiredText = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Missing, null, empty or blank: null. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
