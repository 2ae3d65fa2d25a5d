// The admin panel's state in the URL (tab, filters, page cursor), validated with zod so that a
// hand-edited or stale link falls back to defaults instead of failing.
import { z } from 'zod';
import { ENERGY_TYPES, PROTOTYPE_STATUSES, ROLES, USER_STATUSES } from '~/shared/constants.ts';
import {
  ADMIN_PAGE_SIZE,
  LEVELS,
  PROTOTYPE_SORTS,
  USER_SORTS,
  type ActivityListInput,
  type PrototypeListInput,
  type UserListInput,
} from '~/shared/schemas/admin.ts';

const optional = <T extends z.ZodTypeAny>(schema: T) => schema.optional().catch(undefined);
const text = optional(z.string().max(200));
const direction = optional(z.enum(['next', 'prev']));

export const ADMIN_TABS = ['prototypes', 'users', 'activity'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const adminSearchSchema = z.object({
  tab: optional(z.enum(ADMIN_TABS)),
  // Prototype Management
  q: text,
  status: optional(z.enum(PROTOTYPE_STATUSES)),
  energy: optional(z.enum(ENERGY_TYPES)),
  priority: optional(z.enum(LEVELS)),
  sort: optional(z.enum(PROTOTYPE_SORTS)),
  cursor: text,
  dir: direction,
  // User Management
  uq: text,
  role: optional(z.enum(ROLES)),
  ustatus: optional(z.enum(USER_STATUSES)),
  usort: optional(z.enum(USER_SORTS)),
  ucursor: text,
  udir: direction,
  // Activity
  auser: text,
  aaction: optional(z.string().max(100)),
  acursor: text,
  adir: direction,
});
export type AdminSearch = z.infer<typeof adminSearchSchema>;

export function prototypeQueryInput(s: AdminSearch): PrototypeListInput {
  return {
    search: s.q,
    status: s.status,
    energyType: s.energy,
    priority: s.priority,
    sort: s.sort ?? 'newest',
    cursor: s.cursor,
    direction: s.dir ?? 'next',
    limit: ADMIN_PAGE_SIZE,
  };
}

export function userQueryInput(s: AdminSearch): UserListInput {
  return {
    search: s.uq,
    role: s.role,
    status: s.ustatus,
    sort: s.usort ?? 'newest',
    cursor: s.ucursor,
    direction: s.udir ?? 'next',
    limit: ADMIN_PAGE_SIZE,
  };
}

export function activityQueryInput(s: AdminSearch): ActivityListInput {
  return { user: s.auser, action: s.aaction, cursor: s.acursor, direction: s.adir ?? 'next', limit: ADMIN_PAGE_SIZE };
}

export type SetSearch = (patch: Partial<AdminSearch>, options?: { replace?: boolean }) => void;
