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
] as const;

export const CAPABILITIES = [...SELLER_CAPABILITIES, ...ADMIN_ONLY_CAPABILITIES] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const ROLE_CAPABILITIES: Record<'user' | 'admin', readonly Capability[]> = {
  user: SELLER_CAPABILITIES,
  admin: CAPABILITIES,
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
};
