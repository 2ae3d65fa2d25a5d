// Account security (Profile, Security section; two-factor sign-in). Shared by the procedures and the forms.
import { z } from 'zod';

/** A TOTP code (6 digits) or a recovery code (xxxx-xxxx-xxxx-xxxx); spaces and dashes do not matter. */
export const twoFactorCodeInput = z.object({
  code: z.string().trim().min(1, 'Authentication code is required').max(40, 'Authentication code is too long'),
});
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeInput>;

/** Enrolment is confirmed with a code from the new authenticator, never a recovery code. */
export const totpCodeInput = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
});

export const currentPasswordInput = z.object({
  password: z.string().min(1, 'Current password is required').max(200, 'Password must be at most 200 characters'),
});

/** Turning two-factor sign-in off, or new recovery codes: the password and a current code (app or recovery code). */
export const passwordAndCodeInput = currentPasswordInput.extend({ code: twoFactorCodeInput.shape.code });
export type PasswordAndCodeInput = z.infer<typeof passwordAndCodeInput>;

export const sessionHandleInput = z.object({
  handle: z.string().uuid('Unknown session'),
});

export const TWO_FACTOR_EXPIRED = 'Your sign-in has expired. Please enter your email and password again.';
export const INVALID_TWO_FACTOR_CODE = 'Invalid authentication code';
export const ADMIN_TWO_FACTOR_REQUIRED = 'Administrators must turn on two-factor authentication before using the admin panel: enrol under Profile, Security.';
/** An enrolled admin whose session was opened with the password alone (ADR 0038). */
export const ADMIN_TWO_FACTOR_SIGN_IN_REQUIRED =
  'Administrators must sign in with two-factor authentication before using the admin panel: sign out, then sign in again with your authentication code.';
