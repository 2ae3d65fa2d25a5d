// Administrators join by invitation (issue 30, point 9; ADR 0039). An admin with permissions.manage
// invites an e-mail address: a random single-use token valid 7 days, of which only the SHA-256 is
// stored, is e-mailed. The invitee chooses a password and arrives signed in as an administrator. An
// address that already has an account is refused: nobody is promoted silently. Accepting and
// revoking are conditional updates of one row, so of two parallel ones exactly one wins.
import type { z } from 'zod';
import type { Prisma } from '~/generated/prisma/client.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { fullName } from '~/shared/format.ts';
import { addDays } from '~/shared/days.ts';
import { ADMIN_EMAIL_TAKEN, INVITATION_LINK_INVALID, INVITATION_VALID_DAYS, SELLER_EMAIL_REFUSED } from '~/shared/schemas/admin-team.ts';
import type { Db } from '../db/index.ts';
import { hashPassword } from '../auth/password.ts';
import { createSession, hashToken, newSecretToken } from '../auth/session.ts';
import { sessionUserSelect } from '../auth/session-user.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { adminInvitationEmail } from '../mail/templates.ts';
import { logActivity } from './activity-log.ts';
import { ConflictError, InvalidInputError, NotFoundError } from './errors.ts';
import { addressOf } from './rate-limit.ts';
import type { SignInDeps } from './sign-in.ts';
import { toCurrentUser } from './views/user-view.ts';
import type { adminInvitation } from './views/shapes/admin-team.ts';
import { personName } from './views/person-name.ts';
import type { DomainDeps } from './deps.ts';
import { newestFirst } from './keyset.ts';

export const INVITATION_NOT_FOUND = 'Invitation not found';
export const INVITATION_ALREADY_ACCEPTED = 'This invitation was already accepted: remove the administrator role instead.';
/** The address got an account between the invitation and its acceptance (e.g. a seller registered with it). */
export const INVITED_EMAIL_TAKEN = 'An account with this e-mail address exists already: ask the administrator who invited you to invite another address.';
/** The list shows at most this many invitations, newest first. */
export const INVITATION_LIST_MAX = 200;

export interface InvitationDeps extends DomainDeps {
  mailer: EmailLinks;
  actor: { id: string; email: string; firstName: string | null; lastName: string | null };
  now: Date;
}

const invitationSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  createdAt: true,
  expiresAt: true,
  acceptedAt: true,
  acceptedUserId: true,
  revokedAt: true,
  inviter: { select: personName },
} satisfies Prisma.AdminInvitationSelect;
type InvitationRow = Prisma.AdminInvitationGetPayload<{ select: typeof invitationSelect }>;
export type AdminInvitationView = z.infer<typeof adminInvitation>;

function toInvitationView(row: InvitationRow, now: Date): AdminInvitationView {
  const { inviter, ...rest } = row;
  const status = row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'pending';
  return { ...rest, status, invitedByName: inviter ? fullName(inviter) : null };
}

/** Not accepted, not revoked, not expired: the only state in which a link works. */
export const pendingInvitationWhere = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } }) satisfies Prisma.AdminInvitationWhereInput;

/** POST /api/admin/invitations: 409 for an address that has an account; a newer invitation replaces a pending one. */
export async function inviteAdmin(deps: InvitationDeps, input: { email: string; firstName: string; lastName: string }): Promise<AdminInvitationView> {
  const { db, meta, mailer, actor, now } = deps;
  return db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email: input.email }, select: { role: true } });
    if (existing) throw new ConflictError(existing.role === 'admin' ? ADMIN_EMAIL_TAKEN : SELLER_EMAIL_REFUSED);
    // Only the newest link to an address works: an earlier pending one is revoked with it.
    const replaced = await tx.adminInvitation.updateMany({
      where: { email: input.email, ...pendingInvitationWhere(now) },
      data: { revokedAt: now, revokedBy: actor.id },
    });
    const token = newSecretToken();
    const row = await tx.adminInvitation.create({
      data: {
        tokenHash: hashToken(token),
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        invitedBy: actor.id,
        createdAt: now,
        expiresAt: addDays(now, INVITATION_VALID_DAYS),
      },
      select: invitationSelect,
    });
    await enqueueEmail(tx, {
      userId: null,
      to: input.email,
      template: 'admin_invitation',
      sensitive: true,
      ...adminInvitationEmail(mailer, { firstName: input.firstName, inviterName: fullName(actor), token, validDays: INVITATION_VALID_DAYS }),
    });
    await logActivity(tx, meta, {
      userId: actor.id,
      action: 'admin.invitation.send',
      targetType: 'invitation',
      targetId: row.id,
      details: { email: input.email, replaced: replaced.count },
    });
    return toInvitationView(row, now);
  });
}

/** GET /api/admin/invitations: every invitation, newest first, with its state. */
export async function listInvitations(db: Db, now: Date): Promise<AdminInvitationView[]> {
  const rows = await db.adminInvitation.findMany({ orderBy: newestFirst(), take: INVITATION_LIST_MAX, select: invitationSelect });
  return rows.map((row) => toInvitationView(row, now));
}

/** DELETE /api/admin/invitations/{id}: the link stops working; revoking a revoked one changes nothing. */
export async function revokeInvitation(deps: Omit<InvitationDeps, 'mailer'>, id: number): Promise<void> {
  const { db, meta, actor, now } = deps;
  await db.$transaction(async (tx) => {
    const { count } = await tx.adminInvitation.updateMany({ where: { id, acceptedAt: null, revokedAt: null }, data: { revokedAt: now, revokedBy: actor.id } });
    if (count === 0) {
      // Read after the update: an acceptance that won the row is seen here.
      const row = await tx.adminInvitation.findUnique({ where: { id }, select: { acceptedAt: true } });
      if (!row) throw new NotFoundError(INVITATION_NOT_FOUND);
      if (row.acceptedAt) throw new ConflictError(INVITATION_ALREADY_ACCEPTED);
      return;
    }
    await logActivity(tx, meta, { userId: actor.id, action: 'admin.invitation.revoke', targetType: 'invitation', targetId: id });
  });
}

/** What signing in needs (the new administrator arrives signed in), and the browser's session. */
export interface AcceptDeps extends SignInDeps {
  /** The browser's current session, if any: it ends, the new administrator's begins. */
  currentSessionId: string | null;
}

/** Uses of invitation links are throttled per client address before any lookup. */
async function findPending(deps: Pick<AcceptDeps, 'db' | 'meta' | 'limiter' | 'now'>, token: string) {
  await deps.limiter.consume('invitationLinks', addressOf(deps.meta));
  const invitation = await deps.db.adminInvitation.findFirst({
    where: { tokenHash: hashToken(token), ...pendingInvitationWhere(deps.now) },
    select: { id: true, email: true, firstName: true, lastName: true, expiresAt: true, invitedBy: true },
  });
  if (!invitation) throw new InvalidInputError(INVITATION_LINK_INVALID);
  return invitation;
}

/** The invitation page: who was invited (to prefill the name), while the link works. */
export async function previewInvitation(deps: Pick<AcceptDeps, 'db' | 'meta' | 'limiter' | 'now'>, token: string) {
  const { email, firstName, lastName, expiresAt } = await findPending(deps, token);
  return { email, firstName, lastName, expiresAt };
}

/** POST /api/invitations/accept: a new administrator account, signed in (at the two-factor enrolment step if required). */
export async function acceptInvitation(
  deps: AcceptDeps,
  input: { token: string; password: string; firstName?: string | undefined; lastName?: string | undefined },
) {
  const { db, meta, config, cookie, now } = deps;
  // The link is looked up before Argon2 runs: a made-up or spent one costs one indexed read.
  const invitation = await findPending(deps, input.token);
  if (await db.user.findUnique({ where: { email: invitation.email }, select: { id: true } })) throw new ConflictError(INVITED_EMAIL_TAKEN);
  const password = await hashPassword(input.password);
  const { user, token, session } = await db.$transaction(async (tx) => {
    // Single use: the first to flip acceptedAt wins; a parallel acceptance waits for the row and then matches nothing.
    const { count } = await tx.adminInvitation.updateMany({ where: { id: invitation.id, ...pendingInvitationWhere(now) }, data: { acceptedAt: now } });
    if (count === 0) throw new InvalidInputError(INVITATION_LINK_INVALID);
    const created = await tx.user
      .create({
        data: {
          email: invitation.email,
          password,
          firstName: input.firstName ?? invitation.firstName,
          lastName: input.lastName ?? invitation.lastName,
          role: 'admin',
          isVerified: true,
        },
        select: sessionUserSelect,
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new ConflictError(INVITED_EMAIL_TAKEN) : error;
      });
    await tx.adminInvitation.update({ where: { id: invitation.id }, data: { acceptedUserId: created.id } });
    await logActivity(tx, meta, {
      userId: created.id,
      action: 'admin.invitation.accept',
      targetType: 'invitation',
      targetId: invitation.id,
      details: { invitedBy: invitation.invitedBy },
    });
    if (deps.currentSessionId) await tx.session.deleteMany({ where: { id: deps.currentSessionId } });
    const lifetime = { days: config.sessionDays, maxDays: config.sessionMaxDays };
    const { token: sessionToken, session } = await createSession(tx, created.id, lifetime, meta, now);
    return { user: created, token: sessionToken, session };
  });
  cookie.set(token, session.expiresAt);
  return { user: toCurrentUser(user, session, config, now) };
}
