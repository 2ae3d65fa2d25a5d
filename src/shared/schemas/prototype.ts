// Prototype submission and quote response (spec sections 5 and 7). One schema validates the form
// and the procedure input alike. Only the seller's own fields are listed: zod's default strip drops
// anything else (status, quote, sellerId, ...), so a body can never set them.
import { z } from 'zod';
import {
  ENERGY_TYPES,
  ENERGY_TYPE_LABELS,
  type EnergyType,
  INFO_ANSWER_ACCEPTED_EXTENSIONS,
  UPLOAD_ACCEPTED_EXTENSIONS,
  UPLOAD_MAX_BYTES,
} from '../constants.ts';
import { recordId } from './bounds.ts';
import { exportScreeningInput } from './export-control.ts';
import { optionalText, requiredText } from './text.ts';

/**
 * A whole number from the API (number) or the form (text); empty means "not given" (null).
 * The form's text is checked here so the same words show on screen and in a 400.
 */
const optionalWholeNumber = (label: string, min: number, max: number, unit: string) =>
  z
    .union([z.number(), z.string().trim(), z.null(), z.undefined()], {
      errorMap: () => ({ message: `${label} must be a number` }),
    })
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return null;
      const number = typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isFinite(number)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must be a number` });
        return z.NEVER;
      }
      if (!Number.isInteger(number)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must be a whole number` });
        return z.NEVER;
      }
      if (number < min || number > max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must be between ${min} and ${max}${unit}` });
        return z.NEVER;
      }
      return number;
    });

export const energyTypeField = z.enum(ENERGY_TYPES, { errorMap: () => ({ message: 'Please choose an energy type' }) });

export const prototypeInput = z.object({
  inventorName: requiredText('Inventor name', 200),
  prototypeName: requiredText('Prototype name', 200),
  energyType: energyTypeField,
  description: requiredText('Description', 10_000),
  powerOutput: optionalWholeNumber('Power output', 0, 2_000_000_000, ' kW'),
  efficiency: optionalWholeNumber('Efficiency', 0, 100, '%'),
  notes: optionalText('Notes', 5000),
  /** The export screening answers (issue 32): optional on the API; without them the prototype is unscreened. */
  exportScreening: exportScreeningInput.optional(),
});
export type PrototypeInput = z.input<typeof prototypeInput>;
export type PrototypeData = z.output<typeof prototypeInput>;

/** The empty form (all text, as the inputs hold it). */
export const emptyPrototypeForm = {
  inventorName: '',
  prototypeName: '',
  energyType: '',
  description: '',
  powerOutput: '',
  efficiency: '',
  notes: '',
};

export const energyTypeOptions = ENERGY_TYPES.map((value: EnergyType) => ({ value, label: ENERGY_TYPE_LABELS[value] }));

export const prototypeIdInput = z.object({ id: recordId('prototype') });

/** The seller marks one of their documents view-only (admins then read it only in the reader), or not. */
export const documentViewOnlyInput = z.object({
  id: recordId('document'),
  viewOnly: z.boolean({ required_error: 'viewOnly is required', invalid_type_error: 'viewOnly must be true or false' }),
});

export const QUOTE_RESPONSES = ['accepted', 'declined'] as const;
export const QUOTE_NOTE_MAX = 1000;
export type QuoteResponse = (typeof QUOTE_RESPONSES)[number];

/** A seller's answer to a quote, with an optional note for the admin team. */
export const quoteResponseInput = prototypeIdInput.extend({
  response: z.enum(QUOTE_RESPONSES, { errorMap: () => ({ message: 'Please accept or decline the quote' }) }),
  note: optionalText('Note', QUOTE_NOTE_MAX),
});
export type QuoteResponseInput = z.input<typeof quoteResponseInput>;

/** Document checks shared by the drop area and the server (spec section 5, issue 4). */
export const UNSUPPORTED_FILE_TYPE = 'Unsupported file type';
export const FILE_TOO_LARGE = `File is too large (maximum ${UPLOAD_MAX_BYTES / (1024 * 1024)}MB)`;
export const EMPTY_FILE = 'The file is empty';
export type DocumentExtension = (typeof INFO_ANSWER_ACCEPTED_EXTENSIONS)[number];
/** The extensions one kind of upload accepts: a prototype's documents, or an answer's. */
export type AcceptedExtensions = readonly DocumentExtension[];

/** The accepted extension of a file name (lower-case), or null. */
export function documentExtension(fileName: string, accepted: AcceptedExtensions = UPLOAD_ACCEPTED_EXTENSIONS): DocumentExtension | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return (accepted as readonly string[]).includes(ext) ? (ext as DocumentExtension) : null;
}

/** What is wrong with a file by its name and size, or null (its content is checked by the server). */
export function documentProblem(file: { name: string; size: number }, accepted: AcceptedExtensions = UPLOAD_ACCEPTED_EXTENSIONS): string | null {
  if (!documentExtension(file.name, accepted)) return UNSUPPORTED_FILE_TYPE;
  if (file.size > UPLOAD_MAX_BYTES) return FILE_TOO_LARGE;
  if (file.size === 0) return EMPTY_FILE;
  return null;
}
