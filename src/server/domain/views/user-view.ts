// What the API returns for a user: the current user as every client reads it, and the admin's User
// Management list (never the password, bank details or provider ids).
import type { z } from 'zod';
import type { Prisma } from '~/generated/prisma/client.ts';
import type { userFilters, userListInput } from '~/shared/schemas/admin.ts';
import { type SessionUser, sessionUserSelect } from '../../auth/session-user.ts';
import type { SessionInfo } from '../../auth/session.ts';
import { missingAdminAssurance } from '../../auth/two-factor.ts';
import type { AppConfig } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { type Page, type SortSpec, asDate, asString, keysetPage, parseUuid } from '../keyset.ts';
import { effectiveStatus, effectiveStatusWhere } from '../user-status.ts';
import type { adminUser, currentUser } from './shapes/user.ts';

type UserListInput = z.output<typeof userListInput>;

/**
 * The current user as every client reads it, in the session `session`. An admin held back by
 * ADMIN_REQUIRE_2FA: `twoFactorSetupRequired` until they enrol, `twoFactorSignInRequired` while this
 * session was opened with the password alone (ADR 0038).
 */
export function toCurrentUser(
  user: SessionUser,
  session: Pick<SessionInfo, 'secondFactor'> | null,
  config: Pick<AppConfig, 'adminRequireTwoFactor'>,
  now: Date,
): CurrentUser {
  const missing = missingAdminAssurance(user, session, config);
  return { ...user, status: effectiveStatus(user, now), twoFactorSetupRequired: missing === 'enrol', twoFactorSignInRequired: missing === 'sign_in_again' };
}
export type CurrentUser = z.infer<typeof currentUser>;

// The current user's fields, less their own preferences: the same columns, never the secrets.
const { emailNotifications: _preference, ...adminUserFields } = sessionUserSelect;
export const adminUserSelect = adminUserFields satisfies Prisma.UserSelect;
type AdminUserRow = Prisma.UserGetPayload<{ select: typeof adminUserSelect }>;

/** A restriction whose time has passed shows as active (it ended by itself). */
export function toAdminUserView(row: AdminUserRow, now: Date): AdminUserView {
  const status = effectiveStatus(row, now);
  return { ...row, status, restrictedUntil: status === 'restricted' ? row.restrictedUntil : null };
}
export type AdminUserView = z.infer<typeof adminUser>;

export function userWhere(filters: z.output<typeof userFilters>, now: Date): Prisma.UserWhereInput {
  const and: Prisma.UserWhereInput[] = [];
  if (filters.role) and.push({ role: filters.role });
  if (filters.status) and.push(effectiveStatusWhere(filters.status, now));
  if (filters.search) {
    const words = filters.search.split(/\s+/).slice(0, 4);
    for (const word of words) {
      and.push({
        OR: [
          { email: { contains: word, mode: 'insensitive' } },
          { firstName: { contains: word, mode: 'insensitive' } },
          { lastName: { contains: word, mode: 'insensitive' } },
          { businessName: { contains: word, mode: 'insensitive' } },
        ],
      });
    }
  }
  return and.length ? { AND: and } : {};
}

const USER_SORT_SPECS: Record<UserListInput['sort'], SortSpec> = {
  newest: { field: 'createdAt', order: 'desc', parse: asDate },
  oldest: { field: 'createdAt', order: 'asc', parse: asDate },
  email: { field: 'email', order: 'asc', parse: asString },
};

export async function listUsers(db: Db, input: UserListInput, now: Date): Promise<Page<AdminUserView>> {
  const page = await keysetPage({
    where: userWhere(input, now),
    sort: USER_SORT_SPECS[input.sort],
    page: input,
    parseId: parseUuid,
    find: (args) => db.user.findMany({ ...(args as Prisma.UserFindManyArgs), select: adminUserSelect }),
    keyOf: (row) => (input.sort === 'email' ? row.email : row.createdAt),
  });
  return { ...page, items: page.items.map((row) => toAdminUserView(row, now)) };
}
