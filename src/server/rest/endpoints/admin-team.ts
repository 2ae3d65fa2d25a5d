// The admin team (issue 30, point 9; ADR 0039): invitations to join as an administrator, their
// acceptance, and the removal of an administrator's role (routers/admin-team.ts).
import { z } from 'zod';
import { acceptInvitationInput, adminRoleInput, invitationIdInput, invitationInput } from '~/shared/schemas/admin-team.ts';
import { SESSION_COOKIE } from '../../auth/session.ts';
import { adminInvitation } from '../../domain/views/shapes/admin-team.ts';
import { adminUser, userEnvelope } from '../../domain/views/shapes/user.ts';
import { defineRoute } from '../define-route.ts';

const tag = 'Admin';

export const adminTeamRoutes = [
  defineRoute('POST /api/admin/invitations', {
    access: 'admin',
    tag,
    summary: 'Invite a person to join as an administrator (a single-use link valid 7 days, e-mailed)',
    description:
      'Needs `permissions.manage`. 409 when the e-mail address already has an account (a seller: "ask them to use another address"; nobody is promoted). A newer invitation to the same address revokes a pending one.',
    body: invitationInput,
    status: 201,
    output: { shape: adminInvitation, description: 'The invitation (its link is only in the e-mail)' },
    errors: [409],
    handler: ({ caller, input }) => caller.adminTeam.invite(input),
  }),
  defineRoute('GET /api/admin/invitations', {
    access: 'admin',
    tag,
    summary: 'Invitations to the admin team, newest first, with their state (pending, accepted, revoked, expired)',
    description: 'Needs `permissions.manage`. At most 200.',
    output: { shape: z.array(adminInvitation), description: 'The invitations' },
    handler: ({ caller }) => caller.adminTeam.invitations(),
  }),
  defineRoute('DELETE /api/admin/invitations/:id', {
    access: 'admin',
    tag,
    summary: 'Revoke an invitation: its link stops working',
    description: 'Needs `permissions.manage`. Revoking a revoked or expired invitation changes nothing (204); an accepted one is 409.',
    params: invitationIdInput,
    status: 204,
    output: { description: 'Revoked' },
    errors: [409],
    handler: ({ caller, input }) => caller.adminTeam.revokeInvitation(input),
  }),
  defineRoute('POST /api/invitations/accept', {
    access: 'public',
    tag: 'Auth',
    summary: "Accept an invitation: the new administrator's password (and optionally another name), signed in",
    description:
      'The token is the one of the e-mailed link. 400 when the link is invalid, expired, revoked or already used; 409 when the address has meanwhile got an account. With `ADMIN_REQUIRE_2FA`, the new administrator must turn on two-factor sign-in first (`twoFactorSetupRequired`).',
    body: acceptInvitationInput,
    status: 201,
    output: {
      shape: userEnvelope,
      description: 'The new administrator, signed in',
      headers: z.object({
        'Set-Cookie': z.string().describe(`The session cookie (${SESSION_COOKIE}; __Host-${SESSION_COOKIE} over HTTPS; HttpOnly, SameSite=Lax)`),
      }),
    },
    errors: [409, 429],
    handler: ({ caller, input }) => caller.adminTeam.accept(input),
  }),
  defineRoute('DELETE /api/admin/users/:id/admin-role', {
    access: 'admin',
    tag,
    summary: "Remove an administrator's role: the account stays, as a seller's, and its sessions end",
    description:
      'Needs `permissions.manage`. 403 for your own role; 409 when the user is not an administrator, or when no administrator would keep `permissions.manage` for good. Their administrator-only permission overrides and pending invitations go with the role.',
    params: adminRoleInput,
    output: { shape: adminUser, description: 'The user, now a seller' },
    errors: [409],
    handler: ({ caller, input }) => caller.adminTeam.removeAdminRole(input),
  }),
];
