// Building blocks of the view shapes. Each view is one zod schema, written once: the view's type is
// its z.infer (dates as Date), and the REST contract is the same schema as JSON (rest/json-shape.ts
// turns each date into ISO text). Objects are strict: a field a view starts returning fails the REST
// tests until its shape names it.
import { z } from 'zod';

export const timestamp = z.date();
export const uuid = z.string().uuid();
export const id = z.number().int().positive();
/** Transaction amounts: exact decimal strings with two places ("1234.50"). */
export const moneyText = z.string().regex(/^-?\d+\.\d{2}$/);
/** JSON metadata of a timeline event, as it was recorded. */
export const jsonValue = z.unknown();
