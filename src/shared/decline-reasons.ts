// Why a prototype or its quote was declined (issue 33, point 6; ADR 0048): the categories an admin
// picks beside the written reason, and what the seller reads for each, in plain words, with what they
// could do next. One table for the server, the admin's dialogs and the seller's page.

export const DECLINE_CATEGORIES = ['technical_maturity', 'commercial_fit', 'ip_position', 'regulatory', 'duplicate', 'other'] as const;
export type DeclineCategory = (typeof DECLINE_CATEGORIES)[number];

export const DECLINE_REASONS: Record<DeclineCategory, { label: string; sellerText: string; nextStep: string }> = {
  technical_maturity: {
    label: 'Technical maturity',
    sellerText: 'The technology is not yet mature enough for us to take on.',
    nextStep: 'Test results from a working prototype (a higher readiness level) would let us look again: submit it anew when you have them.',
  },
  commercial_fit: {
    label: 'Commercial fit',
    sellerText: 'We do not see a market for it that fits what we can bring to it today.',
    nextStep: 'Evidence of demand (letters of intent, pilots, a named first customer) would change that picture.',
  },
  ip_position: {
    label: 'Intellectual property',
    sellerText: 'The protection or ownership of the invention is not clear enough for us to go further.',
    nextStep: 'A filed patent application, or a written agreement with every co-owner, would let us reconsider.',
  },
  regulatory: {
    label: 'Regulatory path',
    sellerText: 'The path to the licences and approvals it needs is too uncertain for us today.',
    nextStep: 'A regulator’s pre-application feedback or a licensing plan by a specialist would help a new submission.',
  },
  duplicate: {
    label: 'Duplicate',
    sellerText: 'It repeats a prototype already submitted to us.',
    nextStep: 'Follow the earlier submission, or write to us if this one differs in a way we missed.',
  },
  other: {
    label: 'Other',
    sellerText: 'It was declined for a reason given in the note below.',
    nextStep: 'Write to the team from your messages if you would like to talk it through.',
  },
};

export function isDeclineCategory(value: unknown): value is DeclineCategory {
  return typeof value === 'string' && (DECLINE_CATEGORIES as readonly string[]).includes(value);
}
