// The admin team (issue 30, point 9; ADR 0039): invitations and their acceptance, and the removal of
// an administrator's role. Thin: validate, call domain/admin-invitations.ts and domain/admin-role.ts.
import { acceptInvitationInput, adminRoleInput, invitationIdInput, invitationInput, invitationTokenInput } from '~/shared/schemas/admin-team.ts';
import { type Context, actionDeps } from '../context.ts';
import { acceptInvitation, inviteAdmin, listInvitations, previewInvitation, revokeInvitation } from '../domain/admin-invitations.ts';
import { removeAdminRole } from '../domain/admin-role.ts';
import { capabilityProcedure, publicProcedure, router } from '../trpc.ts';

const manageProcedure = capabilityProcedure('permissions.manage');

const linkDeps = (ctx: Context) => ({ db: ctx.db, meta: ctx.meta, limiter: ctx.limiter, now: ctx.clock.now() });

export const adminTeamRouter = router({
  /** POST /api/admin/invitations */
  invite: manageProcedure.input(invitationInput).mutation(({ ctx, input }) => inviteAdmin(actionDeps(ctx), input)),

  /** GET /api/admin/invitations */
  invitations: manageProcedure.query(({ ctx }) => listInvitations(ctx.db, ctx.clock.now())),

  /** DELETE /api/admin/invitations/{id} (204) */
  revokeInvitation: manageProcedure.input(invitationIdInput).mutation(({ ctx, input }) => revokeInvitation(actionDeps(ctx), input.id)),

  /** DELETE /api/admin/users/{id}/admin-role */
  removeAdminRole: manageProcedure.input(adminRoleInput).mutation(({ ctx, input }) => removeAdminRole(actionDeps(ctx), input.id)),

  /**
   * The invitation page: who was invited, while the link works. A mutation, so the token travels in
   * a POST body, never in a URL a proxy might log (queries are GETs).
   */
  invitation: publicProcedure.input(invitationTokenInput).mutation(({ ctx, input }) => previewInvitation(linkDeps(ctx), input.token)),

  /** POST /api/invitations/accept: the new administrator, signed in. */
  accept: publicProcedure
    .input(acceptInvitationInput)
    .mutation(({ ctx, input }) =>
      acceptInvitation({ ...linkDeps(ctx), config: ctx.config, cookie: ctx.cookie, currentSessionId: ctx.session?.id ?? null }, input),
    ),
});
