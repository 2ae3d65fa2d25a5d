// The admin panel's state in the URL (tab, filters, page cursor): a hand-edited or stale link
// falls back to defaults instead of failing. Zod-free, because route options load with every page.
import { flag, oneOf, text, uuid } from '~/client/search-params.ts';
import { PROTOTYPE_STAGES, type PrototypeStage } from '~/shared/prototype-stages.ts';
import {
  ADMIN_PAGE_SIZE,
  ENERGY_TYPES,
  LEVELS,
  PROTOTYPE_SORTS,
  PROTOTYPE_STATUSES,
  ROLES,
  USER_SORTS,
  USER_STATUSES,
  type EnergyType,
  type Level,
  type PrototypeStatus,
  type Role,
  type UserStatus,
} from '~/shared/constants.ts';
import type { ActivityListInput, PrototypeListInput, UserListInput } from '~/shared/schemas/admin.ts';
import type { PipelineBoardInput } from '~/shared/schemas/pipeline.ts';

export const ADMIN_TABS = ['prototypes', 'users', 'activity'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
const DIRECTIONS = ['next', 'prev'] as const;
export const PROTOTYPE_VIEWS = ['list', 'board'] as const;
export type PrototypeView = (typeof PROTOTYPE_VIEWS)[number];
type Direction = (typeof DIRECTIONS)[number];

export interface AdminSearch {
  tab?: AdminTab;
  // Prototype Management
  q?: string;
  status?: PrototypeStatus;
  energy?: EnergyType;
  priority?: Level;
  sort?: (typeof PROTOTYPE_SORTS)[number];
  stage?: PrototypeStage;
  /** A reviewer's admin id. */
  reviewer?: string;
  /** Needs my scorecard. */
  scorecard?: boolean;
  overdue?: boolean;
  cursor?: string;
  dir?: Direction;
  /** Prototype Management as the list (default) or the pipeline board; `mine` filters the board. */
  view?: PrototypeView;
  mine?: boolean;
  // User Management
  uq?: string;
  role?: Role;
  ustatus?: UserStatus;
  usort?: (typeof USER_SORTS)[number];
  ucursor?: string;
  udir?: Direction;
  // Activity
  auser?: string;
  aaction?: string;
  acursor?: string;
  adir?: Direction;
}

export function parseAdminSearch(s: Record<string, unknown>): AdminSearch {
  return {
    tab: oneOf(ADMIN_TABS, s.tab),
    q: text(s.q),
    status: oneOf(PROTOTYPE_STATUSES, s.status),
    energy: oneOf(ENERGY_TYPES, s.energy),
    priority: oneOf(LEVELS, s.priority),
    sort: oneOf(PROTOTYPE_SORTS, s.sort),
    stage: oneOf(PROTOTYPE_STAGES, s.stage),
    reviewer: uuid(s.reviewer),
    scorecard: flag(s.scorecard) || undefined,
    overdue: flag(s.overdue) || undefined,
    cursor: text(s.cursor),
    dir: oneOf(DIRECTIONS, s.dir),
    view: oneOf(PROTOTYPE_VIEWS, s.view),
    mine: flag(s.mine) || undefined,
    uq: text(s.uq),
    role: oneOf(ROLES, s.role),
    ustatus: oneOf(USER_STATUSES, s.ustatus),
    usort: oneOf(USER_SORTS, s.usort),
    ucursor: text(s.ucursor),
    udir: oneOf(DIRECTIONS, s.udir),
    auser: text(s.auser),
    aaction: text(s.aaction, 100),
    acursor: text(s.acursor),
    adir: oneOf(DIRECTIONS, s.adir),
  };
}

export function prototypeQueryInput(s: AdminSearch): PrototypeListInput {
  return {
    search: s.q,
    status: s.status,
    energyType: s.energy,
    priority: s.priority,
    sort: s.sort ?? 'newest',
    ...(s.stage ? { stage: s.stage } : {}),
    ...(s.reviewer ? { reviewer: s.reviewer } : {}),
    ...(s.scorecard ? { needsMyScorecard: true } : {}),
    ...(s.overdue ? { overdue: true } : {}),
    cursor: s.cursor,
    direction: s.dir ?? 'next',
    limit: ADMIN_PAGE_SIZE,
  };
}

export function boardQueryInput(s: AdminSearch): PipelineBoardInput {
  return { energyType: s.energy, priority: s.priority, mine: s.mine ?? false };
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
