// Business constants of product-spec section 9 and the value lists of sections 3-5, shared by server and client.

export const ENERGY_TYPES = ['nuclear', 'natural', 'quantum', 'zero-point', 'solar', 'other'] as const;
export type EnergyType = (typeof ENERGY_TYPES)[number];
export const ENERGY_TYPE_LABELS: Record<EnergyType, string> = {
  nuclear: 'Nuclear Fusion',
  natural: 'Natural Energy',
  quantum: 'Quantum Energy',
  'zero-point': 'Zero-Point Energy',
  solar: 'Advanced Solar',
  other: 'Other',
};

export const PROTOTYPE_STATUSES = ['submitted', 'under_review', 'approved', 'rejected', 'quoted', 'accepted', 'in_development', 'active'] as const;
export type PrototypeStatus = (typeof PROTOTYPE_STATUSES)[number];

/** The evaluation stages in order; a prototype may also be closed. */
export const PIPELINE_STAGES = ['initial_review', 'technical_evaluation', 'commercial_evaluation', 'negotiation', 'development', 'deployment'] as const;

export const USER_STATUSES = ['active', 'restricted', 'banned'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const CONTACT_SUBJECTS = ['prototype', 'partnership', 'investment', 'general'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  prototype: 'Prototype Submission',
  partnership: 'Partnership Inquiry',
  investment: 'Investment Opportunity',
  general: 'General Inquiry',
};

export const MIN_PASSWORD_LENGTH = 6;
export const GENERATED_PASSWORD_LENGTH = 12;
export const GENERATED_PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*';
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const QUOTES_PANEL_LIMIT = 5;
export const RECENT_TRANSACTIONS_LIMIT = 3;

/** Redirect delays in milliseconds (section 9). */
export const REDIRECT_AFTER_LOGIN_MS = 100;
export const REDIRECT_UNAUTHENTICATED_SUBMIT_MS = 1000;
export const REDIRECT_AFTER_UNAUTHORIZED_SUBMIT_MS = 500;
export const REDIRECT_LOGGED_OUT_DASHBOARD_MS = 500;

export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const UPLOAD_ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
/** An answer to an information request may also carry test data: spreadsheets and plain text (issue 34, point 14). */
export const INFO_ANSWER_ACCEPTED_EXTENSIONS = [...UPLOAD_ACCEPTED_EXTENSIONS, 'xlsx', 'xls', 'csv', 'tsv', 'txt'] as const;

export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** Priority, risk and market levels. */
export const LEVELS = ['low', 'medium', 'high'] as const;
export type Level = (typeof LEVELS)[number];

/** Admin lists (issue 5): page sizes and sort orders. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
export const PROTOTYPE_SORTS = ['newest', 'oldest', 'name', 'feasibility', 'viability'] as const;
export const USER_SORTS = ['newest', 'oldest', 'email'] as const;

/** The admin inbox's filters: threads (with a reply, or all) and contact requests. */
export const INBOX_FILTERS = ['replied', 'all'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
export const CONTACT_FILTERS = ['open', 'handled', 'all'] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];

/** Transaction (payout) statuses. */
export const PAYOUT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Most calls one /trpc request may carry; the server refuses larger batches with 400. */
export const TRPC_MAX_BATCH_SIZE = 10;
