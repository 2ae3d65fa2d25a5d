// Export control (issue 32, ADR 0050): the screening questions a seller answers at submission, their
// plain-language help, the compliance states and the words screens use. A tool for the company's
// compliance officers, not legal advice: every screen that shows these says so.

export const NOT_LEGAL_ADVICE = 'This is a tool for the company’s compliance officers, not legal advice.';

/** The yes/no questions, in the order the form asks them. Any "yes" puts the prototype on hold. */
export const SCREENING_TRIGGERS = ['hydrogenIsotopeSeparation', 'tritium', 'enrichment', 'reactorComponents', 'militaryOrSpace'] as const;
export type ScreeningTrigger = (typeof SCREENING_TRIGGERS)[number];

export const SCREENING_QUESTIONS: Record<ScreeningTrigger, { question: string; help: string }> = {
  hydrogenIsotopeSeparation: {
    question: 'Does the technology involve hydrogen-isotope separation?',
    help: 'For example separating deuterium or tritium from ordinary hydrogen or water.',
  },
  tritium: {
    question: 'Does it involve handling or breeding tritium?',
    help: 'Storing, processing or producing tritium, for example in a fusion blanket.',
  },
  enrichment: {
    question: 'Does it involve uranium or lithium enrichment?',
    help: 'Raising the share of one isotope, such as uranium-235 or lithium-6.',
  },
  reactorComponents: {
    question: 'Does it include reactor or fuel-cycle components?',
    help: 'Parts made for nuclear reactors, fuel fabrication, reprocessing or waste handling.',
  },
  militaryOrSpace: {
    question: 'Does it have a military or space use?',
    help: 'Designed or adapted for defence, weapons, satellites or launch vehicles.',
  },
};

export const KNOWN_CLASSIFICATIONS = ['ear99', 'eccn', 'part810', 'unknown'] as const;
export type KnownClassification = (typeof KNOWN_CLASSIFICATIONS)[number];

export const KNOWN_CLASSIFICATION_LABELS: Record<KnownClassification, string> = {
  ear99: 'EAR99 (not on the Commerce Control List)',
  eccn: 'An ECCN (Export Control Classification Number)',
  part810: 'DOE Part 810 (nuclear technology assistance)',
  unknown: 'I don’t know',
};

export const CLASSIFICATION_QUESTION = 'What export classification do you know for it?';
export const CLASSIFICATION_HELP =
  'If your institution’s export office has classified it, choose that. If you are not sure, choose “I don’t know”: our compliance officers will look at it.';

/** A compliance officer's record (point 3). */
export const JURISDICTIONS = ['ear', 'part810', 'itar', 'none'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];
export const CLASSIFICATION_BASES = ['self', 'ccats', 'counsel', 'doe'] as const;
export type ClassificationBasis = (typeof CLASSIFICATION_BASES)[number];

/** The officer's choices in plain words (the classification screen, the history). */
export const JURISDICTION_LABELS: Record<Jurisdiction, string> = {
  ear: 'EAR: Commerce Department (Export Administration Regulations)',
  part810: 'DOE Part 810: nuclear technology assistance',
  itar: 'ITAR: State Department (defence articles)',
  none: 'None: not subject to US export rules',
};
export const BASIS_LABELS: Record<ClassificationBasis, string> = {
  self: 'Our own classification',
  ccats: 'A Commerce ruling (CCATS)',
  counsel: 'Advice of export counsel',
  doe: 'A Department of Energy determination',
};

export const COMPLIANCE_STATES = ['unscreened', 'hold', 'controlled', 'not_controlled'] as const;
export type ComplianceState = (typeof COMPLIANCE_STATES)[number];

export const COMPLIANCE_STATE_LABELS: Record<ComplianceState, string> = {
  unscreened: 'Unscreened',
  hold: 'Compliance hold',
  controlled: 'Classified: controlled',
  not_controlled: 'Not controlled',
};

/** What the seller sees of the compliance state, and nothing else (point 2). */
export const SELLER_SCREENING_NOTICES = {
  action_needed: 'Action needed: please answer the export screening questions for this prototype.',
  in_progress: 'Export screening in progress',
} as const;
export type SellerScreeningNotice = keyof typeof SELLER_SCREENING_NOTICES;

/** Denied-party screening (point 5). */
export const HIT_STATUSES = ['open', 'false_positive', 'confirmed'] as const;
export type HitStatus = (typeof HIT_STATUSES)[number];
export const HIT_DECISIONS = ['false_positive', 'confirmed'] as const;
export type HitDecision = (typeof HIT_DECISIONS)[number];
export const SCREENING_OCCASIONS = ['registration', 'payout_account', 'payout'] as const;
export type ScreeningOccasion = (typeof SCREENING_OCCASIONS)[number];

/** Cleared people (point 4): each administrator's export status, recorded by a compliance officer. */
export const EXPORT_STATUSES = ['us_person', 'foreign_person', 'unknown'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_STATUS_LABELS: Record<ExportStatus, string> = {
  us_person: 'U.S. person',
  foreign_person: 'Foreign person',
  unknown: 'Unknown',
};

/** What of a controlled item was released or refused, why it was released, and why refused. */
export const RELEASE_CHANNELS = ['document_copy', 'page_view', 'fields'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];
export const RELEASE_CHANNEL_LABELS: Record<ReleaseChannel, string> = {
  document_copy: 'Document copy',
  page_view: 'Page view',
  fields: 'Confidential fields',
};
export const RELEASE_BASES = ['us_person', 'authorization'] as const;
export type ReleaseBasis = (typeof RELEASE_BASES)[number];
export const REFUSAL_REASONS = ['status_unknown', 'no_authorization', 'authorization_expired'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
export const REFUSAL_REASON_LABELS: Record<RefusalReason, string> = {
  status_unknown: 'Export status not recorded',
  no_authorization: 'Foreign person without an authorization',
  authorization_expired: 'Authorization expired',
};

/** Authorizations that expire within this many days are listed on the compliance dashboard (point 6). */
export const AUTHORIZATION_EXPIRY_WARNING_DAYS = 30;
