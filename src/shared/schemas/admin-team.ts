// The admin team (issue 30, point 9; ADR 0039): invitations to join as an administrator, their
// acceptance, and the removal of an administrator's role. The same schemas drive the forms.
import { z } from 'zod';
import { emailField, newPasswordField, personName } from './auth.ts';
import { recordId, uuidId } from './bounds.ts';

/** An invitation link works this long after it is sent. */
export const INVITATION_VALID_DAYS = 7;

export const INVITATION_LINK_INVALID = 'This invitation link is invalid, has expired or was already used. Ask an administrator for a new one.';
export const SELLER_EMAIL_REFUSED = 'This e-mail address already has a seller account: ask them to use another address.';
export const ADMIN_EMAIL_TAKEN = 'This e-mail address already belongs to an administrator.';

/** POST /api/admin/invitations */
export const invitationInput = z.object({
  email: emailField,
  firstName: personName('First name'),
  lastName: personName('Last name'),
});
export type InvitationInput = z.input<typeof invitationInput>;

/** DELETE /api/admin/invitations/{id} */
export const invitationIdInput = z.object({ id: recordId('invitation') });

const token = z.string({ required_error: INVITATION_LINK_INVALID }).min(20, INVITATION_LINK_INVALID).max(200, INVITATION_LINK_INVALID);

/** The invitation page reads who was invited (the name to prefill) before the form is sent. */
export const invitationTokenInput = z.object({ token });

/** POST /api/invitations/accept: the name is the invited one unless the invitee writes another. */
export const acceptInvitationInput = z.object({
  token,
  password: newPasswordField,
  firstName: personName('First name').optional(),
  lastName: personName('Last name').optional(),
});

/** The acceptance form adds the confirmation, which never leaves the browser. */
export const acceptInvitationForm = z
  .object({ firstName: personName('First name'), lastName: personName('Last name'), password: newPasswordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

/** DELETE /api/admin/users/{id}/admin-role */
export const adminRoleInput = z.object({ id: uuidId('user') });
