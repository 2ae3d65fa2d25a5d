// What a user may do, by name. The names are part of the REST contract (issue 15): each role has its
// defaults, and a user_permissions row grants or revokes one capability for one user, optionally until
// a time. src/server/domain/permissions.ts is the one check every procedure goes through.

export const SELLER_CAPABILITIES = ['prototypes.submit', 'documents.upload', 'messages.reply', 'tickets.open', 'reports.file'] as const;

export const ADMIN_ONLY_CAPABILITIES = [
  'prototypes.review',
  'prototypes.quote',
  'users.manage',
  'payouts.manage',
  'notifications.bulk',
  'permissions.manage',
  'compliance.manage',
] as const;

export const CAPABILITIES = [...SELLER_CAPABILITIES, ...ADMIN_ONLY_CAPABILITIES] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * Capabilities no role holds by default: only a per-user grant gives them (ADR 0050). The first
 * administrator of an empty database is granted `compliance.manage` (first-admin.ts); its holders
 * grant it to others and keep at least one holder for good (domain/permission-overrides.ts).
 */
export const GRANTED_ONLY_CAPABILITIES = ['compliance.manage'] as const satisfies readonly Capability[];

export function isGrantedOnly(capability: Capability): boolean {
  return (GRANTED_ONLY_CAPABILITIES as readonly string[]).includes(capability);
}

export const ROLE_CAPABILITIES: Record<'user' | 'admin', readonly Capability[]> = {
  user: SELLER_CAPABILITIES,
  admin: CAPABILITIES.filter((capability) => !isGrantedOnly(capability)),
};

export function isAdminOnlyCapability(capability: Capability): boolean {
  return (ADMIN_ONLY_CAPABILITIES as readonly string[]).includes(capability);
}

/** What each capability lets its holder do, for the permissions screen. */
export const CAPABILITY_LABELS: Record<Capability, string> = {
  'prototypes.submit': 'Submit prototypes',
  'documents.upload': 'Upload documents',
  'messages.reply': 'Reply to messages',
  'tickets.open': 'Open support tickets',
  'reports.file': 'File concern reports',
  'prototypes.review': 'Review prototypes',
  'prototypes.quote': 'Quote prices',
  'users.manage': 'Manage users',
  'payouts.manage': 'Manage payouts',
  'notifications.bulk': 'Send bulk notifications',
  'permissions.manage': 'Manage permissions',
  'compliance.manage': 'Manage export compliance',
};

/**
 * What each capability lets its holder do, in words that finish "Lets them …", "They can no longer …"
 * and "You cannot … right now" (the grant form and the screens that explain a revocation).
 */
export const CAPABILITY_ACTIONS: Record<Capability, string> = {
  'prototypes.submit': 'submit prototypes',
  'documents.upload': 'upload documents',
  'messages.reply': 'reply to messages, write to the team or answer information requests',
  'tickets.open': 'open or follow support tickets',
  'reports.file': 'report concerns',
  'prototypes.review': 'review prototypes (decisions, stages, evaluations, information requests)',
  'prototypes.quote': 'quote prices and accept or reject quotes',
  'users.manage': 'manage users (status, passwords, messages, tickets and reports)',
  'payouts.manage': 'see and make payouts',
  'notifications.bulk': 'send bulk notifications',
  'permissions.manage': "grant and revoke other users' capabilities",
  'compliance.manage': 'classify prototypes for export control, decide denied-party screening hits and see prototypes on compliance hold',
};

/**
 * Which capabilities an administrator may grant to or revoke from a user of each role (ADR 0036):
 * the permission form offers these and the server refuses the rest (400). A role's own capabilities
 * and no more: every procedure of an administrator capability also needs the admin role, so a grant
 * to a seller would change nothing. A grant therefore gives back what a revocation took away (for a
 * while, or until further notice); an administrator may also be granted what no role holds by default
 * (`compliance.manage`, ADR 0050).
 */
export const OVERRIDABLE_CAPABILITIES: Record<'user' | 'admin', readonly Capability[]> = {
  user: ROLE_CAPABILITIES.user,
  admin: CAPABILITIES,
};

export function canOverride(role: 'user' | 'admin', capability: Capability): boolean {
  return OVERRIDABLE_CAPABILITIES[role].includes(capability);
}

/** A capability as a user holds it now (permissions.forUser's rows). */
export interface HeldCapability {
  permission: Capability;
  allowed: boolean;
  /** The end of the deciding override, if one decides and ends. */
  until: Date | null;
}

/** Whether an actor who holds `actorHolds` may change `capability` for others: one no role holds, only its holders (ADR 0050). */
export function mayChange(capability: Capability, actorHolds: readonly Capability[]): boolean {
  return !isGrantedOnly(capability) || actorHolds.includes(capability);
}

/**
 * What the form offers to grant: what this user's role allows that they do not hold now, and that the
 * acting administrator (holding `actorHolds`) may change.
 */
export function grantChoices(role: 'user' | 'admin', held: readonly HeldCapability[], actorHolds: readonly Capability[] = CAPABILITIES): Capability[] {
  return held.filter((c) => !c.allowed && canOverride(role, c.permission) && mayChange(c.permission, actorHolds)).map((c) => c.permission);
}

/** What the form offers to revoke: everything this user's role allows (a second revocation sets a new end) that the actor may change. */
export function revokeChoices(role: 'user' | 'admin', actorHolds: readonly Capability[] = CAPABILITIES): Capability[] {
  return OVERRIDABLE_CAPABILITIES[role].filter((capability) => mayChange(capability, actorHolds));
}

/**
 * In words, what a grant or revocation until `until` (null: no end) changes for a user who holds
 * `current` now; `written` writes a date as the screen does.
 */
export function changeEffect(granted: boolean, current: HeldCapability, until: Date | null, written: (date: Date) => string): string {
  const action = CAPABILITY_ACTIONS[current.permission];
  const now = current.until ? `until ${written(current.until)}` : 'until further notice';
  if (granted) {
    if (current.allowed) return `They can already ${action}: a grant changes nothing now.`;
    if (!until) return `Lets them ${action} again, with no end. (Now revoked ${now}.)`;
    const revocationOutlasts = current.until === null || current.until > until;
    return `Lets them ${action} again until ${written(until)}${revocationOutlasts ? `, then the revocation (${now}) applies again` : ''}.`;
  }
  const end = until ? `until ${written(until)}` : 'until further notice';
  if (!current.allowed) return `They already cannot ${action} (${now}); this revocation decides from now on, ${end}. They see your reason.`;
  return `They can no longer ${action}, ${end}. The screens that offer it say so, with your reason.`;
}
