// Sign-in, registration and profile schemas (spec section 5). The same schema validates the
// tRPC input on the server and drives the form on the client, with the spec's exact messages.
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import { expertiseField, organizationField } from './conflicts.ts';

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .email('Invalid email address')
  .max(320, 'Email must be at most 320 characters');

/** Passwords are never trimmed: spaces are characters. Argon2 input is capped to keep hashing bounded. */
export const newPasswordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

/** A required first or last name. */
export const personName = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

/** Optional text: empty or blank becomes null (spec: empty business name and phone are sent as null). */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const phoneField = optionalText('Phone number', 40).refine((v) => v === null || /^[+0-9 ().-]{5,40}$/.test(v), {
  message: 'Invalid phone number',
});

export const loginInput = z.object({
  email: emailField,
  password: z.string().min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
});
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: personName('First name'),
  lastName: personName('Last name'),
  businessName: optionalText('Business name', 200),
  phoneNumber: phoneField,
});
export type RegisterInput = z.input<typeof registerInput>;

export const profileInput = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: emailField,
  businessName: optionalText('Business name', 200),
  phoneNumber: phoneField,
  /** Where you work (conflicts of interest, ADR 0049): absent keeps it, empty clears it. */
  organization: organizationField,
  /** Administrators only: the energy types they review best (reviewer suggestions). */
  expertise: expertiseField,
  currentPassword: z.string().min(1, 'Current password is required').max(200),
  newPassword: z
    .union([z.literal(''), newPasswordField])
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ProfileInput = z.input<typeof profileInput>;

/** The profile form adds the confirmation, which never leaves the browser. */
export const profileForm = profileInput.extend({ confirmPassword: z.string().optional() }).refine((v) => (v.newPassword ?? '') === (v.confirmPassword ?? ''), {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
});
